// Proxy benchmark (issue 11): what linekit/server's proxy route adds over calling the upstream
// directly, both against the same local upstream (its own process), in one run. The proxy
// (bench/servers/proxy.ts, its own process, the Node adapter) serves
// GET /api/linekit/get-messages-api?pb_line_id=…&limit=50 for an authorized user: allowlist, line
// check, key added, headers filtered, body redacted.
//
// Three upstreams:
// - `stub`: bench/servers/upstream.mjs, a fixed 14 KB page as fast as Node can answer (~0.1 ms):
//   the proxy's own CPU decides throughput — the worst case.
// - `mock`: the linekit mock service over HTTP (bench/servers/mock-upstream.ts): authenticates,
//   parses with the zod schemas and answers from state, like the service (rate limit off).
// - `stub +20 ms`: the stub answering after 20 ms, like a service across a network.
//
// Contenders: direct; linekit/server with createNodeFetch() (the recommended Node set-up);
// linekit/server with the global fetch (createLinekitServer's default); a raw node:http proxy
// (bench/servers/raw-proxy.mjs: pass-through, nothing else — the floor of any Node proxy).
//
// - Added latency: one keep-alive client per target sends direct, linekit and raw-proxy requests in
//   turn (the order rotating), so whatever else runs on the machine weighs on all; median of each,
//   and median of the per-round differences to direct. (autocannon's latency histogram has 1 ms
//   resolution: too coarse for a 1 ms budget.)
// - Throughput kept: autocannon, N connections, contenders alternated over rounds, median req/s.
//
//   node bench/proxy.mjs [--requests 3000] [--seconds 5] [--connections 10] [--rounds 2] [--service-delay-ms 20] [--json]
import http from 'node:http'
import autocannon from 'autocannon'
import { startServer } from './spawn.mjs'
import { median, parseArgs, percentile, printTable } from './support.mjs'

export const targets = { addedMedianMs: 1, throughputKept: 0.8 }
const STUB = { key: 'lk_bench_key', line: '9f1c2b9e-8d7a-4b8e-9c1d-2e3f4a5b6c7d' }
// The mock's seeded production account (mocks/README.md).
const MOCK = { key: 'lk_mock_production', line: '3f6c1a52-8d4e-4b7a-9c21-5e8f0a1b2c3d' }
const pathFor = (line) => `/get-messages-api?pb_line_id=${line}&limit=50`

export const contenderNames = {
  direct: 'direct',
  linekit: 'linekit/server, createNodeFetch()',
  linekitGlobalFetch: 'linekit/server, global fetch',
  raw: 'raw node:http proxy (floor)',
}

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

function cannon(url, headers, { seconds, connections }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration: seconds, pipelining: 1 }, (err, result) =>
      err ? reject(err) : resolve(result),
    )
  })
}

/**
 * Latency (direct vs linekit, paired) and throughput (every contender) against one upstream.
 * `upstream`: { name, start(): Promise<server>, key, line }.
 */
async function measure(upstreamSpec, { requests, seconds, connections, rounds, contenders, log }) {
  const upstream = await upstreamSpec.start()
  const servers = {}
  try {
    const common = [upstream.url, '--key', upstreamSpec.key, '--line', upstreamSpec.line]
    if (contenders.includes('linekit')) servers.linekit = await startServer('bench/servers/proxy.ts', common)
    if (contenders.includes('linekitGlobalFetch'))
      servers.linekitGlobalFetch = await startServer('bench/servers/proxy.ts', [...common, '--global-fetch'])
    if (contenders.includes('raw'))
      servers.raw = await startServer('bench/servers/raw-proxy.mjs', [upstream.url, '--key', upstreamSpec.key])
    const path = pathFor(upstreamSpec.line)
    // Direct calls carry the key themselves (the mock checks it); proxied ones get it from the proxy.
    const directHeaders = { authorization: `Bearer ${upstreamSpec.key}` }
    const target = (which) =>
      which === 'direct'
        ? { url: `${upstream.url}${path}`, headers: directHeaders }
        : { url: `${servers[which].url}/api/linekit${path}`, headers: {} }

    // Latency: direct, linekit and (when measured) the raw proxy, one request each in turn, the
    // order rotating, on one keep-alive socket per target.
    const timed = contenders.filter((c) => c === 'direct' || c === 'linekit' || c === 'raw')
    const agents = Object.fromEntries(timed.map((c) => [c, new http.Agent({ keepAlive: true, maxSockets: 1 })]))
    const once = (c) => timedGet(agents[c], target(c).url, target(c).headers)
    // Warm-up: JIT, sockets.
    for (let i = 0; i < Math.min(300, requests); i++) for (const c of timed) await once(c)
    const samples = Object.fromEntries(timed.map((c) => [c, []]))
    for (let i = 0; i < requests; i++) {
      for (let k = 0; k < timed.length; k++) {
        const c = timed[(i + k) % timed.length]
        samples[c].push(await once(c))
      }
    }
    for (const a of Object.values(agents)) a.destroy()
    const latency = Object.fromEntries(
      timed.map((c) => [
        c,
        {
          p50: median(samples[c]),
          p99: percentile(samples[c], 99),
          // Median of per-round differences to the direct call made in the same round.
          addedMedian: median(samples[c].map((x, i) => x - samples.direct[i])),
        },
      ]),
    )
    latency.pairs = requests
    log(
      `  ${upstreamSpec.name}: latency p50 ${timed.map((c) => `${c} ${latency[c].p50.toFixed(3)} ms`).join(', ')} (${requests} rounds)`,
    )

    const rps = Object.fromEntries(contenders.map((c) => [c, []]))
    for (const c of contenders) await cannon(target(c).url, target(c).headers, { seconds: 1, connections })
    for (let r = 0; r < rounds; r++) {
      for (const which of r % 2 === 0 ? contenders : [...contenders].reverse()) {
        const { url, headers } = target(which)
        const result = await cannon(url, headers, { seconds, connections })
        if (result.non2xx || result.errors)
          throw new Error(`${upstreamSpec.name}, ${which}: ${result.non2xx} non-2xx, ${result.errors} errors`)
        rps[which].push(result.requests.average)
        log(
          `  ${upstreamSpec.name}: throughput round ${r + 1} ${contenderNames[which].padEnd(36)} ${result.requests.average.toFixed(0)} req/s`,
        )
      }
    }
    const throughput = Object.fromEntries(contenders.map((c) => [c, median(rps[c])]))
    const kept = Object.fromEntries(contenders.map((c) => [c, throughput[c] / throughput.direct]))
    return { name: upstreamSpec.name, latency, throughput, kept }
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.stop()))
    await upstream.stop()
  }
}

