// One instance of the fault benchmark's deployment (bench/faults/fault-load.mjs), deployed as
// server-helpers/README.md says: Redis constructed as documented (error listener, reconnect
// options), the Redis bus, budget store and model store, `ready()` before listening, and the
// documented SIGTERM hook. Its clock is the wall clock plus an offset the driver may step
// (POST /__bench/clock {"offsetMs"}), as a VM resumed or an NTP step does. Prints {"port"}.
//
//   FAULT_UPSTREAM=http://127.0.0.1:4010 FAULT_REDIS=redis://127.0.0.1:6379 FAULT_SECRET=s \
//   FAULT_LINES=a,b [FAULT_NAME=a] [FAULT_PORT=0] node --import tsx bench/servers/fault-app.ts
import { createServer } from 'node:http'
import { Redis } from 'ioredis'
import { createLinekitServer } from '../../server-helpers/index'
import { toNodeHandler } from '../../server-helpers/node'
import { createRedisBudgetStore, createRedisEventBus, createRedisModelStore } from '../../server-helpers/redis'

const env = (name: string, fallback?: string) => {
  const value = process.env[name] ?? fallback
  if (value === undefined) throw new Error(`fault-app: ${name} is required`)
  return value
}
const name = env('FAULT_NAME', 'app')
const upstream = env('FAULT_UPSTREAM')
const lines = env('FAULT_LINES').split(',').filter(Boolean)
const log = (level: 'warn' | 'error', message: string, details?: unknown) =>
  console.error(JSON.stringify({ instance: name, level, message, details }))

const redis = new Redis(env('FAULT_REDIS'), {
  retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  maxRetriesPerRequest: 10,
  connectTimeout: 5000,
})
let redisErrors = 0
redis.on('error', (error: Error) => {
  // One line per outage is enough for the driver: the count is in /__bench/state.
  if (redisErrors++ === 0) log('warn', 'redis', { error: error.message })
})
redis.on('ready', () => (redisErrors = 0))

let offsetMs = 0
const linekit = createLinekitServer({
  apiKey: env('FAULT_KEY', 'lk_mock_production'),
  baseUrl: upstream,
  appUrl: upstream,
  webhookSecret: env('FAULT_SECRET'),
  now: () => Date.now() + offsetMs,
  fetch: (request: Request, init?: RequestInit) => {
    const headers = new Headers(request.headers)
    headers.set('x-bench-instance', name)
    return fetch(new Request(request, { headers }), init)
  },
  eventBus: createRedisEventBus({ redis, keyPrefix: 'fault' }),
  budgetStore: (gate) =>
    createRedisBudgetStore({
      redis,
      gate,
      keyPrefix: 'fault',
      onLost: (lost) => log('warn', `the ${lost} budget window is gone from Redis; taken as full`),
    }),
  readModel: { store: createRedisModelStore({ redis, keyPrefix: 'fault' }) },
  authorize: async (request) => {
    const cookie = /(?:^|;\s*)lkuser=([\w-]+)/.exec(request.headers.get('cookie') ?? '')
    return { userId: cookie?.[1] ?? 'anonymous', lineIds: lines }
  },
  logger: {
    warn: (message, details) => log('warn', message, details),
    error: (message, details) => log('error', message, details),
  },
})
const handler = toNodeHandler(linekit)
const server = createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/__bench/clock') {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      offsetMs = Number((JSON.parse(body) as { offsetMs?: number }).offsetMs ?? 0)
      res.writeHead(204).end()
    })
    return
  }
  void handler(req, res)
})
server.keepAliveTimeout = 60_000
await linekit.ready()
server.listen(Number(process.env.FAULT_PORT ?? 0), '127.0.0.1', () => {
  const address = server.address()
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }))
})

// The documented hook (server-helpers/README.md, "Shutting down").
process.once('SIGTERM', async () => {
  const closed = new Promise((resolve) => server.close(resolve))
  await linekit.close()
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000))])
  process.exit(0)
})
