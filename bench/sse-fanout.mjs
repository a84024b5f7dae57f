// SSE fan-out benchmark: one linekit/server instance (bench/servers/linekit-server.ts, its own
// process, in-memory bus) with N browsers' event streams open (GET /api/linekit/events, one socket
// each); message webhooks are POSTed to it one at a time and every stream's receipt is timed from
// the moment the webhook was sent (same clock: the clients run here). Baseline: one stream.
// All N clients parse in this one process, so client-side queuing counts against the figure.
//
//   node bench/sse-fanout.mjs [--clients 1000] [--events 20] [--gap-ms 250] [--json]
import http from 'node:http'
import net from 'node:net'
import { median, percentile, runAlone } from './bench-support.mjs'
import { startServer } from './spawn-server.mjs'

const targets = { p99Ms: 50 }
const SECRET = 'whsec_bench'

/**
 * Opens one event stream on a raw socket and calls onEvent(messageId, receivedAtMs) per message
 * event. Raw TCP rather than http.get: a thousand HTTP parsers and string decoders in this one
 * process would time the client, not the server. The response is chunked; an SSE frame is small
 * enough to sit in one chunk, and a short tail is kept in case a frame is split across reads.
 */
function openStream(base, onEvent) {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) })
    socket.setNoDelay(true)
    let head = true
    let tail = ''
    socket.on('connect', () =>
      socket.write(
        `GET /api/linekit/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\nConnection: keep-alive\r\n\r\n`,
      ),
    )
    socket.on('data', (chunk) => {
      const at = performance.now()
      const text = tail + chunk.toString('latin1')
      if (head) {
        if (!text.startsWith('HTTP/1.1 200')) return reject(new Error(`events → ${text.slice(0, 40)}`))
        head = false
        resolve({ close: () => socket.destroy() })
      }
      const re = /"messageId":(\d+)/g
      let m
      let consumed = 0
      while ((m = re.exec(text))) {
        onEvent(Number(m[1]), at)
        consumed = re.lastIndex
      }
      tail = text.slice(Math.max(consumed, text.length - 32))
    })
    socket.on('error', reject)
  })
}

function postWebhook(base, messageId) {
  const body = JSON.stringify({
    message: `bench ${messageId}`,
    destination: '+14155550100',
    receivedAt: new Date().toISOString(),
    direction: 'inbound',
    messageId,
    guid: `bench-${messageId}`,
    linePhoneNumber: '+14155550999',
  })
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/linekit/webhooks/${SECRET}`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume()
        res.on('end', () =>
          res.statusCode === 200 ? resolve(undefined) : reject(new Error(`webhook → ${res.statusCode}`)),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** Delivery latencies (ms) of `events` webhooks to `clients` open streams. */
async function fanOut(base, { clients, events, gapMs, firstId }) {
  const sentAt = new Map()
  const latencies = []
  let received = 0
  const streams = []
  // Open in batches: a thousand simultaneous connects would mostly measure the accept queue.
  for (let i = 0; i < clients; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, clients - i) }, () =>
        openStream(base, (id, at) => {
          const t = sentAt.get(id)
          if (t === undefined) return
          latencies.push(at - t)
          received += 1
        }),
      ),
    )
    streams.push(...batch)
  }
  await sleep(500)
  for (let e = 0; e < events; e++) {
    const id = firstId + e
    sentAt.set(id, performance.now())
    await postWebhook(base, id)
    await sleep(gapMs)
  }
  // Wait for stragglers (bounded).
  for (let waited = 0; received < clients * events && waited < 10_000; waited += 50) await sleep(50)
  for (const s of streams) s.close()
  return { latencies, expected: clients * events, received }
}

async function run({ clients = 1000, events = 20, gapMs = 250, log = console.log, serverNodeArgs = [] } = {}) {
  const upstream = await startServer('bench/servers/stub-upstream.mjs')
  const server = await startServer('bench/servers/linekit-server.ts', [upstream.url], { nodeArgs: serverNodeArgs })
  try {
    // Warm-up (JIT, the webhook path) with one stream.
    await fanOut(server.url, { clients: 1, events: 5, gapMs: 20, firstId: 1_000_000 })
    const one = await fanOut(server.url, { clients: 1, events, gapMs: 50, firstId: 1 })
    const many = await fanOut(server.url, { clients, events, gapMs, firstId: 10_000 })
    const stats = (r) => ({
      delivered: r.received,
      expected: r.expected,
      p50: median(r.latencies),
      p99: percentile(r.latencies, 99),
      max: Math.max(...r.latencies),
    })
    const baseline = stats(one)
    const fan = stats(many)
    log(
      `  1 stream: p99 ${baseline.p99.toFixed(2)} ms; ${clients} streams: p99 ${fan.p99.toFixed(2)} ms (${fan.delivered}/${fan.expected} delivered)`,
    )
    return { clients, events, baseline, fan, ratioP99: fan.p99 / baseline.p99 }
  } finally {
    await server.stop()
    await upstream.stop()
  }
}

/** The figures' checks and table: delivery to one stream against delivery to every stream. */
function report(r) {
  const checks = [
    // The clients parse in one process on the server's machine: their queuing counts too.
    { name: `p99 delivery to ${r.clients} streams`, value: r.fan.p99, unit: 'ms', op: '<', target: targets.p99Ms },
    {
      name: `all ${r.fan.expected} deliveries arrived`,
      value: r.fan.delivered,
      unit: '',
      op: '=',
      target: r.fan.expected,
    },
  ]
  const rows = [
    ['p50 (ms)', r.baseline.p50.toFixed(2), r.fan.p50.toFixed(2), `${(r.fan.p50 / r.baseline.p50).toFixed(1)}×`, ''],
    ['p99 (ms)', r.baseline.p99.toFixed(2), r.fan.p99.toFixed(2), `${r.ratioP99.toFixed(1)}×`, `< ${targets.p99Ms}`],
    ['max (ms)', r.baseline.max.toFixed(2), r.fan.max.toFixed(2), '', ''],
    [
      'delivered / expected',
      `${r.baseline.delivered}/${r.baseline.expected}`,
      `${r.fan.delivered}/${r.fan.expected}`,
      '',
      'all',
    ],
  ]
  const header = ['delivery after the webhook POST', '1 stream (baseline)', `${r.clients} streams`, 'ratio', 'target']
  return { checks, tables: { delivery: { header, rows } }, params: `${r.clients} streams, ${r.events} webhooks` }
}

export const bench = {
  name: 'sse',
  title: 'SSE fan-out from one instance',
  options: (quick) => ({ clients: 1000, events: quick ? 10 : 20, gapMs: 250 }),
  run,
  report,
}

await runAlone(import.meta.url, bench, { clients: 1000, events: 20, gapMs: 250 })
