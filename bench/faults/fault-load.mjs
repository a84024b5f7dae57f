// The fault benchmark: linekit/server deployed as its README says — the standalone mock service
// (its 60/min limit on), redis-server (no persistence), three instances (bench/servers/fault-app.ts:
// Redis bus, budget and model stores) behind a round-robin balancer, all on 127.0.0.1 — under a
// steady load (inbound messages, users' sends, three browsers' event streams), broken the way
// production breaks, one fault per phase. Per fault: messages lost, duplicates, sends lost or
// doubled, upstream maximum in 60 s, service 429s, errors to users, recovery time.
//
//   node bench/faults/fault-load.mjs [--phaseSeconds 30] [--sendsPerMinute 40] [--json]
//   npm run bench -- --only faults [--quick]
import { mkdirSync, writeFileSync } from 'node:fs'
import { Redis } from 'ioredis'
import { tsImport } from 'tsx/esm/api'
import { runAlone } from '../bench-support.mjs'
import { startServer } from '../spawn-server.mjs'
import { startBalancer, withMock } from '../team/team-servers.mjs'
import { readEvents } from './fault-streams.mjs'

const SECRET = 'team-bench-secret'
const KEY = 'lk_mock_production'
const CUSTOMER = '+14155550124'
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** The faults, in the order they run; `inject` returns when the fault is over (healed). */
const faults = [
  {
    name: 'Redis loses the budget window (`DEL …:budget:messaging:window`)',
    inject: async ({ admin }) => void (await admin.del('fault:budget:messaging:window')),
  },
  {
    name: 'SIGTERM to an instance (documented hook), restarted',
    inject: async ({ restart }) => restart(0, 'SIGTERM'),
  },
  {
    name: "an instance's clock 15 min ahead for 3 s",
    inject: async ({ instances }) => {
      const step = (offsetMs) =>
        fetch(`${instances[1].url}/__bench/clock`, { method: 'POST', body: JSON.stringify({ offsetMs }) })
      await step(15 * 60_000)
      await sleep(3000)
      await step(0)
    },
  },
  {
    name: 'every instance unreachable for webhooks 12 s (the service disables the webhook)',
    inject: async ({ instances, mock, forwarderUrl, waitForHealth }) => {
      for (const instance of instances) instance.up = false
      await sleep(12_000)
      for (const instance of instances) instance.up = true
      // The operator's part (server-helpers/README.md, "A disabled webhook"): when the health
      // route says deliveries stopped, create a new webhook with the same URL.
      const noticed = await waitForHealth('not_delivering', 90_000)
      if (noticed) await mock.control('POST', '/webhooks', webhookBody(forwarderUrl))
      return { detectedAfterMs: noticed }
    },
  },
  {
    name: 'Redis outage 20 s (killed; back empty)',
    inject: async ({ redisServer }) => {
      await redisServer.stop('SIGKILL')
      await sleep(20_000)
      await redisServer.start()
    },
  },
  { name: 'an instance killed (`kill -9`), restarted 5 s later', inject: async ({ restart }) => restart(2, 'SIGKILL') },
  {
    name: 'Redis restart (no persistence)',
    inject: async ({ redisServer }) => {
      await redisServer.stop('SIGTERM')
      await redisServer.start()
    },
  },
]

const webhookBody = (forwarderUrl) => ({
  accountId: 'acct_production',
  url: `${forwarderUrl}/__hooks`,
  inbound: true,
  outbound: true,
  audioCalls: true,
})

