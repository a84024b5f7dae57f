import { HttpResponse, delay, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import * as f from '../../test/support/apiFixtures'
import {
  LinekitError,
  createLinekitClient,
  endpoints,
  endpointsById,
  inboundCallsQuerySchema,
  inboundCallsResponseSchema,
  messageSearchQuerySchema,
  messageSearchResponseSchema,
} from './index'
import type { LinekitClient } from './index'

const BASE = 'http://api.test'
const APP = 'http://app.test'
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** Record requests that reach the network. */
function recorder() {
  const requests: Request[] = []
  server.events.on('request:start', ({ request }) => {
    requests.push(request.clone())
  })
  return requests
}
afterEach(() => server.events.removeAllListeners())

/** A client that checks every call against the schemas (`schemas: endpointsById`). */
const client = (extra: Partial<Parameters<typeof createLinekitClient>[0]> = {}) =>
  createLinekitClient({ baseUrl: `${BASE}/`, headers: { authorization: 'Bearer k' }, schemas: endpointsById, ...extra })

async function caught(p: Promise<unknown>): Promise<LinekitError> {
  try {
    await p
  } catch (e) {
    expect(LinekitError.is(e)).toBe(true)
    return e as LinekitError
  }
  throw new Error('expected a rejection')
}

describe('request shape and response parsing', () => {
  it('sendMessage posts JSON with the per-call idempotency key and parses the response', async () => {
    let seen: { body: unknown; auth: string | null; type: string | null } | undefined
    server.use(
      http.post(`${BASE}/send-api-message`, async ({ request }) => {
        seen = {
          body: await request.json(),
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
        }
        return HttpResponse.json({ ...f.sendMessageResponse, extraField: 1 })
      }),
    )
    const res = await client().sendMessage(
      { phone: '+14155550124', message: 'hi', effect: 'slam' },
      { idempotencyKey: 'k-1' },
    )
    expect(seen).toEqual({
      body: { phone: '+14155550124', message: 'hi', effect: 'slam', idempotencyKey: 'k-1' },
      auth: 'Bearer k',
      type: 'application/json',
    })
    expect(res.status).toBe('done')
    expect(res).toHaveProperty('extraField', 1)
  })

  it('getMessages sends the query string and parses the list', async () => {
    let url: URL | undefined
    server.use(
      http.get(`${BASE}/get-messages-api`, ({ request }) => {
        url = new URL(request.url)
        return HttpResponse.json(f.messagesList)
      }),
    )
    const res = await client().getMessages({
      limit: 50,
      offset: 100,
      direction: 'inbound',
      from_number: '+14155550124',
    })
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      limit: '50',
      offset: '100',
      direction: 'inbound',
      from_number: '+14155550124',
    })
    expect(res.data[0]?.message_handle).toBe('pbm_abc')
  })

  it('getMessage puts the encoded handle in the path', async () => {
    let path = ''
    server.use(
      http.get(`${BASE}/get-message-api/:handle`, ({ request, params }) => {
        path = new URL(request.url).pathname
        expect(params['handle']).toBe('pbm_a/b')
        return HttpResponse.json(f.messageRecord)
      }),
    )
    await client().getMessage('pbm_a/b')
    expect(path).toBe('/get-message-api/pbm_a%2Fb')
  })

  it('sendGroupMessage sends the numbers as typed: the service normalizes and de-duplicates them', async () => {
    let body: unknown
    server.use(
      http.post(`${BASE}/send-group-message`, async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(f.groupSendResponse)
      }),
    )
    await client().sendGroupMessage({ numbers: ['(415) 555-0124', '+14155550124', '415.555.0125'], message: 'hi' })
    expect(body).toEqual({ numbers: ['(415) 555-0124', '+14155550124', '415.555.0125'], message: 'hi' })
  })

  it('mintVoiceToken posts to <appUrl>/api/v1/dialer/token, else to <baseUrl>/dialer/token', async () => {
    const hits: string[] = []
    server.use(
      http.post(`${APP}/api/v1/dialer/token`, ({ request }) => {
        hits.push(request.url)
        return HttpResponse.json(f.voiceToken)
      }),
      http.post(`${BASE}/dialer/token`, ({ request }) => {
        hits.push(request.url)
        return HttpResponse.json(f.voiceToken)
      }),
    )
    await client({ appUrl: APP }).mintVoiceToken({ lineId: f.LINE_ID })
    await client().mintVoiceToken({ lineId: f.LINE_ID })
    expect(hits).toEqual([`${APP}/api/v1/dialer/token`, `${BASE}/dialer/token`])
  })

  it('calls a headers function per request and lets per-call headers override it', async () => {
    const seen: Array<string | null> = []
    server.use(
      http.get(`${BASE}/get-lines`, ({ request }) => {
        seen.push(request.headers.get('authorization'))
        return HttpResponse.json([f.line])
      }),
    )
    let n = 0
    const c = createLinekitClient({ baseUrl: BASE, headers: async () => ({ authorization: `Bearer t${++n}` }) })
    await c.getLines()
    await c.getLines({ headers: { authorization: 'Bearer override' } })
    expect(seen).toEqual(['Bearer t1', 'Bearer override'])
  })

  it('marks state-changing requests with the CSRF header linekit/server expects, unless turned off', async () => {
    const seen: Array<[string, string | null]> = []
    server.use(
      http.post(`${BASE}/send-typing-indicator`, ({ request }) => {
        seen.push(['POST', request.headers.get('x-linekit-csrf')])
        return HttpResponse.json({ status: 'SENT', number: '+14155550124', error_message: null })
      }),
      http.get(`${BASE}/get-lines`, ({ request }) => {
        seen.push(['GET', request.headers.get('x-linekit-csrf')])
        return HttpResponse.json([])
      }),
    )
    await client().sendTyping({ phoneNumber: '+14155550124' })
    await client().getLines()
    await client({ csrfHeader: false }).sendTyping({ phoneNumber: '+14155550124' })
    expect(seen).toEqual([
      ['POST', '1'],
      ['GET', null],
      ['POST', null],
    ])
  })

  it('getLines accepts the trial descriptor', async () => {
    server.use(http.get(`${BASE}/get-lines`, () => HttpResponse.json({ trial: true })))
    expect(await client().getLines()).toEqual({ trial: true })
  })

  it('has one method per endpoint, each reaching its method and path', async () => {
    const c = client({ appUrl: APP }) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>
    const inputs: Record<string, unknown[]> = {
      sendMessage: [{ phone: '+14155550124', message: 'x' }],
      sendGroupMessage: [{ numbers: ['+14155550124', '+14155550125'], message: 'x' }],
      getMessages: [],
      getMessage: ['pbm_1'],
      getLines: [],
      checkAvailability: [{ phone: '+14155550124' }],
      createContact: [{ phone: '+14155550124' }],
      updateContact: [{ contactId: 'c_1' }],
      listContacts: [],
      listWorkflows: [],
      enrollFlow: [{ flowId: 'f', phoneNumber: '+14155550124' }],
      cancelRun: [{ runId: 1 }],
      getEffects: [],
      sendTyping: [{ phoneNumber: '+14155550124' }],
      sendReaction: [{ messageHandle: 'pbm_1', reaction: 'love' }],
      startCall: [{ pb_line_id: f.LINE_ID, phone_number: '+14155550124' }],
      answerCall: [{ call_uuid: 'c' }],
      declineCall: [{ call_uuid: 'c' }],
      endCall: [{ call_uuid: 'c' }],
      getCallStatus: [{ call_uuid: 'c' }],
      getCallLogs: [],
      mintVoiceToken: [{ lineId: f.LINE_ID }],
    }
    const responses: Record<string, unknown> = {
      sendMessage: f.sendMessageResponse,
      sendGroupMessage: f.groupSendResponse,
      getMessages: f.messagesList,
      getMessage: f.messageRecord,
      getLines: [f.line],
      checkAvailability: f.availability,
      createContact: f.contactResponse,
      updateContact: f.contactResponse,
      listContacts: f.contactsList,
      listWorkflows: f.workflows,
      enrollFlow: f.enrollResponse,
      cancelRun: f.cancelRunResponse,
      getEffects: f.effectsResponse,
      sendTyping: f.typingResponse,
      sendReaction: f.reactionResponse,
      startCall: f.startCallResponse,
      answerCall: f.answerCallResponse,
      declineCall: f.declineCallResponse,
      endCall: f.endCallResponse,
      getCallStatus: f.callStatusResponse,
      getCallLogs: f.callLogsList,
      mintVoiceToken: f.voiceToken,
    }
    for (const e of endpoints) {
      const host = e.host === 'app' ? APP : BASE
      const reached: string[] = []
      server.use(
        http.all(`${host}${e.path}`, ({ request }) => {
          reached.push(request.method)
          return HttpResponse.json(responses[e.id] as object)
        }),
      )
      expect(typeof c[e.id], e.id).toBe('function')
      await c[e.id]!(...inputs[e.id]!)
      expect(reached, e.id).toEqual([e.method])
      server.resetHandlers()
    }
    // …plus the routes linekit/server serves itself.
    expect(Object.keys(c).sort()).toEqual(
      [...endpoints.map((e) => e.id), 'listInboundCalls', 'searchMessages', 'listGroups'].sort(),
    )
  })
})

