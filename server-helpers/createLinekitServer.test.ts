// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import type { LinekitServerOptions, LinekitUser } from './createLinekitServer'
import { createLinekitServer } from './createLinekitServer'
import type { EventBus, LinekitEvent } from './eventBus'
import { createMemoryEventBus } from './eventBus'
import { countingBus } from '../test/unit/server/countingBus'
import {
  KEY,
  LINE_A,
  LINE_B,
  LINE_C,
  NUMBER_A,
  NUMBER_B,
  NUMBER_C,
  fakeUpstream,
  jsonResponse,
} from '../test/unit/server/fakeUpstream'

const ORIGIN = 'https://app.example'
const BASE = 'https://base.example'
const APP = 'https://dialer.example'
const SECRET = 'whsec_0123456789abcdef'

const users: Record<string, LinekitUser> = {
  alice: { userId: 'alice', lineIds: [LINE_A] },
  bob: { userId: 'bob', lineIds: [LINE_B] },
  carol: { userId: 'carol', lineIds: [LINE_A, LINE_B] },
  admin: { userId: 'admin', lineIds: [LINE_A, LINE_B, LINE_C] },
}

function setup(upstreamRoutes: Parameters<typeof fakeUpstream>[0] = {}, extra: Partial<LinekitServerOptions> = {}) {
  const upstream = fakeUpstream(upstreamRoutes)
  const logger = { warn: vi.fn(), error: vi.fn() }
  const server = createLinekitServer({
    apiKey: KEY,
    baseUrl: BASE,
    appUrl: APP,
    webhookSecret: SECRET,
    fetch: upstream.fetch,
    logger,
    authorize: async (request) => users[request.headers.get('x-user') ?? ''] ?? null,
    ...extra,
  })
  return { server, upstream, logger }
}

/** A browser-like request: same origin, signed in as `user`. */
function req(path: string, init: RequestInit & { user?: string; json?: unknown } = {}): Request {
  const headers = new Headers(init.headers)
  if (init.user) headers.set('x-user', init.user)
  const method = init.method ?? (init.json !== undefined ? 'POST' : 'GET')
  if (method === 'POST' && !headers.has('origin')) headers.set('origin', ORIGIN)
  if (init.json !== undefined) headers.set('content-type', 'application/json')
  return new Request(`${ORIGIN}${path}`, {
    ...init,
    method,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  })
}

async function expectNoKey(response: Response) {
  const text = await response.clone().text()
  expect(text).not.toContain(KEY)
  response.headers.forEach((value) => expect(value).not.toContain(KEY))
}

describe('allowlist', () => {
  it('forwards an allowlisted GET with the key added server-side', async () => {
    const { server, upstream } = setup({ 'GET /get-effects': () => jsonResponse({ bubble: ['slam'], screen: [] }) })
    const response = await server.handle(req('/api/linekit/get-effects', { user: 'alice' }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ bubble: ['slam'], screen: [] })
    const [call] = upstream.callsTo('GET', '/get-effects')
    expect(call?.url.origin).toBe(BASE)
    expect(call?.headers.get('authorization')).toBe(`Bearer ${KEY}`)
  })

  it.each([
    '/api/linekit/../get-lines',
    '/api/linekit/get-message-api/..%2Fget-lines',
    '/api/linekit/get-message-api/pbm_1%2F..%2F..%2Fget-lines',
    '/api/linekit/%2e%2e/get-lines',
    '/api/linekit//evil.example/get-lines',
    '/api/linekit/get-lines/extra',
    '/api/linekit/api/mcp',
    '/api/linekit/api/v1/dialer/token',
    '/api/linekit/https:%2F%2Fevil.example%2Fx',
    '/api/linekit/GET-LINES',
    '/api/linekit/',
    '/api/linekit',
    '/other/get-lines',
  ])('refuses %s without calling the upstream', async (path) => {
    const { server, upstream } = setup()
    const response = await server.handle(req(path, { user: 'admin' }))
    expect(response.status).toBe(404)
    expect((await response.json()).code).toBe('not_found')
    expect(upstream.calls).toHaveLength(0)
  })

  it('answers 405 for a known path with the wrong method', async () => {
    const { server, upstream } = setup()
    const response = await server.handle(req('/api/linekit/get-lines', { user: 'admin', method: 'POST', json: {} }))
    expect(response.status).toBe(405)
    expect(upstream.calls).toHaveLength(0)
  })

  it('honours a custom prefix', async () => {
    const { server } = setup({}, { prefix: '/linekit/' })
    expect(server.prefix).toBe('/linekit')
    expect((await server.handle(req('/linekit/get-lines', { user: 'admin' }))).status).toBe(200)
    expect((await server.handle(req('/api/linekit/get-lines', { user: 'admin' }))).status).toBe(404)
  })
})