async function run(options) {
  const { redisServer: launch } = await tsImport('../../test/support/redisServer.ts', import.meta.url)
  const redisServer = await launch()
  await redisServer.start()
  const redisUrl = `redis://127.0.0.1:${redisServer.port}`
  const admin = new Redis(redisUrl, { retryStrategy: () => 200, maxRetriesPerRequest: 1 })
  admin.on('error', () => undefined)
  try {
    return await withMock(async ({ mock, forwarder, lines }) => {
      const app = (name) =>
        startServer('bench/servers/fault-app.ts', [], {
          env: {
            FAULT_UPSTREAM: forwarder.url,
            FAULT_REDIS: redisUrl,
            FAULT_NAME: name,
            FAULT_SECRET: SECRET,
            FAULT_KEY: KEY,
            FAULT_LINES: lines.join(','),
          },
        })
      const instances = []
      for (const name of ['a', 'b', 'c']) instances.push({ name, up: true, ...(await app(name)) })
      forwarder.instances.push(...instances)
      const balancer = await startBalancer(instances)
      /** Stops instance `i` with `signal`, waits for it to exit, starts it again (5 s later after a kill). */
      const restart = async (i, signal) => {
        const instance = instances[i]
        const exited = new Promise((resolve) => instance.child.once('exit', resolve))
        instance.child.kill(signal)
        await exited
        instance.up = false
        if (signal === 'SIGKILL') await sleep(5000)
        Object.assign(instance, await app(instance.name), { up: true })
      }
      const waitForHealth = async (state, withinMs) => {
        const started = Date.now()
        while (Date.now() - started < withinMs) {
          const health = await fetch(`${instances[0].url}/api/linekit/health`)
            .then((r) => r.json())
            .catch(() => null)
          if (health?.webhooks?.state === state) return Date.now() - started
          await sleep(500)
        }
        return null
      }

      const started = Date.now()
      const streams = [0, 1, 2].map((i) => readEvents(`${balancer.url}/api/linekit/events`, `lkuser=u${i}`))
      const inbound = [] // { content, t }
      const sends = [] // { content, t, status, attempts }
      let phase = 'warm-up'
      let running = true
      const inboundLoop = (async () => {
        for (let n = 0; running; n++) {
          const content = `in ${phase} #${n}`
          inbound.push({ content, t: Date.now() })
          await mock.control('POST', '/inbound', { from: CUSTOMER, message: content, lineId: lines[0] }).catch(() => {})
          await sleep(1000 / options.inboundPerSecond)
        }
      })()
      const send = async (n) => {
        const content = `out ${phase} #${n}`
        const record = { content, t: Date.now(), status: 0, attempts: 0 }
        sends.push(record)
        const key = `fault-${n}-${started}`
        // A user's client retries a send with its key on a network error or a 5xx (another instance answers).
        for (; record.attempts < 4; record.attempts++) {
          try {
            const response = await fetch(`${balancer.url}/api/linekit/send-api-message`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-linekit-csrf': '1', cookie: `lkuser=u${n % 20}` },
              body: JSON.stringify({ phone: CUSTOMER, message: content, lineId: lines[0], idempotencyKey: key }),
            })
            await response.arrayBuffer()
            record.status = response.status
            if (response.status < 500) return
          } catch {
            record.status = -1
          }
          await sleep(1000)
        }
      }
      const sendLoop = (async () => {
        const pending = []
        for (let n = 0; running; n++) {
          pending.push(send(n))
          await sleep(60_000 / options.sendsPerMinute)
        }
        await Promise.all(pending)
      })()

      await sleep(options.phaseSeconds * 1000)
      const phases = []
      for (const fault of faults) {
        phase = fault.name.slice(0, 24)
        const t0 = Date.now()
        await sleep((options.phaseSeconds * 1000) / 3)
        const injected = Date.now()
        const extra =
          (await fault.inject({
            admin,
            instances,
            restart,
            mock,
            forwarderUrl: forwarder.url,
            redisServer,
            waitForHealth,
          })) ?? {}
        const healed = Date.now()
        await sleep((options.phaseSeconds * 2000) / 3)
        phases.push({ name: fault.name, prefix: phase, t0, injected, healed, t1: Date.now(), ...extra })
      }
      running = false
      await Promise.all([inboundLoop, sendLoop])
      // Time for the reader to list what no webhook announced.
      await sleep(options.settleSeconds * 1000)
      const events = streams.flatMap((s) => s.stop())
      const stored = await storedSends(forwarder.url, started)
      const requests = forwarder.requests.map((r) => ({ t: r.t, status: r.status }))
      await balancer.close()
      await Promise.all(instances.map((instance) => instance.stop()))
      const figures = { options, phases, inbound, sends, events, stored, requests }
      // Kept for a report that fails or is reread (`--json` prints them too).
      mkdirSync('node_modules/.cache/linekit-bench', { recursive: true })
      writeFileSync('node_modules/.cache/linekit-bench/faults-figures.json', JSON.stringify(figures))
      return figures
    })
  } finally {
    admin.disconnect()
    await redisServer.stop()
  }
}

/** Every send stored by the service since `since` (content → count), read after the run. */
async function storedSends(upstream, since) {
  const counts = {}
  for (let offset = 0; offset < 1900; offset += 100) {
    const url = `${upstream}/get-messages-api?order_direction=asc&limit=100&offset=${offset}&created_at_gte=${new Date(since).toISOString()}&direction=outbound`
    let response
    for (;;) {
      response = await fetch(url, { headers: { authorization: `Bearer ${KEY}` } })
      if (response.status !== 429) break
      await sleep(Number(response.headers.get('retry-after') ?? 5) * 1000)
    }
    const { data } = await response.json()
    for (const m of data ?? []) if (m.content.startsWith('out ')) counts[m.content] = (counts[m.content] ?? 0) + 1
    if (!data || data.length < 100) break
  }
  return counts
}

