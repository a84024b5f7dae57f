// A minimal stand-in for the service, for the proxy benchmark: answers the two routes the
// benchmark calls with fixed JSON, as fast as Node can, in its own process. Prints {"port"} once
// listening on 127.0.0.1 (`--delay-ms N` adds a service-like delay). Not the mock: the point is to see the proxy's own cost, not the mock's.
import { createServer } from 'node:http'

// `--delay-ms N`: answer N ms late, like a real service across a network (0 = as fast as Node can).
const delayAt = process.argv.indexOf('--delay-ms')
const delayMs = delayAt > 0 ? Number(process.argv[delayAt + 1]) : 0

export const LINE = '9f1c2b9e-8d7a-4b8e-9c1d-2e3f4a5b6c7d'
const base = Date.parse('2026-03-01T00:00:00Z')
// A realistic page: 50 message records (the thread's page size), ~14 KB of JSON.
const page = JSON.stringify({
  status: 'OK',
  data: Array.from({ length: 50 }, (_, i) => ({
    message_handle: `pbm_${i}`,
    content: `Message ${i} ` + 'lorem ipsum '.repeat(i % 9),
    from_number: '+14155550100',
    to_number: '+14155550999',
    line_id: LINE,
    service: 'nativechat',
    direction: 'inbound',
    status: 'delivered',
    created_at: new Date(base + i * 60_000).toISOString(),
    sent_at: new Date(base + i * 60_000).toISOString(),
    media_attachment_url: null,
    voice_attachment_url: null,
  })),
  pagination: { limit: 50, offset: 0, total: 50 },
})
const lines = JSON.stringify([{ lineId: LINE, phoneNumber: '+14155550999', name: 'Main' }])

const server = createServer((req, res) => {
  const path = (req.url ?? '').split('?')[0]
  const body = path === '/get-messages-api' ? page : path === '/get-lines' ? lines : null
  // Drain the request body (none for GETs) before answering.
  req.resume()
  req.on('end', () => {
    if (body === null) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found","code":"not_found"}')
      return
    }
    const send = () =>
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body)
    if (delayMs > 0) setTimeout(send, delayMs)
    else send()
  })
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
