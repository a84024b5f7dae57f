// Team-load benchmark: one API key, a whole support team. The standalone mock over HTTP
// (`npm run mock`, its 60 requests/minute limit on) stands in for the service; between it and the
// app sits a counting forwarder (every upstream request and every webhook delivery is timed
// there); the app (bench/servers/team-app.ts) mounts linekit/server through the Node adapter and
// serves the inbox page (bench/team/inbox-page.tsx). Users: real Chromium pages with the inbox
// open (the first `--browsers`), the rest in Node doing what an open inbox does through the same
// routes (bench/team/team-users.mjs). Each user sends a message a minute, a customer writes every
// 15 s (bench/team/team-run.mjs measures a run).
//
// Phases: `single` (one app instance), `idle` (5 then 50 idle users: upstream requests per minute),
// `redis` (two app instances sharing a real redis-server, each restarted once mid-run), `scale`
// (100 users on two instances over redis-server, each restarted once, plus one user flooding
// typing indicators and sends at 10/s for a minute: the others must not notice), `flood` (one
// instance, 20 working users beside one user flooding reads and sends at 10× the key's rate for
// `--flood-seconds`, then 3,000 sends of 60 KB without an idempotencyKey: the server's heap
// before and after).
//
//   node bench/team/team-load.mjs [--minutes 3] [--users 25] [--browsers 5] [--idle-seconds 90]
//     [--scale-users 100] [--flood-seconds 60] [--phases single,idle,redis,scale,flood] [--json]
import { freePort, launchBrowser } from '../../test/e2e/support.mjs'
import { runAlone } from '../bench-support.mjs'
import { floodReport } from './team-flood.mjs'
import { runFlood, runIdle, runTeam } from './team-run.mjs'
import { buildInboxPage, startApp, startBalancer, startRedis, withMock } from './team-servers.mjs'
import { MINUTE } from './team-users.mjs'

const targets = {
  upstream429: 0,
  perMinute: 60,
  onScreenMs: 2000,
  idleDifferencePct: 10,
  p99Ms: 2000,
  heapGrowthMB: 10,
}
const allPhases = ['single', 'idle', 'redis', 'scale', 'flood']
/** The flood phase: working users beside the flooder, its rate (10× the key's 60 a minute), the keyless sends. */
const FLOOD = { users: 20, perSecond: 10, keyless: 3000 }

/**
 * Two app instances over one redis-server behind the balancer, each restarted once mid-run;
 * `load` (sendEveryMs, burst, flood) is passed to the team.
 */
async function runTwoInstances({ pageDir, browser, users, browsers, minutes, ...load }) {
  const redis = await startRedis()
  try {
    return await withMock(async ({ mock, forwarder, lines }) => {
      const ports = [await freePort(), await freePort()]
      const apps = []
      for (const [i, port] of ports.entries()) {
        apps[i] = await startApp({
          pageDir,
          upstream: forwarder.url,
          port,
          name: 'ab'[i],
          redis: redis.url,
          lines,
        })
        forwarder.instances.push({ url: apps[i].url, up: true })
      }
      const restartOf = (i) => async () => {
        forwarder.instances[i].up = false
        await apps[i].stop()
        apps[i] = await startApp({
          pageDir,
          upstream: forwarder.url,
          port: ports[i],
          name: 'ab'[i],
          redis: redis.url,
          lines,
        })
        forwarder.instances[i].up = true
      }
      const balancer = await startBalancer(forwarder.instances)
      try {
        return await runTeam({
          forwarder,
          mock,
          browser,
          bases: () => [balancer.url],
          users,
          browsers,
          minutes,
          ...load,
          restart: [
            { name: 'a', atMs: (minutes * MINUTE) / 3, run: restartOf(0) },
            { name: 'b', atMs: (2 * minutes * MINUTE) / 3, run: restartOf(1) },
          ],
        })
      } finally {
        await balancer.close()
        for (const app of apps) await app.stop()
      }
    })
  } finally {
    await redis.stop()
  }
}

/**
 * Runs the phases (a list, or a comma-separated string); resolves { single?, idle?, redis?,
 * scale? } and the options they ran with.
 */
