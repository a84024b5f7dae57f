// The floor of a fetch-based proxy, for comparison in the proxy benchmark: the same Node bridge
// as linekit/server's adapter (@hono/node-server's getRequestListener) and Node's fetch to the
// upstream, nothing else (no allowlist, no auth, no line check, no redaction). Prints {"port"}.
import { createServer } from 'node:http'
import { getRequestListener } from '@hono/node-server'

const upstream = process.argv[2]
if (!upstream) throw new Error('usage: bare-proxy.mjs <upstream url>')
const prefix = '/api/linekit'
const drop = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection'])

const listener = getRequestListener(
  async (request) => {
    const url = new URL(request.url)
    const res = await fetch(`${upstream}${url.pathname.slice(prefix.length)}${url.search}`, { signal: request.signal })
    const headers = new Headers()
    for (const [k, v] of res.headers) if (!drop.has(k)) headers.set(k, v)
    return new Response(res.body, { status: res.status, headers })
  },
  { overrideGlobalObjects: false },
)
const server = createServer(listener)
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
