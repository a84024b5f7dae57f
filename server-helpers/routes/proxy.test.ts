import { describe, expect, it } from 'vitest'
import { LINE_A, LINE_B, LINE_C, jsonResponse } from '../../test/support/server/fakeUpstream'
import { req, setup } from '../../test/support/server/setup'

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
      idempotencyKey: expect.stringMatching(/^lkd_/),
    })
  })

  it('keyless sends: a 1:1 send keeps its key for a rolling hour per user (not a clock hour); a group send stays keyless', async () => {
    let now = Date.parse('2026-03-02T10:59:30Z')
    const routes = {
      ...sendRoute,
      'POST /send-group-message': () => jsonResponse({ success: true, status: 'queued', groupId: null }),
    }
    const { server, upstream } = setup(routes, { now: () => now })
    const send = async (user: string, json: unknown, path = '/send-api-message') => {
      const response = await server.handle(req(`/api/linekit${path}`, { user, json }))
      expect(response.status).toBe(200)
      return JSON.parse(upstream.callsTo('POST', path).at(-1)!.body) as { idempotencyKey?: string }
    }
    const first = (await send('admin', { phone: '+14155550100', message: 'Thanks!' })).idempotencyKey
    expect(first).toMatch(/^lkd_/)
    // Across the clock hour's boundary, within the hour since the first send: the same key (the service dedupes).
    now += 60_000
    expect((await send('admin', { phone: '+1 415 555 0100', message: 'Thanks!' })).idempotencyKey).toBe(first)
    now += 58 * 60_000
    expect((await send('admin', { phone: '+14155550100', message: 'Thanks!' })).idempotencyKey).toBe(first)
    // Another user, or other content: another key.
    expect((await send('alice', { phone: '+14155550100', message: 'Thanks!' })).idempotencyKey).not.toBe(first)
    expect((await send('admin', { phone: '+14155550100', message: 'Thanks again' })).idempotencyKey).not.toBe(first)
    // An hour after the first send: a new window, a new key.
    now += 60_000
    expect((await send('admin', { phone: '+14155550100', message: 'Thanks!' })).idempotencyKey).not.toBe(first)
    // spec: no default de-duplication for group sends — none is invented.
    const group = await send(
      'admin',
      { numbers: ['+14155550100', '+14155550101'], message: 'Hi' },
      '/send-group-message',
    )
    expect(group).not.toHaveProperty('idempotencyKey')
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

  it("answers every user's lines listing from one upstream read per linesCacheMs", async () => {
    let clock = 0
    const { server, upstream } = setup({}, { now: () => clock, linesCacheMs: 60_000 })
    const list = async (user: string) =>
      ((await (await server.handle(req('/api/linekit/get-lines', { user }))).json()) as { lineId: string }[]).map(
        (l) => l.lineId,
      )
    // Page loads at once and one after another: one read, each user still sees only their lines.
    const [alice, bob] = await Promise.all([list('alice'), list('bob')])
    expect(alice).toEqual([LINE_A])
    expect(bob).toEqual([LINE_B])
    for (let i = 0; i < 10; i++) expect(await list('carol')).toEqual([LINE_A, LINE_B])
    expect(upstream.callsTo('GET', '/get-lines')).toHaveLength(1)
    clock = 60_001
    expect(await list('admin')).toEqual([LINE_A, LINE_B, LINE_C])
    expect(upstream.callsTo('GET', '/get-lines')).toHaveLength(2)
  })

  it('answers 502 for an unreadable lines listing and asks again next time', async () => {
    let calls = 0
    const { server } = setup({
      'GET /get-lines': () =>
        ++calls === 1
          ? new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } })
          : jsonResponse([{ lineId: LINE_A }]),
    })
    const first = await server.handle(req('/api/linekit/get-lines', { user: 'alice' }))
    expect(first.status).toBe(502)
    expect(await first.json()).toMatchObject({ code: 'upstream_unavailable' })
    const second = await server.handle(req('/api/linekit/get-lines', { user: 'alice' }))
    expect(await second.json()).toEqual([{ lineId: LINE_A }])
  })

  it('answers 404 for a single message on another line', async () => {
    const message = { message_handle: 'pbm_1', line_id: LINE_B, content: 'secret' }
    const { server } = setup({ 'GET /get-message-api/pbm_1': () => jsonResponse(message) })
    const theirs = await server.handle(req('/api/linekit/get-message-api/pbm_1', { user: 'alice' }))
    expect(theirs.status).toBe(404)
    expect(await theirs.text()).not.toContain('secret')
    expect((await server.handle(req('/api/linekit/get-message-api/pbm_1', { user: 'bob' }))).status).toBe(200)
  })

  it('reacts only to messages of the user lines (the message looked up first)', async () => {
    const { server, upstream } = setup({
      'GET /get-message-api/pbm_9': () => jsonResponse({ message_handle: 'pbm_9', line_id: LINE_B }),
      'POST /send-reaction': () => jsonResponse({ status: 'SENT' }),
    })
    const react = (user: string) =>
      server.handle(req('/api/linekit/send-reaction', { user, json: { messageHandle: 'pbm_9', reaction: 'love' } }))
    expect((await react('alice')).status).toBe(404)
    expect(upstream.callsTo('POST', '/send-reaction')).toHaveLength(0)
    expect((await react('bob')).status).toBe(200)
  })

  it('cancels only runs it saw enrolled on the user lines (or any run for an all-lines user); another user run reads as an unknown one', async () => {
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
    // Bob's run and a run nobody enrolled here get the same answer: no existence oracle.
    const bobs = await server.handle(req('/api/linekit/cancel-flow-run', { user: 'alice', json: { runId: 7 } }))
    const unknown = await server.handle(req('/api/linekit/cancel-flow-run', { user: 'alice', json: { runId: 8 } }))
    expect(bobs.status).toBe(403)
    expect(await bobs.text()).toBe(await unknown.text())
    expect(unknown.status).toBe(403)
    expect(upstream.callsTo('POST', '/cancel-flow-run')).toHaveLength(0)
    expect((await server.handle(req('/api/linekit/cancel-flow-run', { user: 'bob', json: { runId: 7 } }))).status).toBe(
      200,
    )
    expect(
      (await server.handle(req('/api/linekit/cancel-flow-run', { user: 'admin', json: { runId: 8 } }))).status,
    ).toBe(200)
  })
})