describe('forwarding', () => {
  it('drops hop-by-hop, encoding and cookie headers, keeps Retry-After on a 429, never echoes the key', async () => {
    const { server } = setup({
      'GET /get-flows': () =>
        new Response(JSON.stringify({ error: `rate limited for key ${KEY}`, code: 'rate_limited' }), {
          status: 429,
          headers: {
            'content-type': 'application/json',
            'retry-after': '17',
            'set-cookie': 'session=upstream',
            'content-encoding': 'gzip',
            connection: 'keep-alive',
            'x-echo': `Bearer ${KEY}`,
          },
        }),
    })
    const response = await server.handle(req('/api/linekit/get-flows', { user: 'alice' }))
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('17')
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('connection')).toBeNull()
    expect(response.headers.get('x-echo')).toBeNull()
    await expectNoKey(response)
    expect((await response.json()).code).toBe('rate_limited')
  })

  it('does not forward the browser cookies or authorization to the service', async () => {
    const { server, upstream } = setup({ 'GET /get-flows': () => jsonResponse({ flows: [] }) })
    await server.handle(
      req('/api/linekit/get-flows', {
        user: 'alice',
        headers: { cookie: 'sid=secret', authorization: 'Bearer user-token' },
      }),
    )
    const [call] = upstream.callsTo('GET', '/get-flows')
    expect(call?.headers.get('cookie')).toBeNull()
    expect(call?.headers.get('authorization')).toBe(`Bearer ${KEY}`)
  })

  it('turns a network failure into 502 and a timeout into 504, in the messaging error shape', async () => {
    const failing = setup({ 'GET /get-flows': () => Promise.reject(new TypeError('fetch failed')) })
    const down = await failing.server.handle(req('/api/linekit/get-flows', { user: 'alice' }))
    expect(down.status).toBe(502)
    expect(await down.json()).toMatchObject({
      code: 'upstream_unavailable',
      error: expect.any(String),
      hint: expect.any(String),
    })

    const slow = setup(
      {
        'GET /get-flows': (call) =>
          new Promise<Response>(() => {
            void call
          }),
      },
      {
        upstreamTimeoutMs: 20,
        // Like a real fetch: reject on abort, also when the timeout fired first (a loaded machine).
        fetch: (request) =>
          new Promise<Response>((_, reject) => {
            if (request.signal.aborted) reject(request.signal.reason)
            else request.signal.addEventListener('abort', () => reject(request.signal.reason))
          }),
      },
    )
    const timedOut = await slow.server.handle(req('/api/linekit/get-flows', { user: 'alice' }))
    expect(timedOut.status).toBe(504)
    expect((await timedOut.json()).code).toBe('upstream_timeout')
  })
})

describe('authorization', () => {
  it('answers 401 when authorize returns null', async () => {
    const { server, upstream } = setup()
    const response = await server.handle(req('/api/linekit/get-lines'))
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'unauthorized', hint: expect.any(String) })
    expect(upstream.calls).toHaveLength(0)
  })

  it('answers with the Response authorize throws', async () => {
    const { server } = setup(
      {},
      {
        authorize: async () => {
          throw new Response('suspended', { status: 403 })
        },
      },
    )
    const response = await server.handle(req('/api/linekit/get-lines'))
    expect(response.status).toBe(403)
    expect(await response.text()).toBe('suspended')
  })

  it('answers 500 without details when authorize fails unexpectedly', async () => {
    const { server, logger } = setup(
      {},
      {
        authorize: async () => {
          throw new Error('db down')
        },
      },
    )
    const response = await server.handle(req('/api/linekit/get-lines'))
    expect(response.status).toBe(500)
    expect(await response.text()).not.toContain('db down')
    expect(logger.error).toHaveBeenCalled()
  })
})