async function run(options = {}) {
  const minutes = options.minutes ?? 3
  const users = options.users ?? 25
  const browsersCount = options.browsers ?? 5
  const idleSeconds = options.idleSeconds ?? 150
  const listed = options.phases ?? allPhases
  const phases = new Set(typeof listed === 'string' ? listed.split(',') : listed)
  const log = options.log ?? console.log
  const pageDir = await buildInboxPage()
  const browser = await launchBrowser()
  const scaleUsers = options.scaleUsers ?? 100
  const floodSeconds = options.floodSeconds ?? 60
  const out = { ran: { minutes, users, browsers: browsersCount, idleSeconds, scaleUsers, floodSeconds } }
  try {
    if (phases.has('single') || phases.has('idle')) {
      await withMock(async ({ mock, forwarder, lines }) => {
        const port = await freePort()
        const app = await startApp({ pageDir, upstream: forwarder.url, port, name: 'a', lines })
        forwarder.instances.push({ url: app.url, up: true })
        try {
          if (phases.has('single')) {
            log(`  single instance: ${users} users (${browsersCount} in Chromium), ${minutes} min…`)
            out.single = await runTeam({
              forwarder,
              mock,
              browser,
              bases: () => [app.url],
              users,
              browsers: browsersCount,
              minutes,
            })
          }
          if (phases.has('idle')) {
            log(`  idle: 5 then 50 users, ${idleSeconds} s each…`)
            const five = await runIdle({ forwarder, bases: () => [app.url], count: 5, seconds: idleSeconds })
            const fifty = await runIdle({ forwarder, bases: () => [app.url], count: 50, seconds: idleSeconds })
            out.idle = {
              five,
              fifty,
              differencePct:
                Math.round((1000 * Math.abs(fifty.perMinute - five.perMinute)) / Math.max(1, five.perMinute)) / 10,
            }
          }
        } finally {
          await app.stop()
        }
      })
    }
    if (phases.has('redis')) {
      log(`  two instances over redis-server: ${users} users, ${minutes} min, each instance restarted once…`)
      out.redis = await runTwoInstances({ pageDir, browser, users, browsers: browsersCount, minutes })
    }
    if (phases.has('scale')) {
      log(
        `  two instances over redis-server: ${scaleUsers} users, ${minutes} min, each instance restarted once, one user flooding…`,
      )
      // A send every `scaleUsers` × 2 s per user keeps the team's sends near 30 a minute (the key
      // allows 60 for everything); each Chromium agent types three lines in a row.
      out.scale = await runTwoInstances({
        pageDir,
        browser,
        users: scaleUsers,
        browsers: browsersCount,
        minutes,
        sendEveryMs: scaleUsers * 2000,
        burst: 3,
        flood: true,
      })
    }
    if (phases.has('flood')) {
      log(
        `  one instance: ${FLOOD.users} working users, one flooding reads and sends at ${FLOOD.perSecond}/s for ${floodSeconds} s, then ${FLOOD.keyless} keyless 60 KB sends…`,
      )
      await withMock(async ({ forwarder, lines }) => {
        const port = await freePort()
        const app = await startApp({ pageDir, upstream: forwarder.url, port, name: 'a', lines })
        forwarder.instances.push({ url: app.url, up: true })
        try {
          out.flood = await runFlood({ forwarder, bases: () => [app.url], floodSeconds, log, ...FLOOD })
        } finally {
          await app.stop()
        }
      })
    }
  } finally {
    await browser.close()
  }
  return out
}

/** Rows for a table of one team run. */
function teamRows(r) {
  return [
    ['upstream requests (all)', r.requests],
    ['upstream requests per minute', r.perMinute.join(', ')],
    ['most upstream requests in any 60 s', r.peakPerMinute],
    ['upstream 429s', r.upstream429],
    ['sends (stored exactly once)', `${r.sends} (${r.sends - r.notStoredOnce.length})`],
    ['users whose sends were stored out of typed order', r.outOfOrder.length],
    ...(r.flood
      ? [
          [
            "the flooder's answers by status",
            Object.entries(r.flood.statuses)
              .map(([status, n]) => `${status}: ${n}`)
              .join(', '),
          ],
        ]
      : []),
    [
      'server heap (all instances): before users / connected / after they left; per connected user',
      `${r.memory.beforeMB} / ${r.memory.connectedMB} / ${r.memory.afterMB} MB; ${r.memory.perConnectedUserKB} KB`,
    ],
    ['customer messages', r.customerMessages],
    [
      'inbound on a Chromium screen after its webhook, p50 / p95 / max',
      `${r.onScreen.p50} / ${r.onScreen.p95} / ${r.onScreen.max} ms (${r.onScreen.samples} samples, ${r.onScreen.missing.length} missing)`,
    ],
    [
      "inbound on a Node user's stream or list, p95 / max",
      `${r.nodeStream.p95} / ${r.nodeStream.max} ms (${r.nodeStream.samples} samples, ${r.nodeStream.missingCount} missing)`,
    ],
    ['failed items or alerts on a page (most at once)', r.failedShown],
    ['error answers to users', r.errorCount],
    [
      'upstream requests by path',
      Object.entries(r.byPath)
        .map(([p, n]) => `${p} ${n}`)
        .join(', '),
    ],
    ['voice-token mints (own 30/min budget)', r.mints],
    [
      'reconciler reads by instance',
      `${JSON.stringify(r.reconcilerBy)}; handovers: ${r.reconcilerHandovers.length}` +
        (r.reconcilerHandovers.length ? ` (at ${r.reconcilerHandovers.join(', ')} s)` : '') +
        `; restarts: ${r.restarts.map((x) => `${x.name} at ${x.atS} s`).join(', ') || 'none'}`,
    ],
  ]
}

