// Proxy benchmark (issue 11): what linekit/server's proxy route adds over calling the upstream
// directly, both against the same local upstream (bench/servers/upstream.mjs, its own process),
// in one run. The proxy (bench/servers/proxy.ts, its own process) serves GET
// /api/linekit/get-messages-api?pb_line_id=… for an authorized user: line check, allowlist,
// key added, headers filtered, body redacted, streamed back.
//
// - Added latency: one keep-alive client sends direct and proxied requests alternately (A B A B …),
//   so whatever else runs on the machine weighs on both; median of each, and median of the paired
//   differences. (autocannon's latency histogram has 1 ms resolution: too coarse for a 1 ms budget.)
// - Throughput kept: autocannon, N connections, direct and proxied runs alternated, median req/s.
//   Reference: a bare fetch proxy on the same Node bridge (bench/servers/bare-proxy.mjs), to tell
//   linekit's own work from the cost of any fetch-based proxy.
//
//   node bench/proxy.mjs [--requests 3000] [--seconds 5] [--connections 10] [--rounds 2] [--service-delay-ms 20] [--json]
import http from 'node:http'
import autocannon from 'autocannon'
import { startServer } from './spawn.mjs'
import { median, parseArgs, percentile, printTable } from './support.mjs'

export const targets = { addedMedianMs: 1, throughputKept: 0.8 }
const LINE = '9f1c2b9e-8d7a-4b8e-9c1d-2e3f4a5b6c7d'
const PATH = `/get-messages-api?pb_line_id=${LINE}&limit=50`

/** One GET over a keep-alive agent; resolves the elapsed milliseconds (status checked). */
function timedGet(agent, url) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint()
    const req = http.get(url, { agent }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`GET ${url} → ${res.statusCode}`))
      res.resume()
      res.on('end', () => resolve(Number(process.hrtime.bigint() - t0) / 1e6))
    })
    req.on('error', reject)
  })
}

function cannon(url, { seconds, connections }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1 }, (err, result) => (err ? reject(err) : resolve(result)))
  })
}

/** Latency (paired, one keep-alive client) and throughput (autocannon) of one upstream set-up. */
async function measurePair({ delayMs, requests, seconds, connections, rounds, log }) {
  const upstream = await startServer('bench/servers/upstream.mjs', ['--delay-ms', String(delayMs)])
  const proxy = await startServer('bench/servers/proxy.ts', [upstream.url], { nodeArgs: ['--import', 'tsx'] })
  const bare = await startServer('bench/servers/bare-proxy.mjs', [upstream.url])
  try {
    const direct = `${upstream.url}${PATH}`
    const viaProxy = `${proxy.url}/api/linekit${PATH}`
    const viaBare = `${bare.url}/api/linekit${PATH}`
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    // Warm-up: JIT, the proxy's lines cache, sockets.
    for (let i = 0; i < Math.min(300, requests); i++) {
      await timedGet(agent, direct)
      await timedGet(agent, viaProxy)
    }
    const a = []
    const b = []
    for (let i = 0; i < requests; i++) {
      // Alternate which goes first so neither always follows the other.
      if (i % 2 === 0) {
        a.push(await timedGet(agent, direct))
        b.push(await timedGet(agent, viaProxy))
      } else {
        b.push(await timedGet(agent, viaProxy))
        a.push(await timedGet(agent, direct))
      }
    }
    agent.destroy()
    const latency = {
      directP50: median(a),
      proxyP50: median(b),
      directP99: percentile(a, 99),
      proxyP99: percentile(b, 99),
      addedMedian: median(b) - median(a),
      pairedDiffMedian: median(a.map((x, i) => b[i] - x)),
    }
    log(`  upstream +${delayMs} ms: latency p50 direct ${latency.directP50.toFixed(3)} ms, via proxy ${latency.proxyP50.toFixed(3)} ms (${requests} pairs)`)

    const rps = { direct: [], proxy: [], bare: [] }
    const urls = { direct, proxy: viaProxy, bare: viaBare }
    for (const url of Object.values(urls)) await cannon(url, { seconds: 1, connections })
    for (let r = 0; r < rounds; r++) {
      for (const which of r % 2 === 0 ? ['direct', 'proxy', 'bare'] : ['bare', 'proxy', 'direct']) {
        const result = await cannon(urls[which], { seconds, connections })
        if (result.non2xx || result.errors) throw new Error(`${which}: ${result.non2xx} non-2xx, ${result.errors} errors`)
        rps[which].push(result.requests.average)
        log(`  upstream +${delayMs} ms: throughput round ${r + 1} ${which.padEnd(6)} ${result.requests.average.toFixed(0)} req/s`)
      }
    }
    const throughput = { direct: median(rps.direct), proxy: median(rps.proxy), bare: median(rps.bare) }
    throughput.kept = throughput.proxy / throughput.direct
    throughput.bareKept = throughput.bare / throughput.direct
    return { delayMs, latency, throughput }
  } finally {
    await bare.stop()
    await proxy.stop()
    await upstream.stop()
  }
}

/**
 * Two set-ups, each direct vs proxied in one run: an upstream that answers at once (the proxy's
 * CPU cost decides throughput: the worst case) and one answering after `serviceDelayMs` (a
 * service across a network: latency decides throughput, as in production).
 */
export async function runProxyBench({ requests = 3000, seconds = 5, connections = 10, rounds = 2, serviceDelayMs = 20, log = console.log } = {}) {
  const instant = await measurePair({ delayMs: 0, requests, seconds, connections, rounds, log })
  const delayed = await measurePair({ delayMs: serviceDelayMs, requests: Math.min(requests, 500), seconds, connections, rounds, log })
  return { instant, delayed, requests, seconds, connections, rounds, serviceDelayMs }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs({ requests: 3000, seconds: 5, connections: 10, rounds: 2, serviceDelayMs: 20, json: false })
  const r = await runProxyBench(args)
  if (args.json) console.log(JSON.stringify(r, null, 2))
  else {
    const rows = []
    for (const s of [r.instant, r.delayed]) {
      const tag = `upstream +${s.delayMs} ms`
      rows.push([`${tag}: latency p50 (ms)`, s.latency.directP50, s.latency.proxyP50, s.latency.addedMedian, `≤ +${targets.addedMedianMs} ms`])
      rows.push([`${tag}: median paired difference (ms)`, '', '', s.latency.pairedDiffMedian, `≤ +${targets.addedMedianMs} ms`])
      rows.push([`${tag}: latency p99 (ms)`, s.latency.directP99, s.latency.proxyP99, s.latency.proxyP99 - s.latency.directP99, ''])
      rows.push([`${tag}: req/s, ${r.connections} connections`, s.throughput.direct, s.throughput.proxy, s.throughput.kept, `≥ ${targets.throughputKept}`])
      rows.push([`${tag}: req/s, bare fetch proxy (reference)`, s.throughput.direct, s.throughput.bare, s.throughput.bareKept, ''])
    }
    printTable(['', 'direct', 'via proxy', 'added / kept', 'target'], rows)
  }
}
