/** The budget gate as the browser meets it, through `handle` (routeContext.ts). */
import { describe, expect, it } from 'vitest'
import { LINE_A, jsonResponse } from '../test/support/server/fakeUpstream'
import { req, setup } from '../test/support/server/setup'

const list = () => jsonResponse({ status: 'OK', data: [], pagination: { limit: 100, offset: 0, total: 0 } })
const pageOf = (offset: number) => `/api/linekit/get-messages-api?pb_line_id=${LINE_A}&offset=${offset}`

describe('the budget gate, through handle', () => {
  it('answers 429 rate_limited with Retry-After and a hint when the queue is full; nothing reaches the service', async () => {
    const held: (() => void)[] = []
    const { server, upstream } = setup(
      { 'GET /get-messages-api': () => new Promise<Response>((resolve) => held.push(() => resolve(list()))) },
      { requestsPerMinute: 1, maxQueue: 1 },
    )
    const waiting = new AbortController()
    const first = server.handle(req(pageOf(0), { user: 'alice' }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    void server.handle(req(pageOf(100), { user: 'alice', signal: waiting.signal })).catch(() => undefined)
    const refused = await server.handle(req(pageOf(200), { user: 'alice' }))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.json()).toEqual({
      error: expect.stringMatching(/^Too many requests/),
      code: 'rate_limited',
      hint: expect.stringContaining('Retry-After'),
    })
    expect(upstream.callsTo('GET', '/get-messages-api')).toHaveLength(1)
    held.forEach((release) => release())
    expect((await first).status).toBe(200)
    waiting.abort()
  })

  it("pauses every route for the service's Retry-After: the next call is answered here, not sent", async () => {
    const { server, upstream } = setup({
      'GET /get-flows': () => jsonResponse({ error: 'Too many', code: 'rate_limited' }, 429, { 'retry-after': '40' }),
      'GET /get-effects': () => jsonResponse({}),
    })
    expect((await server.handle(req('/api/linekit/get-flows', { user: 'alice' }))).status).toBe(429)
    const next = await server.handle(req('/api/linekit/get-effects', { user: 'bob' }))
    expect(next.status).toBe(429)
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThanOrEqual(39)
    expect((await next.json()).code).toBe('rate_limited')
    expect(upstream.callsTo('GET', '/get-effects')).toHaveLength(0)
  })

  it('gives the mint its own gate: mints past it get the mint-shaped 429 while messaging still flows', async () => {
    const token = { token: 't', lineId: LINE_A }
    const { server, upstream } = setup(
      { 'POST /api/v1/dialer/token': () => jsonResponse(token), 'GET /get-effects': () => jsonResponse({}) },
      { mintsPerMinute: 1, maxQueue: 0 },
    )
    const mint = () => server.handle(req('/api/linekit/dialer/token', { user: 'alice', json: { lineId: LINE_A } }))
    expect((await mint()).status).toBe(200)
    const refused = await mint()
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).not.toBeNull()
    expect(await refused.json()).toEqual({
      error: expect.any(String),
      code: 'rate_limited',
      retryAfterSeconds: expect.any(Number),
    })
    expect(upstream.callsTo('POST', '/api/v1/dialer/token')).toHaveLength(1)
    expect((await server.handle(req('/api/linekit/get-effects', { user: 'alice' }))).status).toBe(200)
  })

  it('shares one upstream call between identical reads in flight, each caller still scoped', async () => {
    const held: (() => void)[] = []
    const { server, upstream } = setup({
      'GET /get-messages-api': () => new Promise<Response>((resolve) => held.push(() => resolve(list()))),
    })
    const reads = [
      server.handle(req(pageOf(0), { user: 'alice' })),
      server.handle(req(pageOf(0), { user: 'carol' })),
      server.handle(req(pageOf(0), { user: 'alice' })),
    ]
    // bob may not read line A: refused before the service, never joined to the shared call.
    const bob = await server.handle(req(pageOf(0), { user: 'bob' }))
    expect(bob.status).toBe(403)
    await new Promise((resolve) => setTimeout(resolve, 0))
    held.forEach((release) => release())
    const answers = await Promise.all(reads)
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200])
    expect((await answers[1]!.json()).status).toBe('OK')
    expect(upstream.callsTo('GET', '/get-messages-api')).toHaveLength(1)
    // Once answered, the next identical read is a new call.
    const again = server.handle(req(pageOf(0), { user: 'alice' }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    held.forEach((release) => release())
    expect((await again).status).toBe(200)
    expect(upstream.callsTo('GET', '/get-messages-api')).toHaveLength(2)
  })
})

describe('a refusal shared by identical reads', () => {
  it('reaches each caller as its own readable answer', async () => {
    const { server } = setup({ 'GET /get-effects': () => Promise.reject(new TypeError('fetch failed')) })
    const answers = await Promise.all(
      [1, 2, 3].map(() => server.handle(req('/api/linekit/get-effects', { user: 'alice' }))),
    )
    for (const answer of answers) {
      expect(answer.status).toBe(502)
      expect((await answer.json()).code).toBe('upstream_unavailable')
    }
  })
})