/** The three upstreams, each with direct vs proxied in one run. */
export async function runProxyBench({
  requests = 3000,
  seconds = 5,
  connections = 10,
  rounds = 2,
  serviceDelayMs = 20,
  log = console.log,
} = {}) {
  const options = { seconds, connections, rounds, log }
  const stub = await measure(
    {
      name: 'stub',
      key: STUB.key,
      line: STUB.line,
      start: () => startServer('bench/servers/upstream.mjs', ['--delay-ms', '0']),
    },
    { ...options, requests, contenders: ['direct', 'linekit', 'linekitGlobalFetch', 'raw'] },
  )
  const mock = await measure(
    { name: 'mock', key: MOCK.key, line: MOCK.line, start: () => startServer('bench/servers/mock-upstream.ts') },
    { ...options, requests: Math.min(requests, 1000), contenders: ['direct', 'linekit', 'linekitGlobalFetch', 'raw'] },
  )
  const delayed = await measure(
    {
      name: `stub +${serviceDelayMs} ms`,
      key: STUB.key,
      line: STUB.line,
      start: () => startServer('bench/servers/upstream.mjs', ['--delay-ms', String(serviceDelayMs)]),
    },
    { ...options, requests: Math.min(requests, 500), contenders: ['direct', 'linekit', 'linekitGlobalFetch', 'raw'] },
  )
  return { stub, mock, delayed, requests, seconds, connections, rounds, serviceDelayMs }
}

/** Rows for a table: per upstream, latency and every contender's throughput. */
export function proxyRows(r) {
  const rows = []
  for (const s of [r.stub, r.mock, r.delayed]) {
    const l = s.latency
    rows.push([
      `${s.name}: latency p50 (ms), via linekit`,
      l.direct.p50.toFixed(3),
      l.linekit.p50.toFixed(3),
      `+${l.linekit.addedMedian.toFixed(3)}`,
      `≤ +${targets.addedMedianMs} ms`,
    ])
    if (l.raw)
      rows.push([
        `${s.name}: latency p50 (ms), via the raw proxy (floor)`,
        l.direct.p50.toFixed(3),
        l.raw.p50.toFixed(3),
        `+${l.raw.addedMedian.toFixed(3)}`,
        '',
      ])
    rows.push([
      `${s.name}: latency p99 (ms), via linekit`,
      l.direct.p99.toFixed(2),
      l.linekit.p99.toFixed(2),
      `+${(l.linekit.p99 - l.direct.p99).toFixed(2)}`,
      '',
    ])
    for (const c of Object.keys(s.throughput)) {
      if (c === 'direct') continue
      rows.push([
        `${s.name}: req/s, ${contenderNames[c]}`,
        s.throughput.direct.toFixed(0),
        s.throughput[c].toFixed(0),
        `${(100 * s.kept[c]).toFixed(0)} % kept`,
        c === 'linekit' ? `≥ ${100 * targets.throughputKept} %` : '',
      ])
    }
  }
  return rows
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs({ requests: 3000, seconds: 5, connections: 10, rounds: 2, serviceDelayMs: 20, json: false })
  const r = await runProxyBench(args)
  if (args.json) console.log(JSON.stringify(r, null, 2))
  else printTable(['', 'direct', 'via proxy', 'added / kept', 'target'], proxyRows(r))
}