describe("listInboundCalls: linekit/server's own route", () => {
  const item = {
    call_uuid: 'c1',
    pb_line_id: '3f6c1a52-8d4e-4b7a-9c21-5e8f0a1b2c3d',
    from: '+14155550199',
    linePhoneNumber: '+14155550100',
    state: 'ended',
    status: 'no_answer',
    ringingAt: '2026-01-01T00:00:00Z',
    answeredAt: null,
    endedAt: '2026-01-01T00:01:00Z',
  }
  const schemas = {
    ...endpointsById,
    listInboundCalls: { request: inboundCallsQuerySchema, response: inboundCallsResponseSchema },
  }

  it('GETs <baseUrl>/calls/inbound with its query and checks the answer with the given schema', async () => {
    const requests = recorder()
    server.use(http.get(`${BASE}/calls/inbound`, () => HttpResponse.json({ data: [item] })))
    const c = client({ schemas })
    await expect(c.listInboundCalls({ lineId: item.pb_line_id, limit: 5 })).resolves.toEqual({ data: [item] })
    expect(requests.map((r) => r.url)).toEqual([`${BASE}/calls/inbound?lineId=${item.pb_line_id}&limit=5`])
    server.use(http.get(`${BASE}/calls/inbound`, () => HttpResponse.json({ data: [{ ...item, state: 'gone' }] })))
    expect((await caught(c.listInboundCalls())).code).toBe('invalid_response')
    expect((await caught(c.listInboundCalls({ limit: 500 }))).code).toBe('invalid_request')
  })

  it('turns a 404 (a server without a read model) into a LinekitError naming the route', async () => {
    server.use(
      http.get(`${BASE}/calls/inbound`, () =>
        HttpResponse.json({ error: 'no history', code: 'not_found', hint: 'h' }, { status: 404 }),
      ),
    )
    const error = await caught(client().listInboundCalls())
    expect(error.status).toBe(404)
    expect(error.endpoint).toBe('listInboundCalls')
  })
})

