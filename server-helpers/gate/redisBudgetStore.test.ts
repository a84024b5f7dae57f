/** The budget gate shared by two linekit servers through a real redis-server. */
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasRedisServer, redisServer } from '../../test/support/redisServer'
import type { RedisServer } from '../../test/support/redisServer'
import { createLinekitServer } from '../createLinekitServer'
import type { LinekitServerOptions } from '../createLinekitServer'
import { KEY, LINE_A, LINE_B, fakeUpstream, jsonResponse } from '../../test/support/server/fakeUpstream'
import { req, users } from '../../test/support/server/setup'
import { createRedisBudgetStore } from './redisBudgetStore'

let server: RedisServer | undefined
let port = 0
const clients: Redis[] = []

beforeAll(async () => {
  if (!hasRedisServer) return
  server = await redisServer()
  await server.start()
  port = server.port
})

afterAll(async () => {
  for (const c of clients.splice(0)) c.disconnect()
  await server?.stop()
})

/** Two instances of one deployment over one upstream, their gates in Redis under `keyPrefix`. */
function twoInstances(
  keyPrefix: string,
  routes: Parameters<typeof fakeUpstream>[0],
  extra: Partial<LinekitServerOptions>,
) {
  const upstream = fakeUpstream(routes)
  const instance = () => {
    const redis = new Redis({ host: '127.0.0.1', port, maxRetriesPerRequest: 3 })
    clients.push(redis)
    return createLinekitServer({
      apiKey: KEY,
      baseUrl: 'https://base.example',
      appUrl: 'https://dialer.example',
      webhookSecret: false,
      fetch: upstream.fetch,
      logger: { warn: () => undefined, error: () => undefined },
      authorize: async (request) => users[request.headers.get('x-user') ?? ''] ?? null,
      budgetStore: (gate) => createRedisBudgetStore({ redis, gate, keyPrefix }),
      ...extra,
    })
  }
  return { a: instance(), b: instance(), upstream }
}

const page = (offset: number, line = LINE_A) => `/api/linekit/get-messages-api?pb_line_id=${line}&offset=${offset}`
const list = () => jsonResponse({ status: 'OK', data: [], pagination: { limit: 100, offset: 0, total: 0 } })

