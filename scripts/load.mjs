#!/usr/bin/env node
// Load test of linekit/server's Node adapter:
//   node scripts/load.mjs [--duration 30] [--connections 200] [--in-process] [--json]
// Starts the standalone mock (mocks/node, rate limit off) and, in a second process, the real
// linekit/server behind `toNodeHandler` proxying to it over loopback HTTP (`--in-process`: the
// mock runs inside the server process and its `fetch` is the upstream); then autocannon drives
// `--connections` concurrent clients for `--duration` seconds with a mix of reads and writes
// (lines, messages list, availability, sends with fresh idempotency keys). Reports requests
// served, latency percentiles, errors (socket errors, timeouts, non-2xx) and the server process's
// RSS (sampled from /proc, peak = VmHWM). Exits 1 on any error or when the peak RSS exceeds
// --max-rss-mb (default 512). The test suite runs a 3-second version (scripts/load.test.ts).
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '200' },
    'max-rss-mb': { type: 'string', default: '512' },
    // Caps the server's V8 old space: a leak then fails the run instead of hiding in a lazy GC.
    'server-heap-mb': { type: 'string' },
    json: { type: 'boolean', default: false },
    serve: { type: 'boolean', default: false },
    upstream: { type: 'string' },
    'in-process': { type: 'boolean', default: false },
  },
  strict: true,
})

const KEY = 'lk_mock_production'
const SESSION = 'load-test-session'
const MAIN = '3f6c1a52-8d4e-4b7a-9c21-5e8f0a1b2c3d'
const ALL_LINES = [
  MAIN,
  '7a1d2e3f-4b5c-4d6e-8f70-1a2b3c4d5e6f',
  '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e',
  'c4d5e6f7-0a1b-4c2d-9e3f-4a5b6c7d8e9f',
]

if (values.serve) await serve(values.upstream)
else await main()

/** Child process: linekit/server through the Node adapter, upstream = the standalone mock. */
async function serve(upstream) {
  const { createServer } = await import('node:http')
  const { createLinekitServer } = await import(join(root, 'server-helpers/index.ts'))
  const { toNodeHandler } = await import(join(root, 'server-helpers/node.ts'))
  let warnings = 0
  let fetchUpstream
  if (upstream === 'in-process') {
    const { createMockService } = await import(join(root, 'mocks/index.ts'))
    const mock = createMockService()
    mock.control.updateSettings({ rateLimitPerMinute: 0 })
    fetchUpstream = (request) => mock.fetch(request)
    upstream = 'http://mock.linekit.local'
  }
  const linekit = createLinekitServer({
    apiKey: KEY,
    baseUrl: upstream,
    appUrl: upstream,
    ...(fetchUpstream ? { fetch: fetchUpstream } : {}),
    webhookSecret: 'whsec_load',
    // The subject is the adapter under load, with the mock's limit off: the budget gate is open too.
    requestsPerMinute: Number.POSITIVE_INFINITY,
    logger: { warn: () => void (warnings += 1), error: (message, details) => console.error(message, details) },
    // A session check as an app would do it: a bearer token naming the user.
    authorize: async (request) =>
      request.headers.get('authorization') === `Bearer ${SESSION}` ? { userId: 'load', lineIds: ALL_LINES } : null,
  })
  // LOAD_DEBUG=1: report requests slower than 3 s (path, and whether the upstream was the slow part).
  if (process.env.LOAD_DEBUG) {
    const handle = linekit.handle.bind(linekit)
    linekit.handle = async (request, context) => {
      const started = Date.now()
      const response = await handle(request, context)
      const ms = Date.now() - started
      if (ms > 3000)
        console.error(`slow ${ms} ms ${request.method} ${new URL(request.url).pathname} → ${response.status}`)
      return response
    }
  }
  const http = createServer(toNodeHandler(linekit))
  http.keepAliveTimeout = 65_000
  http.listen(0, '127.0.0.1', () => console.log(`linekit load server on http://127.0.0.1:${http.address().port}`))
  process.on('SIGTERM', () => {
    http.closeAllConnections()
    http.close(() => process.exit(0))
  })
}

function start(args, pattern, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolveUrl, reject) => {
    let out = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk) => {
      out += chunk
      const match = out.match(pattern)
      if (match) resolveUrl({ child, url: match[1] })
    })
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before listening:\n${out}`)))
  })
}

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+) kB`))?.[1] ?? 0)
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 }
}

