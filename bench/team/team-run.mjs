// One run of the team-load benchmark (bench/team/team-load.mjs) against app instances already
// up: the team working for some minutes (`runTeam`), or idle users with the inbox open
// (`runIdle`); each resolves the run's figures, measured at the forwarder, the mock and the pages.
import { percentile } from '../bench-support.mjs'
import { CUSTOMER, MINUTE, browserUser, floodUser, keylessFlood, nodeUser, sleep } from './team-users.mjs'

/** The app instances' retained heap, summed (each collects garbage first: team-app's /__bench/memory). */
async function heapUsed(urls) {
  let total = 0
  for (const url of urls) {
    const reading = await fetch(`${url}/__bench/memory`)
      .then((r) => r.json())
      .catch(() => null)
    if (reading) total += reading.heapUsed
  }
  return total
}

/** Most requests in any 60-second window (each window starts at a request). */
function peakPerMinute(times) {
  const sorted = [...times].sort((a, b) => a - b)
  let best = 0
  let j = 0
  for (let i = 0; i < sorted.length; i++) {
    while (sorted[i] - sorted[j] >= MINUTE) j++
    best = Math.max(best, i - j + 1)
  }
  return best
}

/** Outbound messages the mock stored: how often each text, and each user's texts in stored order. */
async function storedOutbound(control) {
  const { events } = await control('GET', '/events')
  const counts = new Map()
  const byUser = new Map() // user id → [n, …] in the order the service stored them
  for (const event of events) {
    if (event.type !== 'message.outbound' || !event.message) continue
    const text = event.message.content
    counts.set(text, (counts.get(text) ?? 0) + 1)
    const match = /^send-([\w]+)-(\d+)$/.exec(text)
    if (!match) continue
    if (!byUser.has(match[1])) byUser.set(match[1], [])
    byUser.get(match[1]).push(Number(match[2]))
  }
  // A user's texts stored out of the order typed (each number must be above the one before).
  const outOfOrder = []
  for (const [user, numbers] of byUser) {
    for (let i = 1; i < numbers.length; i++)
      if (numbers[i] <= numbers[i - 1]) outOfOrder.push(`${user}: ${numbers.join(', ')}`)
  }
  return { counts, outOfOrder: [...new Set(outOfOrder)] }
}

