// Proxy latency benchmark: what linekit/server's proxy route adds to one request over calling the
// upstream directly, both against the same local upstream (its own process), in one run. The proxy
// (bench/servers/linekit-server.ts, its own process, the Node adapter) serves
// GET /api/linekit/get-messages-api?pb_line_id=…&limit=50 for an authorized user: allowlist, line
// check, budget gate, key added, headers filtered, body redacted. (Throughput is not measured: the
// service's budget — 60 requests a minute for the whole key — is the bound, and the gate keeps it.)
//
// Upstreams: `mock` (the linekit mock service over HTTP, bench/servers/mock-upstream.ts:
// authenticates, parses with the zod schemas and answers from state, like the service; rate limit
// off) and `stub +20 ms` (bench/servers/stub-upstream.mjs answering a fixed 14 KB page after 20 ms, like
// a service across a network).
//
// Contenders: direct; linekit/server; a raw node:http proxy (bench/servers/raw-proxy.mjs:
// pass-through, nothing else — the floor of any Node proxy). One keep-alive client per target sends
// direct, linekit and raw-proxy requests in turn (the order rotating), so whatever else runs on the
// machine weighs on all; median of each, and median of the per-round differences to direct.
//
//   node bench/proxy-latency.mjs [--requests 500] [--service-delay-ms 20] [--json]
import http from 'node:http'
import { median, percentile, runAlone } from './bench-support.mjs'
import { startServer } from './spawn-server.mjs'

const targets = { addedMedianMs: 1 }
const STUB = { key: 'lk_bench_key', line: '9f1c2b9e-8d7a-4b8e-9c1d-2e3f4a5b6c7d' }
// The mock's seeded production account (mocks/README.md).
const MOCK = { key: 'lk_mock_production', line: '3f6c1a52-8d4e-4b7a-9c21-5e8f0a1b2c3d' }
const pathFor = (line) => `/get-messages-api?pb_line_id=${line}&limit=50`
const contenders = ['direct', 'linekit', 'raw']

/** One GET over a keep-alive agent; resolves the elapsed milliseconds (status checked). */
function timedGet(agent, url, headers) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint()
    const req = http.get(url, { agent, headers }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`GET ${url} → ${res.statusCode}`))
      res.resume()
      res.on('end', () => resolve(Number(process.hrtime.bigint() - t0) / 1e6))
    })
    req.on('error', reject)
  })
}

/** Latency of direct, linekit and the raw proxy against one upstream, paired per round. */
async function measure(upstreamSpec, { requests, log }) {
  const upstream = await upstreamSpec.start()
  const servers = {}
  try {
    const common = [upstream.url, '--key', upstreamSpec.key, '--line', upstreamSpec.line]
    servers.linekit = await startServer('bench/servers/linekit-server.ts', common)
    servers.raw = await startServer('bench/servers/raw-proxy.mjs', [upstream.url, '--key', upstreamSpec.key])
    const path = pathFor(upstreamSpec.line)
    // Direct calls carry the key themselves (the mock checks it); proxied ones get it from the proxy.
    const directHeaders = { authorization: `Bearer ${upstreamSpec.key}` }
    const target = (which) =>
      which === 'direct'
        ? { url: `${upstream.url}${path}`, headers: directHeaders }
        : { url: `${servers[which].url}/api/linekit${path}`, headers: {} }
    const agents = Object.fromEntries(contenders.map((c) => [c, new http.Agent({ keepAlive: true, maxSockets: 1 })]))
    const once = (c) => timedGet(agents[c], target(c).url, target(c).headers)
    // Warm-up: JIT, sockets.
    for (let i = 0; i < Math.min(200, requests); i++) for (const c of contenders) await once(c)
    const samples = Object.fromEntries(contenders.map((c) => [c, []]))
    for (let i = 0; i < requests; i++) {
      for (let k = 0; k < contenders.length; k++) {
        const c = contenders[(i + k) % contenders.length]
        samples[c].push(await once(c))
      }
    }
    for (const a of Object.values(agents)) a.destroy()
    const latency = Object.fromEntries(
      contenders.map((c) => [
        c,
        {
          p50: median(samples[c]),
          p99: percentile(samples[c], 99),
          // Median of per-round differences to the direct call made in the same round.
          addedMedian: median(samples[c].map((x, i) => x - samples.direct[i])),
        },
      ]),
    )
    log(
      `  ${upstreamSpec.name}: latency p50 ${contenders.map((c) => `${c} ${latency[c].p50.toFixed(3)} ms`).join(', ')} (${requests} rounds)`,
    )
    return { name: upstreamSpec.name, latency, requests }
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.stop()))
    await upstream.stop()
  }
}

/** Added latency against the mock and against the stub answering after `serviceDelayMs`. */
async function run({ requests = 500, serviceDelayMs = 20, log = console.log } = {}) {
  const mock = await measure(
    { name: 'mock', key: MOCK.key, line: MOCK.line, start: () => startServer('bench/servers/mock-upstream.ts') },
    { requests, log },
  )
  const delayed = await measure(
    {
      name: `stub +${serviceDelayMs} ms`,
      key: STUB.key,
      line: STUB.line,
      start: () => startServer('bench/servers/stub-upstream.mjs', ['--delay-ms', String(serviceDelayMs)]),
    },
    { requests, log },
  )
  return { mock, delayed, requests, serviceDelayMs }
}

const signed = (x, digits) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`

/** The figures' checks and table: per upstream, the latency via linekit and via the raw proxy. */
function report(r) {
  const checks = [r.mock, r.delayed].map((s) => ({
    name: `added median latency (${s.name} upstream, paired)`,
    value: s.latency.linekit.addedMedian,
    unit: 'ms',
    op: '≤',
    target: targets.addedMedianMs,
  }))
  const rows = []
  for (const s of [r.mock, r.delayed]) {
    const l = s.latency
    rows.push([
      `${s.name}: latency p50 (ms), via linekit`,
      l.direct.p50.toFixed(3),
      l.linekit.p50.toFixed(3),
      signed(l.linekit.addedMedian, 3),
      `≤ +${targets.addedMedianMs} ms`,
    ])
    rows.push([
      `${s.name}: latency p50 (ms), via the raw proxy (floor)`,
      l.direct.p50.toFixed(3),
      l.raw.p50.toFixed(3),
      signed(l.raw.addedMedian, 3),
      '',
    ])
    rows.push([
      `${s.name}: latency p99 (ms), via linekit`,
      l.direct.p99.toFixed(2),
      l.linekit.p99.toFixed(2),
      signed(l.linekit.p99 - l.direct.p99, 2),
      '',
    ])
  }
  const header = ['', 'direct', 'via proxy', 'added', 'target']
  return { checks, tables: { latency: { header, rows } }, params: `${r.requests} rounds per upstream` }
}

export const bench = {
  name: 'proxy',
  title: 'linekit/server proxy: added latency over the upstream called directly',
  options: (quick) => ({ requests: quick ? 200 : 500, serviceDelayMs: 20 }),
  run,
  report,
}

await runAlone(import.meta.url, bench, { requests: 500, serviceDelayMs: 20 })