describe('CSRF', () => {
  const send = { phone: '+14155550999', message: 'hi', lineId: LINE_A }
  const sendRoute = { 'POST /send-api-message': () => jsonResponse({ success: true, status: 'done' }) }

  it('refuses a POST from another origin, and one with neither Origin nor the header', async () => {
    const { server, upstream } = setup(sendRoute)
    const crossSite = await server.handle(
      req('/api/linekit/send-api-message', { user: 'alice', json: send, headers: { origin: 'https://evil.example' } }),
    )
    expect(crossSite.status).toBe(403)
    expect((await crossSite.json()).code).toBe('csrf_failed')
    const bare = new Request(`${ORIGIN}/api/linekit/send-api-message`, {
      method: 'POST',
      headers: { 'x-user': 'alice', 'content-type': 'application/json' },
      body: JSON.stringify(send),
    })
    expect((await server.handle(bare)).status).toBe(403)
    expect(upstream.calls).toHaveLength(0)
  })

  it('accepts the same origin, an allowed origin, or the custom header', async () => {
    const { server, upstream } = setup(sendRoute, { allowedOrigins: ['https://admin.example'] })
    expect((await server.handle(req('/api/linekit/send-api-message', { user: 'alice', json: send }))).status).toBe(200)
    expect(
      (
        await server.handle(
          req('/api/linekit/send-api-message', {
            user: 'alice',
            json: send,
            headers: { origin: 'https://admin.example' },
          }),
        )
      ).status,
    ).toBe(200)
    const scripted = new Request(`${ORIGIN}/api/linekit/send-api-message`, {
      method: 'POST',
      headers: { 'x-user': 'alice', 'x-linekit-csrf': '1', origin: 'https://evil.example' },
      body: JSON.stringify(send),
    })
    expect((await server.handle(scripted)).status).toBe(200)
    expect(upstream.callsTo('POST', '/send-api-message')).toHaveLength(3)
  })
})

describe('body cap', () => {
  it('answers 413 on a declared oversize body without reading it or calling the upstream', async () => {
    const { server, upstream } = setup({}, { maxBodyBytes: 100 })
    const response = await server.handle(
      req('/api/linekit/send-api-message', { user: 'alice', json: { message: 'x'.repeat(200), lineId: LINE_A } }),
    )
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ code: 'payload_too_large', hint: expect.any(String) })
    expect(upstream.calls).toHaveLength(0)
  })

  it('answers 413 on a streamed body with no length once it passes the cap', async () => {
    const { server, upstream } = setup({}, { maxBodyBytes: 1000 })
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1
        controller.enqueue(new Uint8Array(300).fill(32))
      },
    })
    const request = new Request(`${ORIGIN}/api/linekit/send-api-message`, {
      method: 'POST',
      headers: { 'x-user': 'alice', origin: ORIGIN },
      body: endless,
      duplex: 'half',
    } as RequestInit)
    const response = await server.handle(request)
    expect(response.status).toBe(413)
    expect(pulled).toBeLessThan(10)
    expect(upstream.calls).toHaveLength(0)
  })
})