/** Runs the team for `minutes` against app instance(s); returns the measures. */
export async function runTeam({
  forwarder,
  mock,
  browser,
  bases,
  users,
  browsers,
  minutes,
  restart,
  sendEveryMs = MINUTE,
  burst = 1,
  flood = false,
}) {
  // Every upstream request of the phase counts, the pages' first loads too.
  const firstRequest = forwarder.requests.length
  const firstHook = forwarder.hooks.length
  const instanceUrls = () => forwarder.instances.filter((x) => x.up).map((x) => x.url)
  const heapBefore = await heapUsed(instanceUrls())
  const people = []
  const baseOf = (i) => () => bases()[i % bases().length]
  for (let i = 0; i < users; i++) {
    const offsetMs = Math.round((i * sendEveryMs) / users)
    const who = { id: `u${i}`, base: baseOf(i), offsetMs, sendEveryMs }
    if (i < browsers) people.push({ kind: 'browser', user: await browserUser({ browser, ...who, burst }) })
    else people.push({ kind: 'node', user: nodeUser(who) })
  }
  const started = Date.now()
  for (const p of people) await p.user.start()
  // Everyone connected (streams open, first reads done): the heap each connected user holds.
  await sleep(10_000)
  const heapConnected = await heapUsed(instanceUrls())
  // The flooder starts 30 s in and floods for a minute, alongside everything else.
  const flooder = flood ? floodUser({ id: 'flood', base: baseOf(0) }) : null
  const flooding = flooder ? sleep(30_000).then(() => flooder.run()) : Promise.resolve()
  // The customer writes every 15 s (through the mock's control API: not an upstream request).
  const customer = []
  const write = async () => {
    const text = `cust-${customer.length + 1}-${started}`
    customer.push(text)
    await mock
      .control('POST', '/inbound', { from: CUSTOMER, message: text, service: 'nativechat' })
      .catch(() => undefined)
  }
  const customerTimer = setInterval(() => void write(), 15_000)
  void write()
  const restarts = []
  for (const step of restart ?? []) {
    const wait = started + step.atMs - Date.now()
    if (wait > 0) await sleep(wait)
    const t0 = Date.now()
    await step.run()
    restarts.push({ name: step.name, atS: Math.round((t0 - started) / 1000), downMs: Date.now() - t0 })
  }
  const left = started + minutes * MINUTE - Date.now()
  if (left > 0) await sleep(left)
  clearInterval(customerTimer)
  // No new sends after the run; what was typed settles below.
  await Promise.all(people.map((p) => p.user.stopSending()))
  await flooding
  // Let the last sends settle (confirmation reads, webhooks, reconciler).
  await sleep(20_000)
  const browserSeen = []
  for (const p of people) if (p.kind === 'browser') browserSeen.push({ id: p.user.id, seen: await p.user.seen() })
  for (const p of people) await p.user.stop()
  // Streams closed: what the instances still hold (a stream's memory is freed when it closes).
  await sleep(5000)
  const heapAfter = await heapUsed(instanceUrls())

  // The voice-token mint has its own 30/min budget (spec: Limits): counted apart.
  const all = forwarder.requests.slice(firstRequest)
  const requests = all.filter((r) => r.path !== '/api/v1/dialer/token')
  const hooks = forwarder.hooks.slice(firstHook)
  const hookAt = new Map()
  for (const hook of hooks) if (hook.payload?.message) hookAt.set(hook.payload.message, hook.t)
  // Inbound on screen: each customer text on each Chromium page (and each Node user's stream).
  const latencies = []
  const missing = []
  for (const text of customer) {
    const at = hookAt.get(text)
    if (at === undefined) {
      missing.push(`${text}: no webhook`)
      continue
    }
    for (const b of browserSeen) {
      if (b.seen[text] === undefined) missing.push(`${text} never on ${b.id}'s screen`)
      else latencies.push(b.seen[text] - at)
    }
  }
  const nodeLatencies = []
  const nodeMissing = []
  for (const p of people) {
    if (p.kind !== 'node') continue
    for (const text of customer) {
      const at = hookAt.get(text)
      if (at === undefined) continue
      if (p.user.seen[text] === undefined) nodeMissing.push(`${text} never reached ${p.user.id}`)
      else nodeLatencies.push(p.user.seen[text] - at)
    }
  }
  const stored = await storedOutbound(mock.control)
  const sends = people.flatMap((p) => p.user.sends)
  const notOnce = sends
    .filter((s) => stored.counts.get(s.text) !== 1)
    .map((s) => `${s.text} stored ${stored.counts.get(s.text) ?? 0}×`)
  const perMinute = []
  for (let m = 0; m < minutes; m++)
    perMinute.push(requests.filter((r) => r.t >= started + m * MINUTE && r.t < started + (m + 1) * MINUTE).length)
  const byPath = {}
  for (const r of requests) byPath[r.path] = (byPath[r.path] ?? 0) + 1
  // The reconciler's reads (ascending by created_at_gte), by instance. In time order, a change of
  // instance is a handover: the leader stopped and another took the lease. Two reconcilers at
  // once would alternate; one per deployment changes at most once per restart.
  const reconcilerBy = {}
  const reconcilerHandovers = [] // seconds into the run
  let leader
  for (const r of requests)
    if (
      r.path === '/get-messages-api' &&
      r.query.includes('order_direction=asc') &&
      r.query.includes('created_at_gte')
    ) {
      reconcilerBy[r.instance] = (reconcilerBy[r.instance] ?? 0) + 1
      if (leader !== undefined && r.instance !== leader) reconcilerHandovers.push(Math.round((r.t - started) / 1000))
      leader = r.instance
    }
  return {
    users,
    browsers,
    minutes,
    requests: requests.length,
    upstream429: requests.filter((r) => r.status === 429).length,
    peakPerMinute: peakPerMinute(requests.map((r) => r.t)),
    perMinute,
    byPath,
    mints: all.length - requests.length,
    reconcilerBy,
    reconcilerHandovers,
    sends: sends.length,
    notStoredOnce: notOnce,
    outOfOrder: stored.outOfOrder,
    flood: flooder ? { statuses: flooder.statuses } : null,
    memory: {
      perConnectedUserKB: Math.round((heapConnected - heapBefore) / users / 102.4) / 10,
      connectedMB: Math.round(heapConnected / 104857.6) / 10,
      beforeMB: Math.round(heapBefore / 104857.6) / 10,
      afterMB: Math.round(heapAfter / 104857.6) / 10,
    },
    sendErrors: people.flatMap((p) => p.user.errors).slice(0, 20),
    errorCount: people.flatMap((p) => p.user.errors).length,
    customerMessages: customer.length,
    webhookFailures: hooks.filter((h) => h.status !== 200).length,
    onScreen: {
      samples: latencies.length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies.length ? Math.max(...latencies) : NaN,
      missing,
    },
    nodeStream: {
      samples: nodeLatencies.length,
      p95: percentile(nodeLatencies, 95),
      max: nodeLatencies.length ? Math.max(...nodeLatencies) : NaN,
      missing: nodeMissing.slice(0, 20),
      missingCount: nodeMissing.length,
    },
    failedShown: Math.max(0, ...people.filter((p) => p.kind === 'browser').map((p) => p.user.failedShown)),
    restarts,
  }
}