async function main() {
  const require = createRequire(import.meta.url)
  const autocannon = require('autocannon')
  const duration = Number(values.duration)
  const connections = Number(values.connections)
  const maxRssMb = Number(values['max-rss-mb'])
  const stops = []
  try {
    let upstream = 'in-process'
    if (!values['in-process']) {
      const mock = await start(['mocks/node/cli.ts', '--port', '0'], /listening on (http:\/\/\S+)/)
      stops.push(mock.child)
      // The service's 60/min would refuse almost everything: the load test measures the proxy.
      await fetch(`${mock.url}/__mock/settings`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rateLimitPerMinute: 0 }),
      })
      upstream = mock.url
    }
    const heapMb = values['server-heap-mb']
    const server = await start(
      ['scripts/load.mjs', '--serve', '--upstream', upstream],
      /load server on (http:\/\/\S+)/,
      heapMb ? [`--max-old-space-size=${Number(heapMb)}`] : [],
    )
    stops.push(server.child)
    const pid = server.child.pid
    const rssStart = rssOf(pid).rss
    let rssPeakSampled = rssStart
    // RSS every 5 s of the measured run: bounded memory means a plateau, not a climb.
    const timeline = []
    let ticks = 0
    let measuring = false
    const sampler = setInterval(() => {
      try {
        const rss = rssOf(pid).rss
        rssPeakSampled = Math.max(rssPeakSampled, rss)
        if (measuring && ++ticks % 25 === 0) timeline.push(mb(rss))
      } catch {
        // process gone: reported by the error count
      }
    }, 200)

    const headers = { authorization: `Bearer ${SESSION}`, 'x-linekit-csrf': '1', 'content-type': 'application/json' }
    let seq = 0
    const requests = [
      { method: 'GET', path: '/api/linekit/get-messages-api?limit=20', headers },
      { method: 'GET', path: '/api/linekit/get-lines', headers },
      { method: 'GET', path: `/api/linekit/get-messages-api?limit=5&pb_line_id=${MAIN}&direction=inbound`, headers },
      {
        method: 'POST',
        path: '/api/linekit/api-check-native-availability',
        headers,
        body: JSON.stringify({ phone: '+14155550124' }),
      },
      { method: 'GET', path: '/api/linekit/get-effects', headers },
      {
        method: 'POST',
        path: '/api/linekit/send-api-message',
        headers,
        setupRequest: (request) => {
          seq += 1
          return {
            ...request,
            body: JSON.stringify({
              phone: `+1415555${String(1000 + (seq % 8000)).padStart(4, '0')}`,
              message: `load ${seq}`,
              lineId: MAIN,
              idempotencyKey: `load-${seq}`,
            }),
          }
        },
      },
    ]
    // Warm-up (JIT, connection pools) so a short run measures the steady state; not counted.
    await autocannon({ url: server.url, connections: Math.min(10, connections), amount: 300, requests, timeout: 10 })
    const started = new Date()
    measuring = true
    const result = await autocannon({ url: server.url, connections, duration, requests, timeout: 10 })
    clearInterval(sampler)
    const rssEnd = rssOf(pid)
    const summary = {
      date: started.toISOString(),
      loadAverage: (await import('node:os')).loadavg().map((n) => Math.round(n * 10) / 10),
      command: `node scripts/load.mjs --duration ${duration} --connections ${connections}${values['in-process'] ? ' --in-process' : ''}${values['server-heap-mb'] ? ` --server-heap-mb ${values['server-heap-mb']}` : ''}`,
      upstream: values['in-process'] ? 'in-process mock (same process)' : 'standalone mock over loopback HTTP',
      connections,
      durationSeconds: duration,
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      rssMb: {
        start: mb(rssStart),
        peak: mb(Math.max(rssPeakSampled, rssEnd.hwm)),
        end: mb(rssEnd.rss),
        every5s: timeline,
      },
    }
    const ok =
      summary.errors === 0 &&
      summary.timeouts === 0 &&
      summary.non2xx === 0 &&
      summary.requests > 0 &&
      summary.rssMb.peak <= maxRssMb
    if (values.json) console.log(JSON.stringify({ ok, ...summary }))
    else {
      console.log(`linekit/server Node adapter → ${summary.upstream}, ${connections} connections, ${duration} s`)
      console.log(`  requests served ${summary.requests} (${summary.requestsPerSecond}/s)`)
      console.log(
        `  latency p50 ${summary.latencyMs.p50} ms, p90 ${summary.latencyMs.p90} ms, p99 ${summary.latencyMs.p99} ms, max ${summary.latencyMs.max} ms`,
      )
      console.log(`  errors ${summary.errors}, timeouts ${summary.timeouts}, non-2xx ${summary.non2xx}`)
      console.log(`  machine load average (1/5/15 min) ${summary.loadAverage.join(' / ')}`)
      console.log(
        `  server RSS start ${summary.rssMb.start} MB, peak ${summary.rssMb.peak} MB, end ${summary.rssMb.end} MB (limit ${maxRssMb} MB)`,
      )
      console.log(`  server RSS every 5 s: ${summary.rssMb.every5s.join(', ')} MB`)
      console.log(ok ? 'OK' : 'FAILED')
    }
    process.exitCode = ok ? 0 : 1
  } finally {
    for (const child of stops.reverse()) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
    }
  }
}

function mb(bytes) {
  return Math.round((bytes / 1024 / 1024) * 10) / 10
}