describe("searchMessages: linekit/server's own route", () => {
  const record = {
    message_handle: 'pbm_1',
    content: 'Your tracking number is 1Z999',
    from_number: '+14155550199',
    to_number: '+14155550100',
    line_id: '3f6c1a52-8d4e-4b7a-9c21-5e8f0a1b2c3d',
    service: 'SMS',
    direction: 'inbound',
    status: 'delivered',
    created_at: '2026-01-01T00:00:00Z',
    sent_at: '2026-01-01T00:00:00Z',
    media_attachment_url: null,
    voice_attachment_url: null,
  }
  const schemas = {
    ...endpointsById,
    searchMessages: { request: messageSearchQuerySchema, response: messageSearchResponseSchema },
  }

  it('GETs <baseUrl>/search with its query and checks the answer with the given schema', async () => {
    const requests = recorder()
    const answer = { data: [record], more: false, since: '2025-12-25T00:00:00.000Z' }
    server.use(http.get(`${BASE}/search`, () => HttpResponse.json(answer)))
    const c = client({ schemas })
    await expect(c.searchMessages({ q: 'tracking number', limit: 5 })).resolves.toEqual(answer)
    expect(requests.map((r) => r.url)).toEqual([`${BASE}/search?q=tracking+number&limit=5`])
    server.use(http.get(`${BASE}/search`, () => HttpResponse.json({ data: [record] })))
    expect((await caught(c.searchMessages({ q: 'x' }))).code).toBe('invalid_response')
    expect((await caught(c.searchMessages({ q: 'x'.repeat(101) }))).code).toBe('invalid_request')
  })
})