/**
 * Idle users (the inbox open, nobody sending) for `seconds`: upstream requests per minute over
 * the run after the first 30 s (the users' first reads), as a rate, with what they were.
 */
export async function runIdle({ forwarder, bases, count, seconds }) {
  const people = Array.from({ length: count }, (_, i) =>
    nodeUser({ id: `idle${count}-${i}`, base: () => bases()[0], sending: false }),
  )
  await Promise.all(people.map((p) => p.start()))
  // The same measured span for every group, after the users' first reads.
  const from = Date.now() + 30_000
  const end = from + (seconds - 30) * 1000
  await sleep(end - Date.now())
  for (const p of people) p.stop()
  const measured = forwarder.requests.filter((r) => r.t >= from && r.t < end && r.path !== '/api/v1/dialer/token')
  const byPath = {}
  for (const r of measured) byPath[r.path] = (byPath[r.path] ?? 0) + 1
  return {
    users: count,
    perMinute: Math.round((10 * measured.length * MINUTE) / (end - from)) / 10,
    byPath,
    upstream429: measured.filter((r) => r.status === 429).length,
    errors: people.reduce((n, p) => n + p.errors.length, 0),
  }
}

/**
 * `users` working users in Node (a send a minute, the threads list every 15 s, a native-availability
 * check a minute) beside one user flooding reads and sends at `perSecond` for `floodSeconds`; then
 * one user sending `keyless` messages of 60 KB without an idempotencyKey, the server's heap read
 * before and after. Resolves what the working users' requests got while the flood ran (from its
 * start to 5 s after its end), the flooder's answers and the heap readings.
 */
export async function runFlood({ forwarder, bases, users, floodSeconds, perSecond, keyless, log = console.log }) {
  const instanceUrls = () => forwarder.instances.filter((x) => x.up).map((x) => x.url)
  const firstRequest = forwarder.requests.length
  const people = Array.from({ length: users }, (_, i) =>
    nodeUser({
      id: `w${i}`,
      base: () => bases()[0],
      offsetMs: Math.round((i * MINUTE) / users),
      checkEveryMs: MINUTE,
    }),
  )
  for (const p of people) await p.start()
  // Everyone connected and their first reads done, as a team already at work.
  await sleep(10_000)
  const flooder = floodUser({ id: 'flood', base: () => bases()[0], seconds: floodSeconds, perSecond, reads: true })
  const from = Date.now()
  await flooder.run()
  const to = Date.now() + 5000
  await sleep(5000)
  for (const p of people) p.stopSending()
  // The requests of the span settle (a confirmation read, a check on its way).
  await sleep(5000)
  for (const p of people) p.stop()
  const answers = people.flatMap((p) => p.answers).filter((a) => a.t >= from && a.t < to)
  const upstream = forwarder.requests.slice(firstRequest).filter((r) => r.t >= from && r.t < to)
  log(
    `  flood over: ${answers.length} requests of the others, ${answers.filter((a) => a.status === 429).length} 429s; the flooder's ${JSON.stringify(flooder.statuses)}; ${keyless} keyless sends next…`,
  )

  await sleep(5000)
  const heapBefore = await heapUsed(instanceUrls())
  const keylessStatuses = await keylessFlood({ id: 'bulk', base: () => bases()[0], count: keyless })
  const heapAfter = await heapUsed(instanceUrls())
  const mb = (bytes) => Math.round(bytes / 104857.6) / 10
  return {
    users,
    floodSeconds,
    perSecond,
    others: {
      requests: answers.length,
      answered: answers.filter((a) => a.status !== 0).length,
      ok: answers.filter((a) => a.status >= 200 && a.status < 300).length,
      rateLimited: answers.filter((a) => a.status === 429).length,
      errors: answers.filter((a) => a.status === 0 || a.status >= 400).length,
      p50: percentile(
        answers.map((a) => a.ms),
        50,
      ),
      p99: percentile(
        answers.map((a) => a.ms),
        99,
      ),
      max: answers.length ? Math.max(...answers.map((a) => a.ms)) : NaN,
      firstErrors: people.flatMap((p) => p.errors).slice(0, 10),
    },
    flood: { statuses: flooder.statuses },
    upstream: { requests: upstream.length, upstream429: upstream.filter((r) => r.status === 429).length },
    keyless: { count: keyless, statuses: keylessStatuses, heapBeforeMB: mb(heapBefore), heapAfterMB: mb(heapAfter) },
  }
}
