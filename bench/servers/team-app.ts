// An app that mounts linekit/server through the Node adapter, for the team-load benchmark
// (bench/team/team-load.mjs): it serves the inbox page (bench/team/inbox-page.tsx, built by the
// driver) at `/` and the kit's routes under /api/linekit. Every user may use every line of the account; the
// user is the `lkuser` cookie. With TEAM_REDIS, the instances share the event bus, the budget
// gates and the read model (one reconciler) through Redis. Prints {"port"} once listening on 127.0.0.1.
//
//   TEAM_UPSTREAM=http://127.0.0.1:4010 TEAM_SECRET=s TEAM_PAGE_DIR=/tmp/page [TEAM_PORT=0] \
//   [TEAM_REDIS=redis://127.0.0.1:6379] [TEAM_NAME=a] node --import tsx bench/servers/team-app.ts
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { createLinekitServer } from '../../server-helpers/index'
import { toNodeHandler } from '../../server-helpers/node'
import { createRedisBudgetStore, createRedisEventBus, createRedisModelStore } from '../../server-helpers/redis'

const env = (name: string, fallback?: string) => {
  const value = process.env[name] ?? fallback
  if (value === undefined) throw new Error(`team-app: ${name} is required`)
  return value
}
const upstream = env('TEAM_UPSTREAM')
const name = env('TEAM_NAME', 'app')
const pageDir = env('TEAM_PAGE_DIR')
const redisUrl = process.env.TEAM_REDIS
const LINES = (process.env.TEAM_LINES ?? '').split(',').filter(Boolean)

const page = {
  '/': { type: 'text/html; charset=utf-8', body: readFileSync(join(pageDir, 'index.html')) },
  '/page.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(join(pageDir, 'page.js')) },
  '/page.css': { type: 'text/css; charset=utf-8', body: readFileSync(join(pageDir, 'page.css')) },
} as Record<string, { type: string; body: Buffer }>

const redis = redisUrl ? new Redis(redisUrl) : null
const linekit = createLinekitServer({
  apiKey: env('TEAM_KEY', 'lk_mock_production'),
  baseUrl: upstream,
  appUrl: upstream,
  webhookSecret: env('TEAM_SECRET'),
  // Which instance called: the driver attributes upstream requests (one reconciler).
  fetch: (request: Request, init?: RequestInit) => {
    const headers = new Headers(request.headers)
    headers.set('x-bench-instance', name)
    return fetch(new Request(request, { headers }), init)
  },
  // The read model (memory, or shared through Redis with one reconciler for all instances); with
  // Redis the budget gates and the event bus are shared too.
  readModel: redis ? { store: createRedisModelStore({ redis, keyPrefix: 'team' }) } : {},
  ...(redis
    ? {
        eventBus: createRedisEventBus({ redis, keyPrefix: 'team' }),
        budgetStore: (gate: 'messaging' | 'mint') => createRedisBudgetStore({ redis, gate, keyPrefix: 'team' }),
      }
    : {}),
  authorize: async (request) => {
    const cookie = /(?:^|;\s*)lkuser=([\w-]+)/.exec(request.headers.get('cookie') ?? '')
    return { userId: cookie?.[1] ?? 'anonymous', lineIds: LINES }
  },
  logger: {
    // A user leaving mid-request (the driver stopping) aborts its upstream call: not news.
    warn: (message: string, details?: unknown) =>
      void (
        String((details as { error?: unknown } | undefined)?.error).includes('aborted') ||
        console.warn(`[${name}]`, message, details ?? '')
      ),
    error: (message: string, details?: unknown) => console.error(`[${name}]`, message, details ?? ''),
  },
})
const handler = toNodeHandler(linekit)
const server = createServer((req, res) => {
  // The driver's memory readings (started with --expose-gc: a collection first, so the heap is
  // what is retained, not garbage not yet collected).
  if (req.method === 'GET' && req.url === '/__bench/memory') {
    ;(globalThis as { gc?: () => void }).gc?.()
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(process.memoryUsage()))
    return
  }
  const asset = req.method === 'GET' ? page[(req.url ?? '/').split('?')[0]!] : undefined
  if (asset) {
    res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'no-store' })
    res.end(asset.body)
    return
  }
  void handler(req, res)
})
server.keepAliveTimeout = 60_000
// Traffic only once the read model is loaded (a deployment's readiness check): a restarted
// instance then answers from what the other one recorded, not upstream or after a wait.
await linekit.ready()
server.listen(Number(process.env.TEAM_PORT ?? 0), '127.0.0.1', () => {
  const address = server.address()
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }))
})
// A graceful stop, as the README asks of a deployment: close() saves the model and gives the
// reconciler's lease up, so another instance leads at its next tick (not after the lease runs out).
process.on('SIGTERM', () => {
  server.closeAllConnections()
  server.close()
  void linekit.close().finally(() => process.exit(0))
  setTimeout(() => process.exit(0), 2000).unref()
})
