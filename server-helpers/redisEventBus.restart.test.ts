/**
 * The Redis bus loses no event a connected browser should get within the replay
 * window, with a real redis-server:
 * - a backend instance restarting: the browser's stream on instance A ends, events keep arriving
 *   through instance B, the browser reconnects to a fresh A with Last-Event-ID and gets exactly
 *   the missed events, in order, once;
 * - redis-server restarting (killed and restarted on the same port, no persistence): the browser
 *   stays connected to A; events delivered to B while Redis is down and right after it is back
 *   all reach it, in order, once.
 */
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { createLinekitServer } from 'linekit/server'
import type { LinekitServer } from 'linekit/server'
import { createRedisEventBus } from 'linekit/server/redis'
import type { RedisEventBus } from 'linekit/server/redis'
import { seedLines } from 'linekit/mocks'
import { MAIN, SECRET, collectSse, eventually } from '../test/support/serverRig'
import { hasRedisServer, redisServer } from '../test/support/redisServer'

const LINE_NUMBER = seedLines.main.phoneNumber

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** One backend instance: its own Redis connections and linekit server. */
function instance(port: number, name: string, options: { subscriberRetryMs?: number } = {}) {
  const redis = new Redis({ host: '127.0.0.1', port, retryStrategy: () => 50 })
  redis.on('error', () => undefined) // reconnects on its own; errors are expected while Redis is down
  // Instances reconnect on their own schedules: this one's subscriber may come back late.
  const subscriber = new Redis({ host: '127.0.0.1', port, retryStrategy: () => options.subscriberRetryMs ?? 50 })
  subscriber.on('error', () => undefined)
  const errors: unknown[] = []
  const bus: RedisEventBus = createRedisEventBus({
    redis,
    subscriber,
    keyPrefix: 'rel',
    onError: (e) => errors.push(e),
  })
  const server: LinekitServer = createLinekitServer({
    apiKey: 'lk_mock_production',
    baseUrl: 'http://upstream.invalid',
    appUrl: 'http://upstream.invalid',
    webhookSecret: SECRET,
    eventBus: bus,
    lineNumbers: { [LINE_NUMBER]: MAIN },
    publishTimeoutMs: 60_000,
    fetch: async () => new Response('[]', { headers: { 'content-type': 'application/json' } }),
    logger: { warn: () => undefined, error: () => undefined },
    authorize: async () => ({ userId: 'alice', lineIds: [MAIN] }),
  })
  const close = async () => {
    await bus.close()
    subscriber.disconnect()
    redis.disconnect()
  }
  const webhook = (n: number) =>
    server.handle(
      new Request(`http://${name}/api/linekit/webhooks/${SECRET}`, {
        method: 'POST',
        body: JSON.stringify({
          message: `m${n}`,
          destination: '+14155550124',
          receivedAt: '2026-03-02T12:00:00Z',
          direction: 'inbound',
          messageId: n,
          guid: `g${n}`,
          linePhoneNumber: LINE_NUMBER,
        }),
      }),
    )
  const browser = async (lastEventId?: string) => {
    const abort = new AbortController()
    const headers: Record<string, string> = {}
    if (lastEventId) headers['last-event-id'] = lastEventId
    const response = await server.handle(
      new Request(`http://${name}/api/linekit/events`, { headers, signal: abort.signal }),
    )
    const stream = collectSse(response)
    const stop = async () => {
      abort.abort()
      await stream.stop()
    }
    cleanups.push(stop)
    return { ...stream, stop, messages: () => stream.events().map((e) => e.data.data.message as string) }
  }
  return { server, bus, subscriber, webhook, browser, close, errors, ready: () => bus.ready() }
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`)

describe.skipIf(!hasRedisServer)('Redis bus: restarts lose nothing within the replay window', () => {
  it('a backend instance restarting: the browser resumes on a fresh instance with Last-Event-ID', async () => {
    const redis = await redisServer()
    const port = redis.port
    await redis.start()
    cleanups.push(() => redis.stop('SIGKILL'))
    const b = instance(port, 'b.local')
    cleanups.push(b.close)
    let a = instance(port, 'a.local')
    await Promise.all([a.ready(), b.ready()])

    // The stream subscribes as it is answered; the bus replays from the stream tip read then.
    const first = await a.browser()
    for (let n = 1; n <= 3; n++) expect((await b.webhook(n)).status).toBe(200)
    await b.server.settled()
    await eventually(() => first.messages().length >= 3)
    const lastSeen = first.events().at(-1)!.id

    // Instance A goes away (deploy, crash); the browser's stream ends with it.
    await first.stop()
    await a.close()
    for (let n = 4; n <= 8; n++) expect((await b.webhook(n)).status).toBe(200)
    await b.server.settled()

    a = instance(port, 'a.local')
    cleanups.push(a.close)
    await a.ready()
    const resumed = await a.browser(lastSeen)
    for (let n = 9; n <= 10; n++) expect((await b.webhook(n)).status).toBe(200)
    await b.server.settled()
    await eventually(() => resumed.messages().length >= 7)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(first.messages()).toEqual(range(1, 3))
    expect(resumed.messages()).toEqual(range(4, 10))
  })

  it('redis-server restarting: a connected browser gets every event delivered while Redis was down and after', async () => {
    const redis = await redisServer()
    const port = redis.port
    await redis.start()
    cleanups.push(() => redis.stop('SIGKILL'))
    const a = instance(port, 'a.local', { subscriberRetryMs: 1500 })
    const b = instance(port, 'b.local')
    cleanups.push(a.close, b.close)
    await Promise.all([a.ready(), b.ready()])

    const browser = await a.browser()
    for (let n = 1; n <= 3; n++) expect((await b.webhook(n)).status).toBe(200)
    await b.server.settled()
    await eventually(() => browser.messages().length >= 3)

    await redis.stop('SIGKILL')
    // Webhooks keep arriving while Redis is down: each is answered once published (or after a
    // few seconds in any case), so they are answered here after Redis is back, published in order.
    const whileDown = [4, 5, 6].map((n) => b.webhook(n))
    await eventually(() => a.subscriber.status !== 'ready')
    await redis.start()
    for (const answer of await Promise.all(whileDown)) expect(answer.status).toBe(200)
    // B is back before A's subscriber: these are published while A hears nothing live.
    for (let n = 7; n <= 9; n++) expect((await b.webhook(n)).status).toBe(200)
    await b.server.settled()
    // A's subscriber is back (its own retry schedule, however long the machine takes): live again.
    await eventually(() => a.subscriber.status === 'ready')
    for (let n = 10; n <= 11; n++) expect((await b.webhook(n)).status).toBe(200)
    await b.server.settled()
    // On a miss the comparison below shows which events are missing, not a timeout.
    await eventually(() => browser.messages().length >= 11).catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(browser.ended()).toBe(false)
    expect(browser.messages()).toEqual(range(1, 11))
  }, 60_000)
})
