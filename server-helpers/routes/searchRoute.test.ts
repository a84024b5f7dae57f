import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { messageSearchResponseSchema } from '../../src/api/search'
import { hasRedisServer, redisServer } from '../../test/support/redisServer'
import type { RedisServer } from '../../test/support/redisServer'
import { LINE_A, LINE_B, NUMBER_A, NUMBER_B } from '../../test/support/server/fakeUpstream'
import { hook, req, setup } from '../../test/support/server/setup'
import type { LinekitServer, LinekitServerOptions } from '../createLinekitServer'
import { createRedisModelStore } from '../model/redisModelStore'

const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00Z`

/** A message webhook on the line whose number is `linePhoneNumber`. */
const message = (linePhoneNumber: string, id: number, text: string, minute: number, direction = 'inbound') => ({
  message: text,
  destination: `+1415555${String(1000 + id)}`,
  receivedAt: at(minute),
  direction,
  messageId: id,
  guid: `g-${id}`,
  linePhoneNumber,
})

const lineNumbers = { [NUMBER_A]: LINE_A, [NUMBER_B]: LINE_B }
/** The model keeps a window of recent days: its clock is an hour after the traffic. */
const now = () => Date.parse('2026-01-01T01:00:00Z')

/** Line A: three messages (two mention a tracking number); line B: one that does too. */
const traffic = [
  message(NUMBER_A, 1, 'Your TRACKING number is 1Z999', 1),
  message(NUMBER_B, 2, "Bob's tracking number: 42", 2),
  message(NUMBER_A, 3, 'Thanks!', 3, 'outbound'),
  message(NUMBER_A, 4, 'Where is my tracking number?', 4),
]

/** A server (no reconciler: any upstream call would be the search's) that heard of {@link traffic}. */
async function withMessages(extra: Partial<LinekitServerOptions> = {}) {
  const backend = setup({}, { lineNumbers, now, readModel: { reconciler: false }, ...extra })
  for (const payload of traffic) await backend.server.handle(hook(payload))
  await backend.server.settled()
  return backend
}

const search = (server: LinekitServer, user: string | undefined, query: string) =>
  server.handle(req(`/api/linekit/search${query}`, user === undefined ? {} : { user }))

const found = async (server: LinekitServer, user: string, query: string) => {
  const response = await search(server, user, query)
  expect(response.status, query).toBe(200)
  return messageSearchResponseSchema.parse(await response.json())
}

describe('message search route', () => {
  it("finds the user's messages containing the phrase in any case, newest first, without asking the service", async () => {
    const { server, upstream } = await withMessages()
    const before = upstream.calls.length
    const body = await found(server, 'alice', '?q=Tracking%20Number')
    expect(body.data.map((m) => m.content)).toEqual(['Where is my tracking number?', 'Your TRACKING number is 1Z999'])
    expect(body.data.every((m) => m.line_id === LINE_A)).toBe(true)
    expect(body.more).toBe(false)
    // No reconciler has read the service: the window starts at the oldest message the model holds.
    expect(body.since).toBe(new Date(at(1)).toISOString())
    // Served from the model: the service is never asked, so the key's budget is untouched.
    expect(upstream.calls.length).toBe(before)
  })

  it("never searches another user's line: not in the answer, and a lineId of it is 403 before anything is read", async () => {
    const { server } = await withMessages()
    const bob = await found(server, 'bob', '?q=tracking')
    expect(bob.data.map((m) => m.content)).toEqual(["Bob's tracking number: 42"])
    const alice = await found(server, 'alice', '?q=bob')
    expect(alice.data).toEqual([])
    const refused = await search(server, 'alice', `?q=tracking&lineId=${LINE_B}`)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'line_not_allowed' })
    const carol = await found(server, 'carol', `?q=tracking&lineId=${LINE_B.toUpperCase()}`)
    expect(carol.data.map((m) => m.line_id)).toEqual([LINE_B])
    const carolAll = await found(server, 'carol', '?q=tracking')
    expect(carolAll.data.map((m) => m.content)).toEqual([
      'Where is my tracking number?',
      "Bob's tracking number: 42",
      'Your TRACKING number is 1Z999',
    ])
  })

  it('says when more match than the limit', async () => {
    const { server } = await withMessages()
    const one = await found(server, 'carol', '?q=tracking&limit=1')
    expect(one.data.map((m) => m.content)).toEqual(['Where is my tracking number?'])
    expect(one.more).toBe(true)
  })

  it('takes the phrase literally: pattern characters match only themselves', async () => {
    const { server } = await withMessages()
    for (const q of ['.*', '(a+)+$', '[', '\\d']) {
      const body = await found(server, 'carol', `?q=${encodeURIComponent(q)}`)
      expect(body.data, q).toEqual([])
    }
    const exclamation = await found(server, 'alice', `?q=${encodeURIComponent('!')}`)
    expect(exclamation.data.map((m) => m.content)).toEqual(['Thanks!'])
  })

  it('refuses an empty, too long or repeated phrase and a bad limit with the messaging error body', async () => {
    const { server } = await withMessages()
    const long = 'a'.repeat(101)
    for (const query of [
      '',
      '?q=',
      '?q=%20%20',
      `?q=${long}`,
      '?q=a&q=b',
      '?q=a&limit=0',
      '?q=a&limit=51',
      '?q=a&lineId=x',
    ]) {
      const response = await search(server, 'alice', query)
      expect(response.status, query).toBe(400)
      expect(await response.json(), query).toMatchObject({
        code: 'invalid_request',
        error: expect.any(String),
        hint: expect.any(String),
      })
    }
    expect((await search(server, 'alice', `?q=${'a'.repeat(100)}`)).status).toBe(200)
  })

  it('needs a signed-in user and a GET, and a read model', async () => {
    const { server } = await withMessages()
    expect((await search(server, undefined, '?q=a')).status).toBe(401)
    expect((await server.handle(req('/api/linekit/search?q=a', { user: 'alice', method: 'POST' }))).status).toBe(405)
    const { server: bare } = await withMessages({ readModel: false })
    const response = await search(bare, 'alice', '?q=a')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'not_found', hint: expect.stringContaining('readModel') })
  })
})

describe.skipIf(!hasRedisServer)('message search over the Redis model store', () => {
  let redis: RedisServer | undefined
  const clients: Redis[] = []
  const servers: LinekitServer[] = []
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
    for (const client of clients) client.disconnect()
    await redis?.stop()
  })

  it("finds on one instance what a webhook brought to another, within the user's lines, without asking the service", async () => {
    redis = await redisServer()
    await redis.start()
    const instance = () => {
      const client = new Redis({ host: '127.0.0.1', port: redis!.port, maxRetriesPerRequest: 3 })
      clients.push(client)
      const backend = setup(
        {},
        {
          lineNumbers,
          now,
          readModel: { reconciler: false, store: createRedisModelStore({ redis: client, keyPrefix: 'search-test' }) },
        },
      )
      servers.push(backend.server)
      return backend
    }
    const first = instance()
    const second = instance()
    await Promise.all([first.server.ready(), second.server.ready()])
    for (const payload of traffic) await first.server.handle(hook(payload))
    await first.server.settled()
    const before = second.upstream.calls.length
    let body = await found(second.server, 'alice', '?q=tracking')
    // The other instance applies the stream's operations as they come.
    for (let tries = 0; body.data.length < 2 && tries < 1000; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      body = await found(second.server, 'alice', '?q=tracking')
    }
    expect(body.data.map((m) => m.content)).toEqual(['Where is my tracking number?', 'Your TRACKING number is 1Z999'])
    expect((await found(second.server, 'bob', '?q=tracking')).data.map((m) => m.line_id)).toEqual([LINE_B])
    expect(second.upstream.calls.length).toBe(before)
  })
})