describe('input validation: nothing is sent for input the service would reject', () => {
  const cases: Array<[string, (c: LinekitClient) => Promise<unknown>, RegExp]> = [
    ['limit above 100', (c) => c.getMessages({ limit: 101 }), /limit/],
    ['offset + limit above 2000', (c) => c.getCallLogs({ offset: 1950, limit: 51 }), /offset \+ limit/],
    [
      'from_number with outbound',
      (c) => c.getMessages({ from_number: '+14155550124', direction: 'outbound' }),
      /from_number/,
    ],
    ['to_number with inbound', (c) => c.getMessages({ to_number: '+14155550124', direction: 'inbound' }), /to_number/],
    ['no message and no attachment', (c) => c.sendMessage({ phone: '+14155550124' }), /message is required/],
    ['unknown effect', (c) => c.sendMessage({ phone: '+1', message: 'x', effect: 'sparkle' as never }), /effect/],
    ['non-v4 lineId', (c) => c.sendMessage({ phone: '+1', message: 'x', lineId: 'line-1' }), /lineId/],
    [
      'oversized customFields',
      (c) => c.createContact({ phone: '+1', customFields: { k: 'a'.repeat(10_000) } }),
      /customFields/,
    ],
    [
      'two attachments on a group',
      (c) =>
        c.sendGroupMessage({
          numbers: ['+14155550124', '+14155550125'],
          mediaAttachmentUrl: 'https://x.test/a',
          audioAttachmentUrl: 'https://x.test/b',
        }),
      /at most one attachment/,
    ],
    ['a handle without pbm_', (c) => c.getMessage('pbg_1'), /pbm_/],
    ['mint without a UUID v4 lineId', (c) => c.mintVoiceToken({ lineId: 'x' }), /lineId/],
  ]
  it.each(cases)('%s', async (_, run, message) => {
    const requests = recorder()
    server.use(http.all('*', () => HttpResponse.json({})))
    const error = await caught(run(client({ appUrl: APP })))
    expect(error).toMatchObject({ status: 0, code: 'invalid_request', retrySafe: false })
    expect(error.message).toMatch(message)
    expect(requests).toHaveLength(0)
  })
})