/** The checks every team run has, `label` naming the run. */
function teamChecks(label, t) {
  return [
    { name: `${label}: upstream 429s`, value: t.upstream429, unit: '', op: '=', target: targets.upstream429 },
    {
      name: `${label}: most upstream requests in any 60 s`,
      value: t.peakPerMinute,
      unit: '',
      op: '≤',
      target: targets.perMinute,
    },
    { name: `${label}: sends not stored exactly once`, value: t.notStoredOnce.length, unit: '', op: '=', target: 0 },
    {
      name: `${label}: users whose sends were stored out of typed order`,
      value: t.outOfOrder.length,
      unit: '',
      op: '=',
      target: 0,
    },
    {
      name: `${label}: inbound messages never on a Chromium screen`,
      value: t.onScreen.missing.length,
      unit: '',
      op: '=',
      target: 0,
    },
    {
      name: `${label}: inbound on screen after its webhook, slowest`,
      value: t.onScreen.max,
      unit: 'ms',
      op: '≤',
      target: targets.onScreenMs,
    },
    { name: `${label}: failed items or alerts shown`, value: t.failedShown, unit: '', op: '=', target: 0 },
    { name: `${label}: error answers to users`, value: t.errorCount, unit: '', op: '=', target: 0 },
  ]
}

/** One team run's table, and what went wrong by name (the first few) below it. */
function teamTable(t) {
  const notes = []
  if (t.notStoredOnce.length) notes.push(`Not stored exactly once: ${t.notStoredOnce.slice(0, 10).join('; ')}`)
  if (t.onScreen.missing.length) notes.push(`Never on screen: ${t.onScreen.missing.slice(0, 10).join('; ')}`)
  if (t.sendErrors.length) notes.push(`First error answers: ${t.sendErrors.slice(0, 8).join('; ')}`)
  return { header: ['measure', 'value'], rows: teamRows(t).map(([k, v]) => [k, String(v)]), notes }
}

/** The figures' checks and tables: one table per phase that ran. */
function report(r) {
  const checks = []
  const tables = {}
  if (r.single) {
    checks.push(...teamChecks('one instance', r.single))
    tables.single = teamTable(r.single)
  }
  if (r.idle) {
    checks.push({
      name: 'idle: 5 vs 50 users, upstream requests per minute, difference',
      value: r.idle.differencePct,
      unit: '%',
      op: '<',
      target: targets.idleDifferencePct,
    })
    const byPath = (x) =>
      Object.entries(x.byPath)
        .map(([p, n]) => `${p} ${n}`)
        .join(', ')
    tables.idle = {
      header: ['users', 'upstream requests per minute', 'by path', 'upstream 429s', 'error answers'],
      rows: [r.idle.five, r.idle.fifty].map((x) => [
        String(x.users),
        String(x.perMinute),
        byPath(x),
        String(x.upstream429),
        String(x.errors),
      ]),
    }
  }
  // Two instances: a Node user connected throughout must miss nothing, restarts included, and one
  // reconciler per deployment hands over at most once per restart (two at once would alternate).
  const missedNode = (label, t) => ({
    name: `${label}: inbound messages that missed a connected Node user`,
    value: t.nodeStream.missingCount,
    unit: '',
    op: '=',
    target: 0,
  })
  if (r.redis) {
    checks.push(...teamChecks('two instances', r.redis), missedNode('two instances', r.redis), {
      name: 'two instances: reconciler handovers (one reconciler: at most one per restart)',
      value: r.redis.reconcilerHandovers.length,
      unit: '',
      op: '≤',
      target: r.redis.restarts.length,
    })
    tables.redis = teamTable(r.redis)
  }
  if (r.scale) {
    checks.push(...teamChecks('100 users', r.scale), missedNode('100 users', r.scale), {
      name: "100 users: the flooder's requests refused with its own 429",
      value: r.scale.flood?.statuses['429'] ?? 0,
      unit: '',
      op: '≥',
      target: 1,
    })
    tables.scale = teamTable(r.scale)
  }
  if (r.flood) {
    const flood = floodReport(r.flood, targets)
    checks.push(...flood.checks)
    tables.flood = flood.table
  }
  const { minutes, users, browsers, idleSeconds, scaleUsers, floodSeconds } = r.ran
  const params =
    `${users} users (${browsers} in Chromium) for ${minutes} min per phase, ${scaleUsers} in the 100-user phase; ` +
    `idle groups ${idleSeconds} s; the flood phase ${FLOOD.users} users, flooding ${floodSeconds} s`
  return { checks, tables, params }
}

export const bench = {
  name: 'team',
  title: 'a support team on one API key (standalone mock over HTTP, 60/min limit on)',
  options: (quick) => ({
    minutes: quick ? 1 : 3,
    users: 25,
    browsers: 5,
    idleSeconds: quick ? 60 : 150,
    floodSeconds: quick ? 30 : 60,
  }),
  run,
  report,
}

await runAlone(import.meta.url, bench, {
  minutes: 3,
  users: 25,
  browsers: 5,
  idleSeconds: 90,
  scaleUsers: 100,
  floodSeconds: 60,
  phases: allPhases.join(','),
})