describe.skipIf(!hasRedisServer)('createRedisBudgetStore against a real redis-server', () => {
  it('two server instances share one window: the third request of a 3-per-minute budget is the last', async () => {
    const { a, b, upstream } = twoInstances(
      'shared-window',
      { 'GET /get-messages-api': list },
      { requestsPerMinute: 3, maxQueue: 0 },
    )
    // Three users (each within a fair share of the window), so the window itself is what refuses.
    const statuses = []
    statuses.push((await a.handle(req(page(0), { user: 'alice' }))).status)
    statuses.push((await b.handle(req(page(100, LINE_B), { user: 'bob' }))).status)
    statuses.push((await a.handle(req(page(200), { user: 'carol' }))).status)
    const refused = await b.handle(req(page(300), { user: 'admin' }))
    statuses.push(refused.status)
    expect(statuses).toEqual([200, 200, 200, 429])
    expect((await refused.json()).code).toBe('rate_limited')
    expect(upstream.callsTo('GET', '/get-messages-api')).toHaveLength(3)
  })

  it("counts each user's share in the shared window: one user's flood over both instances meets its own 429s, the next user's read goes", async () => {
    const { a, b, upstream } = twoInstances(
      'fair-share',
      { 'GET /get-messages-api': list },
      { requestsPerMinute: 30, maxQueue: 0, readModel: false },
    )
    const flood = []
    for (let i = 0; i < 27; i++) flood.push(await (i % 2 === 0 ? a : b).handle(req(page(i * 10), { user: 'alice' })))
    // Alone, alice may hold the window less its free sixth (budgetStore.ts, fairShare: 30 - 5); the rest stays free.
    expect(flood.map((r) => r.status)).toEqual([...Array(25).fill(200), 429, 429])
    const refusal = flood[25]!
    expect(Number(refusal.headers.get('retry-after'))).toBeGreaterThan(20)
    expect(await refusal.json()).toMatchObject({ code: 'rate_limited', error: expect.stringContaining('from you') })
    const bobs = await b.handle(req(page(0, LINE_B), { user: 'bob' }))
    expect(bobs.status).toBe(200)
    expect(upstream.callsTo('GET', '/get-messages-api')).toHaveLength(26)
  })

  it('keeps the free sixth from a second flood over both instances: it takes half of it, the next user still goes', async () => {
    const { a, b, upstream } = twoInstances(
      'kept-sixth',
      { 'GET /get-messages-api': list },
      { requestsPerMinute: 30, maxQueue: 0, readModel: false },
    )
    for (let i = 0; i < 25; i++) await (i % 2 === 0 ? a : b).handle(req(page(i * 10), { user: 'alice' }))
    // Bob, within his share (30 - 5 for two users is 12 each), may hold half the free sixth (5): 3.
    const bobs = []
    for (let i = 0; i < 5; i++)
      bobs.push((await (i % 2 === 0 ? b : a).handle(req(page(i * 10, LINE_B), { user: 'bob' }))).status)
    expect(bobs).toEqual([200, 200, 200, 429, 429])
    const carols = []
    for (let i = 0; i < 2; i++) carols.push((await a.handle(req(page(i * 10), { user: 'carol' }))).status)
    expect(carols).toEqual([200, 200])
    expect(upstream.callsTo('GET', '/get-messages-api')).toHaveLength(30)
  })

  it("one instance's 429 from the service pauses the other too", async () => {
    const { a, b, upstream } = twoInstances(
      'shared-pause',
      {
        'GET /get-flows': () => jsonResponse({ error: 'Too many', code: 'rate_limited' }, 429, { 'retry-after': '45' }),
        'GET /get-effects': () => jsonResponse({}),
      },
      {},
    )
    expect((await a.handle(req('/api/linekit/get-flows', { user: 'alice' }))).status).toBe(429)
    const onB = await b.handle(req('/api/linekit/get-effects', { user: 'alice' }))
    expect(onB.status).toBe(429)
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThanOrEqual(44)
    expect(upstream.callsTo('GET', '/get-effects')).toHaveLength(0)
  })

  it('a window Redis lost (the key deleted, as a restart without persistence or an eviction does) is taken as full, not empty', async () => {
    const lost: string[] = []
    const upstream = fakeUpstream({ 'GET /get-messages-api': list })
    const instance = () => {
      const redis = new Redis({ host: '127.0.0.1', port, maxRetriesPerRequest: 3 })
      clients.push(redis)
      return createLinekitServer({
        apiKey: KEY,
        baseUrl: 'https://base.example',
        appUrl: 'https://dialer.example',
        webhookSecret: false,
        fetch: upstream.fetch,
        logger: { warn: () => undefined, error: () => undefined },
        authorize: async (request) => users[request.headers.get('x-user') ?? ''] ?? null,
        budgetStore: (gate) =>
          createRedisBudgetStore({ redis, gate, keyPrefix: 'lost-window', onLost: (g) => lost.push(g) }),
        readModel: false,
      })
    }
    const [a, b] = [instance(), instance()]
    expect((await a.handle(req(page(0), { user: 'alice' }))).status).toBe(200)
    const admin = new Redis({ host: '127.0.0.1', port })
    clients.push(admin)
    expect(await admin.del('lost-window:budget:messaging:window')).toBe(1)
    // The service still counts what was sent in its last minute: no burst until a whole window passed.
    const after = await a.handle(req(page(100), { user: 'alice' }))
    expect(after.status).toBe(429)
    expect(Number(after.headers.get('retry-after'))).toBeGreaterThanOrEqual(55)
    const onB = await b.handle(req(page(0, LINE_B), { user: 'bob' }))
    expect(onB.status).toBe(429)
    expect(lost).toEqual(['messaging'])
    expect(upstream.callsTo('GET', '/get-messages-api')).toHaveLength(1)
  })

  it("after the service's 429 every instance waits a whole window, not only its Retry-After", async () => {
    let limited = true
    const { a, b, upstream } = twoInstances(
      'window-after-429',
      {
        'GET /get-flows': () =>
          limited
            ? jsonResponse({ error: 'Too many', code: 'rate_limited' }, 429, { 'retry-after': '1' })
            : jsonResponse({}),
      },
      { readModel: false },
    )
    expect((await a.handle(req('/api/linekit/get-flows', { user: 'alice' }))).status).toBe(429)
    limited = false
    for (const instance of [a, b]) {
      const next = await instance.handle(req('/api/linekit/get-flows', { user: 'bob' }))
      expect(next.status).toBe(429)
      expect(Number(next.headers.get('retry-after'))).toBeGreaterThanOrEqual(55)
    }
    expect(upstream.callsTo('GET', '/get-flows')).toHaveLength(1)
  })
})