describe('error paths', () => {
  it('JSON error with a string `error`, code and hint', async () => {
    server.use(
      http.post(`${BASE}/send-api-message`, () =>
        HttpResponse.json(
          { error: 'effect is native-chat only', code: 'invalid_request', hint: 'Remove the effect' },
          { status: 400 },
        ),
      ),
    )
    const e = await caught(client().sendMessage({ phone: '+14155550124', message: 'x', effect: 'slam' }))
    expect(e).toMatchObject({
      status: 400,
      code: 'invalid_request',
      hint: 'Remove the effect',
      message: 'effect is native-chat only',
      retrySafe: false,
      endpoint: 'sendMessage',
    })
    expect(e).toBeInstanceOf(Error)
  })

  it('JSON error with an object `error`', async () => {
    server.use(
      http.post(`${BASE}/enroll-flow`, () =>
        HttpResponse.json(
          { error: { message: 'Contact opted out', code: 'opted_out', hint: 'Ask them to opt in' } },
          { status: 403 },
        ),
      ),
    )
    const e = await caught(client().enrollFlow({ flowId: 'f', phoneNumber: '+14155550124' }))
    expect(e).toMatchObject({
      status: 403,
      code: 'opted_out',
      message: 'Contact opted out',
      hint: 'Ask them to opt in',
    })
  })

  it('a JSON error without code gets a code from its status', async () => {
    server.use(http.get(`${BASE}/get-lines`, () => HttpResponse.json({ error: 'Missing key' }, { status: 401 })))
    expect(await caught(client().getLines())).toMatchObject({
      status: 401,
      code: 'unauthorized',
      message: 'Missing key',
    })
  })

  it('409 group conflict keeps devicePhoneNumber in body', async () => {
    server.use(
      http.post(`${BASE}/send-group-message`, () =>
        HttpResponse.json({ ...f.groupConflict, code: 'group_line_conflict' }, { status: 409 }),
      ),
    )
    const e = await caught(client().sendGroupMessage({ numbers: ['+14155550124', '+14155550125'], message: 'x' }))
    expect(e.status).toBe(409)
    expect(e.body).toMatchObject({ devicePhoneNumber: '+14155550199' })
  })

  it('non-JSON 502 from a proxy becomes a LinekitError, and a token_unavailable on the mint', async () => {
    server.use(
      http.get(
        `${BASE}/get-lines`,
        () =>
          new HttpResponse('<html>Bad Gateway</html>', {
            status: 502,
            statusText: 'Bad Gateway',
            headers: { 'content-type': 'text/html' },
          }),
      ),
      http.post(`${APP}/api/v1/dialer/token`, () => new HttpResponse('upstream down', { status: 503 })),
    )
    const lines = await caught(client().getLines())
    expect(lines).toMatchObject({ status: 502, code: 'bad_gateway', retrySafe: true, body: undefined })
    expect(lines.message).toMatch(/502/)
    const mint = await caught(client({ appUrl: APP }).mintVoiceToken({ lineId: f.LINE_ID }))
    expect(mint).toMatchObject({
      status: 503,
      code: 'service_unavailable',
      sdkCode: 'token_unavailable',
      retrySafe: true,
    })
  })

  it('429 with Retry-After: retryAfterSeconds from the header and always retry-safe', async () => {
    server.use(
      http.post(`${BASE}/send-api-message`, () =>
        HttpResponse.json(
          { error: 'Too many requests', code: 'rate_limited' },
          { status: 429, headers: { 'Retry-After': '17' } },
        ),
      ),
    )
    const e = await caught(client().sendMessage({ phone: '+14155550124', message: 'x' }))
    expect(e).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 17, retrySafe: true })
  })

  it('mint 429: retryAfterSeconds from the body when there is no header; sdkCode rate_limited', async () => {
    server.use(
      http.post(`${APP}/api/v1/dialer/token`, () =>
        HttpResponse.json({ error: 'Slow down', code: 'rate_limited', retryAfterSeconds: 9 }, { status: 429 }),
      ),
    )
    const e = await caught(client({ appUrl: APP }).mintVoiceToken({ lineId: f.LINE_ID }))
    expect(e).toMatchObject({ status: 429, code: 'rate_limited', sdkCode: 'rate_limited', retryAfterSeconds: 9 })
  })

  it.each([
    [401, 'invalid_api_key', 'token_unavailable'],
    [400, 'invalid_line_id', 'line_unavailable'],
    [404, 'line_not_found', 'line_unavailable'],
    [403, 'line_inbound_only', 'line_unavailable'],
    [403, 'line_not_eligible', 'line_unavailable'],
    [403, 'dialer_subscription_required', 'subscription_required'],
    [402, 'account_paywalled', 'account_paywalled'],
    [402, 'dialer_cap_reached', 'cap_reached'],
    [404, 'dialer_not_provisioned', 'not_provisioned'],
    [403, 'api_key_unsupported', 'token_unavailable'],
    [500, 'dialer_misconfigured', 'token_unavailable'],
    [503, 'dialer_unavailable', 'token_unavailable'],
  ] as const)('mint %i %s → sdkCode %s', async (status, code, sdkCode) => {
    const body =
      code === 'dialer_cap_reached'
        ? { error: 'cap', code, used: 60, included: 60, cap: 60, periodEnd: '2026-01-02T00:00:00Z' }
        : { error: code, code }
    server.use(http.post(`${APP}/api/v1/dialer/token`, () => HttpResponse.json(body, { status })))
    const e = await caught(client({ appUrl: APP }).mintVoiceToken({ lineId: f.LINE_ID }))
    expect(e).toMatchObject({ status, code, sdkCode, body })
    expect(e.retrySafe).toBe(status === 503)
  })

  it('network failure → status 0, network_error; retry-safe only when idempotent', async () => {
    server.use(
      http.get(`${BASE}/get-lines`, () => HttpResponse.error()),
      http.post(`${BASE}/send-api-message`, () => HttpResponse.error()),
    )
    expect(await caught(client().getLines())).toMatchObject({ status: 0, code: 'network_error', retrySafe: true })
    expect(await caught(client().sendMessage({ phone: '+1', message: 'x' }))).toMatchObject({
      status: 0,
      code: 'network_error',
      retrySafe: false,
    })
    expect(await caught(client().sendMessage({ phone: '+1', message: 'x' }, { idempotencyKey: 'k' }))).toMatchObject({
      code: 'network_error',
      retrySafe: true,
    })
  })

  it('timeout → status 0, code timeout', async () => {
    server.use(
      http.get(`${BASE}/get-lines`, async () => {
        await delay('infinite')
        return HttpResponse.json([])
      }),
    )
    expect(await caught(client({ timeoutMs: 20 }).getLines())).toMatchObject({
      status: 0,
      code: 'timeout',
      retrySafe: true,
    })
  })

  it("the caller's abort rejects with the abort reason, not a LinekitError", async () => {
    server.use(
      http.get(`${BASE}/get-lines`, async () => {
        await delay('infinite')
        return HttpResponse.json([])
      }),
    )
    const controller = new AbortController()
    const p = client().getLines({ signal: controller.signal })
    controller.abort(new Error('left the page'))
    await expect(p).rejects.toThrow('left the page')
  })

  it('a 200 that breaks the schema → invalid_response with the body', async () => {
    server.use(http.post(`${BASE}/send-api-message`, () => HttpResponse.json({ success: true })))
    const e = await caught(client().sendMessage({ phone: '+1', message: 'x' }))
    expect(e).toMatchObject({ status: 200, code: 'invalid_response', body: { success: true } })
    expect(e.message).toMatch(/status/)
  })

  it('a 200 without JSON → invalid_response', async () => {
    server.use(http.get(`${BASE}/get-lines`, () => new HttpResponse('ok', { status: 200 })))
    expect(await caught(client().getLines())).toMatchObject({ status: 200, code: 'invalid_response' })
  })

  it('LinekitError.is recognises errors from another copy of the class', () => {
    const foreign = Object.assign(new Error('x'), { name: 'LinekitError', status: 400, code: 'invalid_request' })
    expect(LinekitError.is(foreign)).toBe(true)
    expect(LinekitError.is(new Error('x'))).toBe(false)
    expect(LinekitError.is({ name: 'LinekitError', status: 1, code: 'x' })).toBe(false)
  })
})