describe('line scoping', () => {
  const sendRoute = { 'POST /send-api-message': () => jsonResponse({ success: true, status: 'done' }) }

  it('refuses a send on a line the user may not use, before the upstream', async () => {
    const { server, upstream } = setup(sendRoute)
    const response = await server.handle(
      req('/api/linekit/send-api-message', { user: 'alice', json: { phone: '+1415', message: 'x', lineId: LINE_B } }),
    )
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'line_not_allowed' })
    expect(upstream.callsTo('POST', '/send-api-message')).toHaveLength(0)
  })

  it('fills in the only line of a one-line user when the send omits it', async () => {
    const { server, upstream } = setup(sendRoute)
    const response = await server.handle(
      req('/api/linekit/send-api-message', { user: 'alice', json: { phone: '+1415', message: 'x' } }),
    )
    expect(response.status).toBe(200)
    expect(JSON.parse(upstream.callsTo('POST', '/send-api-message')[0]!.body)).toEqual({
      phone: '+1415',
      message: 'x',
      lineId: LINE_A,
    })
  })

  it('asks a user with some but not all lines to name one (400 line_required)', async () => {
    const { server, upstream } = setup(sendRoute)
    const response = await server.handle(
      req('/api/linekit/send-group-message', { user: 'carol', json: { numbers: ['+1', '+2'], message: 'x' } }),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'line_required', hint: expect.stringContaining('lineId') })
    expect(upstream.callsTo('POST', '/send-group-message')).toHaveLength(0)
  })

  it("passes the service's refusal of the lines lookup through (a 429 with Retry-After), not a 400", async () => {
    const { server, upstream } = setup({
      ...sendRoute,
      'GET /get-lines': () =>
        jsonResponse({ error: 'Too many requests', code: 'rate_limited' }, 429, { 'retry-after': '17' }),
    })
    // Several requests wait on the same lookup: each gets its own readable answer.
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        server.handle(req('/api/linekit/send-api-message', { user: 'carol', json: { phone: '+1415', message: 'x' } })),
      ),
    )
    for (const response of responses) {
      expect(response.status).toBe(429)
      expect(response.headers.get('retry-after')).toBe('17')
      expect(await response.json()).toMatchObject({ code: 'rate_limited' })
    }
    expect(new Set(responses).size).toBe(3)
    expect(upstream.callsTo('GET', '/get-lines')).toHaveLength(1)
    expect(upstream.callsTo('POST', '/send-api-message')).toHaveLength(0)
  })

  it('lets the service load-balance for a user who may use every line', async () => {
    const { server, upstream } = setup(sendRoute)
    const response = await server.handle(
      req('/api/linekit/send-api-message', { user: 'admin', json: { phone: '+1415', message: 'x' } }),
    )
    expect(response.status).toBe(200)
    expect(JSON.parse(upstream.callsTo('POST', '/send-api-message')[0]!.body)).not.toHaveProperty('lineId')
  })

  it('never fills in a line on a trial account (the service refuses a line override there)', async () => {
    const { server, upstream } = setup({ ...sendRoute, 'GET /get-lines': () => jsonResponse({ trial: true }) })
    const response = await server.handle(
      req('/api/linekit/send-api-message', { user: 'alice', json: { phone: '+1415', message: 'x' } }),
    )
    expect(response.status).toBe(200)
    expect(JSON.parse(upstream.callsTo('POST', '/send-api-message')[0]!.body)).not.toHaveProperty('lineId')
  })

  it('refuses typing, enrolment and call start on another line', async () => {
    const { server, upstream } = setup()
    for (const [path, body] of [
      ['/api/linekit/send-typing-indicator', { phoneNumber: '+1415', lineId: LINE_B }],
      ['/api/linekit/enroll-flow', { flowId: 'f', phoneNumber: '+1415', pb_line_id: LINE_B }],
      ['/api/linekit/start-audiocall-call-api', { phone_number: '+1415', pb_line_id: LINE_B }],
    ] as const) {
      const response = await server.handle(req(path, { user: 'alice', json: body }))
      expect(response.status, path).toBe(403)
    }
    const missing = await server.handle(
      req('/api/linekit/start-audiocall-call-api', { user: 'alice', json: { phone_number: '+1415' } }),
    )
    expect(missing.status).toBe(400)
    expect(upstream.calls.filter((c) => c.url.pathname !== '/get-lines')).toHaveLength(0)
  })

  it('limits message and call-log lists to the user lines', async () => {
    const list = () => jsonResponse({ status: 'OK', data: [], pagination: { limit: 100, offset: 0, total: 0 } })
    const { server, upstream } = setup({ 'GET /get-messages-api': list, 'GET /get-call-logs-api': list })
    expect(
      (await server.handle(req(`/api/linekit/get-messages-api?pb_line_id=${LINE_B}`, { user: 'alice' }))).status,
    ).toBe(403)
    expect(
      (await server.handle(req(`/api/linekit/get-call-logs-api?pb_line_id=${LINE_C}`, { user: 'carol' }))).status,
    ).toBe(403)
    // duplicated parameter: could be read as mine here and as another line upstream
    const dup = await server.handle(
      req(`/api/linekit/get-messages-api?pb_line_id=${LINE_A}&pb_line_id=${LINE_B}`, { user: 'alice' }),
    )
    expect(dup.status).toBe(400)
    expect((await server.handle(req('/api/linekit/get-call-logs-api', { user: 'carol' }))).status).toBe(400)
    expect(upstream.callsTo('GET', '/get-messages-api')).toHaveLength(0)
    expect(upstream.callsTo('GET', '/get-call-logs-api')).toHaveLength(0)

    const ok = await server.handle(
      req('/api/linekit/get-messages-api?limit=20&direction=inbound&evil=1&pb_line_id[]=x', { user: 'alice' }),
    )
    expect(ok.status).toBe(200)
    const forwarded = upstream.callsTo('GET', '/get-messages-api')[0]!.url
    expect(Object.fromEntries(forwarded.searchParams)).toEqual({
      limit: '20',
      direction: 'inbound',
      pb_line_id: LINE_A,
    })

    await server.handle(req('/api/linekit/get-call-logs-api', { user: 'admin' }))
    expect(upstream.callsTo('GET', '/get-call-logs-api')[0]!.url.searchParams.has('pb_line_id')).toBe(false)
  })

  it('filters the lines listing, including a trial descriptor', async () => {
    const { server } = setup()
    const response = await server.handle(req('/api/linekit/get-lines', { user: 'carol' }))
    expect((await response.json()).map((l: { lineId: string }) => l.lineId)).toEqual([LINE_A, LINE_B])

    const trial = setup({
      'GET /get-lines': () => jsonResponse({ trial: true, lines: [{ lineId: LINE_A }, { lineId: LINE_B }] }),
    })
    const body = await (await trial.server.handle(req('/api/linekit/get-lines', { user: 'bob' }))).json()
    expect(body).toEqual({ trial: true, lines: [{ lineId: LINE_B }] })
  })

  it('answers 404 for a single message or call status on another line', async () => {
    const message = { message_handle: 'pbm_1', line_id: LINE_B, content: 'secret' }
    const { server } = setup({
      'GET /get-message-api/pbm_1': () => jsonResponse(message),
      'GET /get-audiocall-call-status-api': () =>
        jsonResponse({ status: 'OK', call_uuid: 'c1', call_status: 'ringing', pb_line_id: LINE_B }),
    })
    const theirs = await server.handle(req('/api/linekit/get-message-api/pbm_1', { user: 'alice' }))
    expect(theirs.status).toBe(404)
    expect(await theirs.text()).not.toContain('secret')
    expect((await server.handle(req('/api/linekit/get-message-api/pbm_1', { user: 'bob' }))).status).toBe(200)
    expect(
      (await server.handle(req('/api/linekit/get-audiocall-call-status-api?call_uuid=c1', { user: 'alice' }))).status,
    ).toBe(404)
    expect(
      (await server.handle(req('/api/linekit/get-audiocall-call-status-api?call_uuid=c1', { user: 'bob' }))).status,
    ).toBe(200)
  })

  it('answers, declines, ends and reacts only on the user lines (looked up first)', async () => {
    const { server, upstream } = setup({
      'GET /get-audiocall-call-status-api': () =>
        jsonResponse({ status: 'OK', call_uuid: 'c1', call_status: 'ringing', pb_line_id: LINE_B }),
      'POST /answer-audiocall-call-api': () => jsonResponse({ success: true, call_uuid: 'c1', rtc: null }),
      'GET /get-message-api/pbm_9': () => jsonResponse({ message_handle: 'pbm_9', line_id: LINE_B }),
      'POST /send-reaction': () => jsonResponse({ status: 'SENT' }),
    })
    expect(
      (await server.handle(req('/api/linekit/answer-audiocall-call-api', { user: 'alice', json: { call_uuid: 'c1' } })))
        .status,
    ).toBe(404)
    expect(
      (
        await server.handle(
          req('/api/linekit/decline-audiocall-call-api', { user: 'alice', json: { call_uuid: 'c1' } }),
        )
      ).status,
    ).toBe(404)
    expect(
      (
        await server.handle(
          req('/api/linekit/send-reaction', { user: 'alice', json: { messageHandle: 'pbm_9', reaction: 'love' } }),
        )
      ).status,
    ).toBe(404)
    expect(upstream.callsTo('POST', '/answer-audiocall-call-api')).toHaveLength(0)
    expect(upstream.callsTo('POST', '/send-reaction')).toHaveLength(0)
    expect(
      (await server.handle(req('/api/linekit/answer-audiocall-call-api', { user: 'bob', json: { call_uuid: 'c1' } })))
        .status,
    ).toBe(200)
    expect(
      (
        await server.handle(
          req('/api/linekit/send-reaction', { user: 'bob', json: { messageHandle: 'pbm_9', reaction: 'love' } }),
        )
      ).status,
    ).toBe(200)
  })

  it('cancels only runs it saw enrolled on the user lines (or any run for an all-lines user)', async () => {
    const { server, upstream } = setup({
      'POST /enroll-flow': (call) =>
        jsonResponse({
          success: true,
          runId: 7,
          status: 'SLEEPING',
          currentNodeId: 'n1',
          pb_line_id: JSON.parse(call.body).pb_line_id,
        }),
      'POST /cancel-flow-run': () => jsonResponse({ success: true, runId: 7, status: 'CANCELLED' }),
    })
    await server.handle(req('/api/linekit/enroll-flow', { user: 'bob', json: { flowId: 'f', phoneNumber: '+1415' } }))
    expect(JSON.parse(upstream.callsTo('POST', '/enroll-flow')[0]!.body).pb_line_id).toBe(LINE_B)
    expect(
      (await server.handle(req('/api/linekit/cancel-flow-run', { user: 'alice', json: { runId: 7 } }))).status,
    ).toBe(404)
    expect(
      (await server.handle(req('/api/linekit/cancel-flow-run', { user: 'alice', json: { runId: 8 } }))).status,
    ).toBe(403)
    expect(upstream.callsTo('POST', '/cancel-flow-run')).toHaveLength(0)
    expect((await server.handle(req('/api/linekit/cancel-flow-run', { user: 'bob', json: { runId: 7 } }))).status).toBe(
      200,
    )
    expect(
      (await server.handle(req('/api/linekit/cancel-flow-run', { user: 'admin', json: { runId: 8 } }))).status,
    ).toBe(200)
  })
})

