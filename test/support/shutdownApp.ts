// A linekit/server instance in its own process for the shutdown test
// (server-helpers/createLinekitServer.shutdown.test.ts): the Node adapter, the Redis event bus
// (each publish held PUBLISH_DELAY_MS, as a busy Redis does), an upstream that answers after
// UPSTREAM_DELAY_MS, and the SIGTERM hook exactly as server-helpers/README.md documents it.
// Prints {"port"} once listening and {"upstream"} when a call reaches the upstream.
//
//   SHUTDOWN_REDIS_PORT=6379 [SHUTDOWN_PREFIX=p SHUTDOWN_LINE=… SHUTDOWN_NUMBER=… SHUTDOWN_SECRET=…] node --import tsx test/support/shutdownApp.ts
import { createServer } from 'node:http'
import { Redis } from 'ioredis'
import { createLinekitServer } from '../../server-helpers/index'
import { toNodeHandler } from '../../server-helpers/node'
import { createRedisEventBus } from '../../server-helpers/redis'

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const env = (name: string, fallback?: string) => process.env[name] ?? fallback ?? ''
const LINE = env('SHUTDOWN_LINE', '3f6c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b')

const redis = new Redis({ host: '127.0.0.1', port: Number(env('SHUTDOWN_REDIS_PORT')), lazyConnect: false })
redis.on('error', (error: Error) => console.error(`redis: ${error.message}`))
const bus = createRedisEventBus({ redis, keyPrefix: env('SHUTDOWN_PREFIX', 'shutdown') })
const publishDelayMs = Number(env('PUBLISH_DELAY_MS', '20'))
const upstreamDelayMs = Number(env('UPSTREAM_DELAY_MS', '400'))

const linekit = createLinekitServer({
  apiKey: 'lk_shutdown_key',
  baseUrl: 'http://upstream.invalid',
  appUrl: 'http://upstream.invalid',
  webhookSecret: env('SHUTDOWN_SECRET', 'whsec_shutdown_0123456789'),
  lineNumbers: { [env('SHUTDOWN_NUMBER', '+14155550100')]: LINE },
  eventBus: {
    ...bus,
    publish: async (event) => {
      await delay(publishDelayMs)
      await bus.publish(event)
    },
  },
  readModel: false,
  authorize: async () => ({ userId: 'agent', lineIds: [LINE] }),
  fetch: async () => {
    console.log(JSON.stringify({ upstream: true }))
    await delay(upstreamDelayMs)
    return new Response(JSON.stringify([]), { headers: { 'content-type': 'application/json' } })
  },
  logger: { warn: () => undefined, error: (message) => console.error(message) },
})

const server = createServer(toNodeHandler(linekit))
await linekit.ready()
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }))
})

// The documented hook (server-helpers/README.md, "Shutting down").
process.once('SIGTERM', async () => {
  const closed = new Promise((resolve) => server.close(resolve)) // no new connections
  await linekit.close() // streams end, requests and webhooks in flight finish, the reader stops
  await Promise.race([closed, delay(5000)])
  process.exit(0)
})
