/**
 * A Redis outage with the client constructed as server-helpers/README.md documents it (an `error`
 * listener, reconnect options): the connections linekit/server opens itself report to that
 * listener, and ioredis prints no "Unhandled error event" line. Against a real redis-server.
 */
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { hasRedisServer, redisServer } from '../../test/support/redisServer'
import { createRedisEventBus } from '../redisEventBus'
import { createRedisModelStore } from '../model/redisModelStore'

const clients: Redis[] = []
afterAll(() => {
  for (const client of clients) client.disconnect()
  vi.restoreAllMocks()
})

describe.skipIf(!hasRedisServer)('the Redis connections linekit/server opens', () => {
  it("report an outage to the application's error listener, never as ioredis's unhandled error lines", async () => {
    const server = await redisServer()
    await server.start()
    const redis = new Redis({
      host: '127.0.0.1',
      port: server.port,
      maxRetriesPerRequest: 2,
      retryStrategy: (times) => Math.min(times * 20, 200),
    })
    clients.push(redis)
    const reported: unknown[] = []
    redis.on('error', (error: unknown) => reported.push(error))
    const bus = createRedisEventBus({ redis, keyPrefix: 'outage' })
    const store = createRedisModelStore({ redis, keyPrefix: 'outage' })
    await bus.ready()
    await store.lease('outage-test', 1000)
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await server.stop('SIGKILL')
    // Each of the three connections fails to reconnect a few times.
    while (reported.length < 9) await new Promise((resolve) => setTimeout(resolve, 20))
    const unhandled = printed.mock.calls.filter((call) => String(call[0]).includes('Unhandled error event'))
    expect(unhandled).toEqual([])
    await bus.close()
    await store.close()
  }, 30_000)
})
