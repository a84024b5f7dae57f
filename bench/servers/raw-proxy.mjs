// The floor of any Node proxy, for comparison in the proxy benchmark: node:http in, node:http out
// over a keep-alive agent, the upstream's status, content type and body passed through, nothing
// else (no Request/Response objects, no allowlist, auth, line check or redaction). Prints {"port"}.
import http from 'node:http'

const upstream = process.argv[2]
if (!upstream) throw new Error('usage: raw-proxy.mjs <upstream url> [--key K]')
const keyAt = process.argv.indexOf('--key')
const key = keyAt > 0 ? process.argv[keyAt + 1] : 'lk_bench_key'
const { hostname, port } = new URL(upstream)
const prefix = '/api/linekit'
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 })

const server = http.createServer((req, res) => {
  const forward = http.request(
    {
      host: hostname,
      port,
      path: (req.url ?? '/').slice(prefix.length),
      method: req.method,
      agent,
      headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
    },
    (up) => {
      const chunks = []
      up.on('data', (chunk) => chunks.push(chunk))
      up.on('end', () => {
        const body = Buffer.concat(chunks)
        res.writeHead(up.statusCode ?? 502, {
          'content-type': up.headers['content-type'] ?? 'application/json',
          'content-length': body.byteLength,
        })
        res.end(body)
      })
    },
  )
  forward.on('error', () => res.writeHead(502).end())
  req.pipe(forward)
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