/** Per phase: figures from what happened between its start and the next phase's. */
function figuresOf(r) {
  return r.phases.map((p) => {
    const inPhase = (x) => x.t >= p.t0 && x.t < p.t1
    const heard = new Map()
    for (const e of r.events) {
      const key = `${e.listener}|${e.type}|${e.content}|${e.status ?? ''}`
      heard.set(key, (heard.get(key) ?? 0) + 1)
    }
    const received = new Set(r.events.map((e) => e.content))
    const mine = r.inbound.filter((m) => m.content.startsWith(`in ${p.prefix} `))
    const lost = mine.filter((m) => !received.has(m.content)).length
    const duplicates = [...heard].filter(([k, n]) => n > 1 && k.includes(`in ${p.prefix} `)).length
    const sends = r.sends.filter((s) => s.content.startsWith(`out ${p.prefix} `))
    const acknowledged = sends.filter((s) => s.status === 200)
    const sendsLost = acknowledged.filter((s) => !r.stored[s.content]).length
    const sendsDoubled = sends.filter((s) => (r.stored[s.content] ?? 0) > 1).length
    const failed = sends.filter((s) => s.status !== 200)
    const errors = failed.length
    const byStatus = {}
    for (const s of failed) byStatus[s.status] = (byStatus[s.status] ?? 0) + 1
    const upstream = r.requests.filter(inPhase)
    const maxPer60 = Math.max(
      0,
      ...upstream.map((q) => r.requests.filter((o) => o.t >= q.t && o.t < q.t + 60_000).length),
    )
    const limited = upstream.filter((q) => q.status === 429).length
    // Recovery: from the fault's end until a message injected after it reaches a browser.
    const after = mine.filter((m) => m.t >= p.healed && received.has(m.content))
    const firstSeen = after.length
      ? Math.min(...after.map((m) => r.events.find((e) => e.content === m.content).t))
      : null
    const recoveryMs = firstSeen === null ? null : Math.max(0, firstSeen - p.healed)
    return {
      name: p.name,
      byStatus,
      inbound: mine.length,
      lost,
      duplicates,
      sends: sends.length,
      sendsLost,
      sendsDoubled,
      errors,
      maxPer60,
      limited,
      recoveryMs,
      detectedAfterMs: p.detectedAfterMs,
    }
  })
}

function report(r) {
  const rows = figuresOf(r)
  const checks = [
    { name: 'messages lost, every fault', value: rows.reduce((n, x) => n + x.lost, 0), unit: '', op: '=', target: 0 },
    {
      name: 'sends lost or doubled, every fault',
      value: rows.reduce((n, x) => n + x.sendsLost + x.sendsDoubled, 0),
      unit: '',
      op: '=',
      target: 0,
    },
    {
      name: 'upstream requests in any 60 s',
      value: Math.max(...rows.map((x) => x.maxPer60)),
      unit: '',
      op: '≤',
      target: 60,
    },
  ]
  const header = [
    'fault',
    'inbound',
    'lost',
    'dup.',
    'sends',
    'lost / doubled',
    'upstream max 60 s',
    'service 429s',
    'errors to users',
    'recovery',
  ]
  const table = rows.map((x) => [
    x.name,
    String(x.inbound),
    String(x.lost),
    String(x.duplicates),
    String(x.sends),
    `${x.sendsLost} / ${x.sendsDoubled}`,
    String(x.maxPer60),
    String(x.limited),
    x.errors === 0
      ? '0'
      : `${x.errors} (${Object.entries(x.byStatus)
          .map(([status, n]) => `${status === '-1' ? 'no answer' : status} × ${n}`)
          .join(', ')})`,
    x.recoveryMs === null
      ? '—'
      : `${(x.recoveryMs / 1000).toFixed(1)} s${x.detectedAfterMs ? ` (noticed in ${(x.detectedAfterMs / 1000).toFixed(0)} s)` : ''}`,
  ])
  const o = r.options
  const params = `${o.phaseSeconds} s per fault, ${o.inboundPerSecond} inbound messages/s, ${o.sendsPerMinute} sends/min from 20 users, 3 event streams, ${o.settleSeconds} s to settle`
  return { checks, tables: { faults: { header, rows: table } }, params }
}

export const bench = {
  name: 'faults',
  title: 'faults: three instances, Redis and a balancer, broken the way production breaks',
  options: (quick) => ({
    phaseSeconds: quick ? 30 : 60,
    inboundPerSecond: 2,
    sendsPerMinute: 40,
    settleSeconds: quick ? 20 : 40,
  }),
  run,
  report,
}

await runAlone(import.meta.url, bench, { phaseSeconds: 30, inboundPerSecond: 2, sendsPerMinute: 40, settleSeconds: 20 })
