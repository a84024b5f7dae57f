/**
 * examples/multi-instance as its docker-compose.yml runs it, without Docker: its `linekit.js` twice (two
 * instances, each on its own port behind the Node adapter) over one real `redis-server`, against the standalone
 * mock with its webhook pointed at instance A only. A browser's event stream on instance B hears what A's webhook
 * received; both instances report ready on `GET /api/linekit/health`; a browser that reconnects to A with
 * `Last-Event-ID` gets the event it missed while it was away from B (docs/deploy.md: no sticky sessions needed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedContacts } from 'linekit/mocks'
import type { MockServer } from 'linekit/mocks/node'
import { startMockServer } from 'linekit/mocks/node'
import type { LinekitServer } from 'linekit/server'
import { hasRedisServer, redisServer } from '../support/redisServer'
import type { RedisServer } from '../support/redisServer'
import { KEY, MAIN, collectSse, eventually, listenOverNode } from '../support/serverRig'

/** What examples/multi-instance/linekit.js exports (plain JavaScript, as the example's users run it). */
type Example = {
  createInstance(env: Record<string, string | undefined>): { linekit: LinekitServer; close(): Promise<void> }
}

const SECRETS = 'whsec_multi_new_0123456789,whsec_multi_old_0123456789'
const cleanups: (() => Promise<unknown>)[] = []
let redis: RedisServer
let mock: MockServer
let a: { origin: string }
let b: { origin: string }

beforeAll(async () => {
  if (!hasRedisServer) return
  redis = await redisServer()
  await redis.start()
  cleanups.push(() => redis.stop())
  mock = await startMockServer({ port: 0 })
  cleanups.push(() => mock.close())
  const { createInstance } = (await import(
    /* @vite-ignore */ new URL('../../examples/multi-instance/linekit.js', import.meta.url).href
  )) as Example
  const env = {
    LINEKIT_API_KEY: KEY,
    LINEKIT_BASE_URL: mock.url,
    LINEKIT_APP_URL: mock.url,
    LINEKIT_WEBHOOK_SECRET: SECRETS,
    REDIS_URL: `redis://127.0.0.1:${redis.port}`,
  }
  const listen = async () => {
    const instance = createInstance(env)
    const http = await listenOverNode(instance.linekit)
    cleanups.push(async () => {
      await http.close()
      await instance.close()
    })
    return http
  }
  ;[a, b] = [await listen(), await listen()]
  // The service delivers each webhook to one URL: here instance A's, with the first secret of the list.
  mock.service.control.webhooks.create({
    url: `${a.origin}/api/linekit/webhooks/${SECRETS.split(',')[0]}`,
    inbound: true,
    outbound: true,
    audioCalls: true,
  })
}, 30_000)

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const openStream = (origin: string, lastEventId?: string) =>
  fetch(`${origin}/api/linekit/events`, {
    headers: { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
  })

describe.skipIf(!hasRedisServer)('examples/multi-instance: two instances over one Redis', () => {
  it('both instances report ready once they loaded the model from Redis', async () => {
    for (const instance of [a, b]) {
      await eventually(async () => (await fetch(`${instance.origin}/api/linekit/health`)).status === 200)
      expect(await (await fetch(`${instance.origin}/api/linekit/health`)).json()).toMatchObject({ status: 'ready' })
    }
  })

  it('a webhook received by A reaches a stream on B; a stream that reconnects to A replays what it missed', async () => {
    const onB = await openStream(b.origin)
    expect(onB.status).toBe(200)
    const streamB = collectSse(onB)
    await eventually(() => streamB.frames.some((frame) => frame.includes(': connected')))

    mock.service.control.injectInbound({ from: seedContacts.ava, message: 'heard on B', lineId: MAIN })
    const textOf = (event: { data: { data: Record<string, unknown> } }) => event.data.data.message
    await eventually(() => streamB.events().some((event) => textOf(event) === 'heard on B'))
    const last = streamB.events().find((event) => textOf(event) === 'heard on B')!
    expect(last.data.lineId).toBe(MAIN.toLowerCase())
    await streamB.stop()

    // While the browser is away, another message arrives; it reconnects to the other instance.
    mock.service.control.injectInbound({ from: seedContacts.ava, message: 'missed while away', lineId: MAIN })
    const streamA = collectSse(await openStream(a.origin, last.id))
    await eventually(() => streamA.events().some((event) => textOf(event) === 'missed while away'))
    expect(streamA.events().map(textOf)).not.toContain('heard on B')
    await streamA.stop()
  })
})