describe('voice-token route', () => {
  const token = {
    token: 't',
    expiresAt: '2026-01-01T00:15:00Z',
    ttlSeconds: 900,
    lineId: LINE_A,
    inboundEnabled: true,
    maxCallsPerToken: 10,
    allowance: null,
  }

  it('mints for an allowed line, server to server with the key, and forwards the body', async () => {
    const { server, upstream } = setup({ 'POST /api/v1/dialer/token': () => jsonResponse(token) })
    const response = await server.handle(req('/api/linekit/dialer/token', { user: 'alice', json: { lineId: LINE_A } }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(token)
    const [call] = upstream.callsTo('POST', '/api/v1/dialer/token')
    expect(call?.url.origin).toBe(APP)
    expect(call?.headers.get('authorization')).toBe(`Bearer ${KEY}`)
    expect(JSON.parse(call!.body)).toEqual({ lineId: LINE_A })
  })

  it('refuses a line the user may not use, and a missing lineId, before the upstream', async () => {
    const { server, upstream } = setup()
    const other = await server.handle(req('/api/linekit/dialer/token', { user: 'alice', json: { lineId: LINE_B } }))
    expect(other.status).toBe(403)
    expect(await other.json()).toEqual({ error: expect.any(String), code: 'line_not_allowed' })
    const missing = await server.handle(req('/api/linekit/dialer/token', { user: 'alice', json: {} }))
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ error: expect.any(String), code: 'invalid_line_id' })
    const anonymous = await server.handle(req('/api/linekit/dialer/token', { json: { lineId: LINE_A } }))
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ error: expect.any(String), code: 'unauthorized' })
    const crossSite = await server.handle(
      req('/api/linekit/dialer/token', {
        user: 'alice',
        json: { lineId: LINE_A },
        headers: { origin: 'https://evil.example' },
      }),
    )
    expect(crossSite.status).toBe(403)
    expect(upstream.calls).toHaveLength(0)
  })

  it('forwards upstream errors unchanged: 429 with Retry-After, 402 with extra fields, a proxy non-JSON 502', async () => {
    const limited = { error: 'Too many', code: 'rate_limited', retryAfterSeconds: 12 }
    const capped = {
      error: 'cap',
      code: 'dialer_cap_reached',
      used: 60,
      included: 60,
      cap: null,
      periodEnd: '2026-01-02T00:00:00Z',
    }
    let next: Response = jsonResponse(limited, 429, { 'retry-after': '12' })
    const { server } = setup({ 'POST /api/v1/dialer/token': () => next })
    const r429 = await server.handle(req('/api/linekit/dialer/token', { user: 'alice', json: { lineId: LINE_A } }))
    expect(r429.status).toBe(429)
    expect(r429.headers.get('retry-after')).toBe('12')
    expect(await r429.json()).toEqual(limited)

    next = jsonResponse(capped, 402)
    const r402 = await server.handle(req('/api/linekit/dialer/token', { user: 'alice', json: { lineId: LINE_A } }))
    expect(r402.status).toBe(402)
    expect(await r402.json()).toEqual(capped)

    next = new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })
    const r502 = await server.handle(req('/api/linekit/dialer/token', { user: 'alice', json: { lineId: LINE_A } }))
    expect(r502.status).toBe(502)
    expect(r502.headers.get('content-type')).toBe('text/html')
    expect(await r502.text()).toBe('<html>502 Bad Gateway</html>')
  })

  it('turns a network failure into 503 dialer_unavailable', async () => {
    const { server } = setup({ 'POST /api/v1/dialer/token': () => Promise.reject(new TypeError('fetch failed')) })
    const response = await server.handle(req('/api/linekit/dialer/token', { user: 'alice', json: { lineId: LINE_A } }))
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ error: expect.any(String), code: 'dialer_unavailable' })
  })
})

