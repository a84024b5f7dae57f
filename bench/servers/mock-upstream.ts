// The linekit mock service over HTTP (linekit/mocks/node) as the proxy benchmark's realistic
// local upstream: every request authenticated, parsed with the zod schemas and answered from
// state, as the real service would. Rate limit off (the benchmark is the only client).
// Prints {"port"} once listening on 127.0.0.1. Started compiled by bench/spawn-server.mjs (or `node --import tsx bench/servers/mock-upstream.ts`).
import { startMockServer } from '../../mocks/node/index'

const mock = await startMockServer({ port: 0 })
const settings = await fetch(`${mock.url}/__mock/settings`, {
  method: 'PATCH',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ rateLimitPerMinute: 0 }),
})
if (!settings.ok) throw new Error(`mock settings → ${settings.status}`)
console.log(JSON.stringify({ port: mock.port }))
process.on('SIGTERM', () => void mock.close().then(() => process.exit(0)))
