// linekit/server in its own process for the proxy and SSE benchmarks, through the Node adapter,
// in front of the upstream given as argv[2]. Prints {"port"} once listening on 127.0.0.1.
// Started compiled by bench/spawn-server.mjs; by hand: `node --import tsx bench/servers/linekit-server.ts http://127.0.0.1:PORT [--key K] [--line L]`:
// the API key and the user's one line default to the stub upstream's.
import { createServer } from 'node:http'
import { createLinekitServer } from '../../server-helpers/index'
import { toNodeHandler } from '../../server-helpers/node'

const upstream = process.argv[2]
if (!upstream) throw new Error('usage: linekit-server.ts <upstream url> [--key K] [--line L]')
const arg = (name: string) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}
const LINE = arg('--line') ?? '9f1c2b9e-8d7a-4b8e-9c1d-2e3f4a5b6c7d'

const linekit = createLinekitServer({
  apiKey: arg('--key') ?? 'lk_bench_key',
  baseUrl: upstream,
  appUrl: upstream,
  // These benchmarks measure the added latency and the SSE fan-out, not the key's budget: the
  // gate is open (the upstream is local, with no limit of its own).
  requestsPerMinute: Number.POSITIVE_INFINITY,
  // Every measured read goes through the proxy to the upstream, not the read model (and no
  // reconciler reads in the background of the measurement).
  readModel: false,
  // One user allowed the account's only line: the cheapest realistic authorization.
  authorize: async () => ({ userId: 'bench', lineIds: [LINE] }),
  // For the SSE benchmark: webhooks in at /api/linekit/webhooks/whsec_bench, line number known.
  webhookSecret: 'whsec_bench',
  lineNumbers: { '+14155550999': LINE },
  // Long enough not to interleave heartbeats with the measured deliveries.
  heartbeatMs: 60_000,
  // The SSE benchmark's streams stand for as many browsers, all opened as the one user above: the
  // per-user and per-instance stream limits would refuse them (what is measured is the fan-out).
  maxStreamsPerUser: Number.POSITIVE_INFINITY,
  maxStreams: Number.POSITIVE_INFINITY,
  logger: {
    warn: (message, details) => console.warn(message, details),
    error: (message, details) => console.error(message, details),
  },
})
const server = createServer(toNodeHandler(linekit))
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }))
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