const messagePayload = (linePhoneNumber: string, messageId = 1) => ({
  message: 'hello',
  destination: '+14155550999',
  receivedAt: '2026-01-01T00:00:00Z',
  direction: 'inbound',
  messageId,
  guid: `g-${messageId}`,
  linePhoneNumber,
})
const ringing = (lineId: string, callUuid = 'call-1') => ({
  event: 'audiocall.inbound.ringing',
  call_uuid: callUuid,
  direction: 'inbound',
  from: '+14155550999',
  pb_line_id: lineId,
  linePhoneNumber: NUMBER_B,
  ringingAt: '2026-01-01T00:00:00Z',
  receivedAt: '2026-01-01T00:00:00Z',
})
const hook = (body: unknown, secret = SECRET) =>
  new Request(`${ORIGIN}/api/linekit/webhooks/${secret}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

function recordBus(bus: EventBus) {
  const seen: LinekitEvent[] = []
  bus.subscribe((event) => seen.push(event))
  return seen
}

describe('webhook route', () => {
  it('answers 404 to a wrong secret and publishes nothing', async () => {
    const { server } = setup()
    const seen = recordBus(server.bus)
    for (const secret of ['nope', `${SECRET}x`, SECRET.slice(0, -1), '']) {
      expect((await server.handle(hook(messagePayload(NUMBER_A), secret))).status).toBe(404)
    }
    await server.settled()
    expect(seen).toHaveLength(0)
  })

  it('is off without a configured secret', async () => {
    const { server } = setup({}, { webhookSecret: undefined })
    expect((await server.handle(hook(messagePayload(NUMBER_A), 'undefined'))).status).toBe(404)
  })

  it('acknowledges at once, then publishes a message event with the line id mapped from the number', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const inner = createMemoryEventBus()
    const published: unknown[] = []
    const bus: EventBus = {
      ...inner,
      async publish(event) {
        await gate
        published.push(event)
        await inner.publish(event)
      },
    }
    const { server } = setup({}, { eventBus: bus })
    const response = await server.handle(hook(messagePayload(NUMBER_B)))
    expect(response.status).toBe(200)
    expect(published).toHaveLength(0)
    release()
    await server.settled()
    expect(published).toEqual([{ type: 'message', lineId: LINE_B, payload: messagePayload(NUMBER_B) }])
  })

  it('accepts the CRM variant and uses the lineNumbers option over the listing', async () => {
    const { server } = setup(
      { 'GET /get-lines': () => jsonResponse([]) },
      { lineNumbers: { '+1 (415) 555-0103': LINE_C } },
    )
    const seen = recordBus(server.bus)
    const crm = {
      ...messagePayload(NUMBER_C),
      contactPhoneNumber: '+14155550999',
      dateReceived: '2026-01-01T00:00:00Z',
      crmContactId: 5,
      crmContactIdText: '5',
    }
    expect((await server.handle(hook(crm))).status).toBe(200)
    await server.settled()
    expect(seen[0]).toMatchObject({ type: 'message', lineId: LINE_C, payload: { crmContactId: 5 } })
  })

  it('logs and acknowledges malformed payloads, never a 5xx', async () => {
    const { server, logger } = setup({}, { maxBodyBytes: 2000 })
    const seen = recordBus(server.bus)
    for (const body of [
      '{not json',
      '[]',
      { hello: 'world' },
      { ...ringing(LINE_A), call_uuid: 5 },
      { event: 'audiocall.inbound.exploded' },
      'x'.repeat(5000),
    ]) {
      const response = await server.handle(hook(body))
      expect(response.status).toBe(200)
    }
    await server.settled()
    expect(seen).toHaveLength(0)
    expect(logger.warn).toHaveBeenCalledTimes(6)
  })

  it('de-duplicates audio-call events by call_uuid and event', async () => {
    const { server } = setup()
    const seen = recordBus(server.bus)
    await server.handle(hook(ringing(LINE_B)))
    await server.handle(hook(ringing(LINE_B)))
    await server.handle(
      hook({ ...ringing(LINE_B), event: 'audiocall.inbound.answered', answeredAt: '2026-01-01T00:00:05Z' }),
    )
    await server.handle(hook(ringing(LINE_B, 'call-2')))
    await server.settled()
    expect(seen.map((e) => `${e.type}:${(e.payload as { call_uuid: string }).call_uuid}`)).toEqual([
      'audiocall.inbound.ringing:call-1',
      'audiocall.inbound.answered:call-1',
      'audiocall.inbound.ringing:call-2',
    ])
    expect(seen[0]?.lineId).toBe(LINE_B)
  })
})

/** Reads SSE frames from a response until `until` says stop. */
async function readFrames(response: Response, until: (frames: string[]) => boolean): Promise<string[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  const frames: string[] = []
  while (!until(frames)) {
    const { done, value } = await reader.read()
    if (done) break
    buffer += value
    let end: number
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      frames.push(buffer.slice(0, end))
      buffer = buffer.slice(end + 2)
    }
  }
  await reader.cancel()
  return frames
}

function manualTimers() {
  const intervals = new Map<number, () => void>()
  let next = 0
  return {
    timers: {
      setInterval: (fn: () => void) => {
        next += 1
        intervals.set(next, fn)
        return next
      },
      clearInterval: (handle: unknown) => void intervals.delete(handle as number),
    },
    tick: () => intervals.forEach((fn) => fn()),
    active: () => intervals.size,
  }
}

describe('events route', () => {
  it('streams only the events of the user lines, each with an id, after retry:', async () => {
    const { server } = setup()
    const controller = new AbortController()
    const response = await server.handle(req('/api/linekit/events', { user: 'alice', signal: controller.signal }))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(response.headers.get('cache-control')).toContain('no-cache')
    await server.handle(hook(messagePayload(NUMBER_B, 1)))
    await server.handle(hook(ringing(LINE_B)))
    await server.handle(hook(messagePayload(NUMBER_A, 2)))
    await server.settled()
    const frames = await readFrames(response, (f) => f.some((x) => x.includes('event: message')))
    expect(frames[0]).toMatch(/^retry: 3000\n/)
    const events = frames.filter((f) => f.startsWith('id: '))
    expect(events).toHaveLength(1)
    const [idLine, eventLine, dataLine] = events[0]!.split('\n')
    expect(idLine).toMatch(/^id: \S+$/)
    expect(eventLine).toBe('event: message')
    expect(JSON.parse(dataLine!.slice('data: '.length))).toEqual({
      type: 'message',
      lineId: LINE_A,
      payload: messagePayload(NUMBER_A, 2),
    })
    expect(frames.join('\n')).not.toContain(NUMBER_B)
  })

  it('fans one event out to 1,000 open streams', async () => {
    const clock = manualTimers()
    const { server } = setup({}, { timers: clock.timers })
    const streams = await Promise.all(
      Array.from({ length: 1000 }, () => server.handle(req('/api/linekit/events', { user: 'alice' }))),
    )
    await server.handle(hook(messagePayload(NUMBER_A, 42)))
    await server.settled()
    const received = await Promise.all(streams.map((s) => readFrames(s, (f) => f.some((x) => x.startsWith('id: ')))))
    expect(received.every((frames) => frames.some((f) => f.includes('"messageId":42')))).toBe(true)
    expect(clock.active()).toBe(0)
  })

  it('stops holding events for a stream nobody reads once 1 MB piles up, and unsubscribes', async () => {
    const clock = manualTimers()
    const bus = countingBus()
    const { server } = setup({}, { eventBus: bus, timers: clock.timers })
    const response = await server.handle(req('/api/linekit/events', { user: 'alice' }))
    expect(response.status).toBe(200)
    const big = 'x'.repeat(100 * 1024)
    for (let i = 0; i < 9; i++) await bus.publish({ type: 'message', lineId: LINE_A, payload: { big, i } })
    expect(bus.subscribers()).toBe(1)
    for (let i = 9; i < 12; i++) await bus.publish({ type: 'message', lineId: LINE_A, payload: { big, i } })
    expect(bus.subscribers()).toBe(0)
    expect(clock.active()).toBe(0)
  })

  it('requires a signed-in user', async () => {
    const { server } = setup()
    expect((await server.handle(req('/api/linekit/events'))).status).toBe(401)
  })

  it('sends heartbeat comments on the injected timer and stops it when the client leaves', async () => {
    const clock = manualTimers()
    const { server } = setup({}, { timers: clock.timers, heartbeatMs: 15_000 })
    const controller = new AbortController()
    const response = await server.handle(req('/api/linekit/events', { user: 'alice', signal: controller.signal }))
    expect(clock.active()).toBe(1)
    clock.tick()
    clock.tick()
    const frames = await readFrames(response, (f) => f.filter((x) => x === ': heartbeat').length >= 2)
    expect(frames.filter((x) => x === ': heartbeat')).toHaveLength(2)
    expect(clock.active()).toBe(0)
  })

  it('unsubscribes when the request is aborted', async () => {
    const clock = manualTimers()
    const bus = countingBus()
    const { server } = setup({}, { eventBus: bus, timers: clock.timers })
    const controller = new AbortController()
    await server.handle(req('/api/linekit/events', { user: 'alice', signal: controller.signal }))
    expect(bus.subscribers()).toBe(1)
    controller.abort()
    expect(bus.subscribers()).toBe(0)
    expect(clock.active()).toBe(0)
  })

  it('replays the buffered events after Last-Event-ID (header or query), still scoped to the user', async () => {
    const { server } = setup({}, { replayBufferSize: 3 })
    const ids: string[] = []
    server.bus.subscribe((event) => ids.push(event.id))
    for (let i = 1; i <= 5; i++) await server.handle(hook(messagePayload(i === 4 ? NUMBER_B : NUMBER_A, i)))
    await server.settled()
    expect(ids).toHaveLength(5)
    // the buffer holds events 3, 4, 5; resuming after 3 → 5 only for alice (4 is line B)
    const resumed = await server.handle(
      req('/api/linekit/events', { user: 'alice', headers: { 'last-event-id': ids[2]! } }),
    )
    const frames = await readFrames(resumed, (f) => f.some((x) => x.startsWith('id: ')))
    expect(frames.filter((x) => x.startsWith('id: '))).toEqual([expect.stringContaining(`id: ${ids[4]}\n`)])
    const viaQuery = await server.handle(
      req(`/api/linekit/events?lastEventId=${encodeURIComponent(ids[2]!)}`, { user: 'bob' }),
    )
    const bobFrames = await readFrames(viaQuery, (f) => f.some((x) => x.startsWith('id: ')))
    expect(bobFrames.filter((x) => x.startsWith('id: '))).toEqual([expect.stringContaining(`id: ${ids[3]}\n`)])
  })
})