describe('without schemas (a browser behind linekit/server): the service is the one that checks', () => {
  const plain = () => createLinekitClient({ baseUrl: BASE })

  it("sends input the schemas would refuse and turns the service's 400 into a LinekitError", async () => {
    const requests = recorder()
    server.use(
      http.get(`${BASE}/get-messages-api`, () =>
        HttpResponse.json({ error: 'limit must be at most 100', code: 'invalid_request' }, { status: 400 }),
      ),
    )
    const error = await caught(plain().getMessages({ limit: 101 }))
    expect(requests).toHaveLength(1)
    expect(error).toMatchObject({ status: 400, retrySafe: false })
    expect(error.message).toMatch(/limit/)
  })

  it('returns the JSON body as the server sent it', async () => {
    server.use(http.post(`${BASE}/send-api-message`, () => HttpResponse.json({ success: true, extra: 1 })))
    expect(await plain().sendMessage({ phone: '+1', message: 'x' })).toEqual({ success: true, extra: 1 })
  })

  it('still refuses a message handle that is not one (it becomes a path segment)', async () => {
    const requests = recorder()
    expect(await caught(plain().getMessage('pbg_1'))).toMatchObject({ status: 0, code: 'invalid_request' })
    expect(requests).toHaveLength(0)
  })
})
