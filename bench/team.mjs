// Team-load benchmark: one API key, a whole support team. The standalone mock over
// HTTP (`npm run mock`, its 60 requests/minute limit on) stands in for the service; between it
// and the app sits a counting forwarder (every upstream request and every webhook delivery is
// timed there); the app (bench/servers/team-app.ts) mounts linekit/server through the Node
// adapter and serves the inbox page (bench/team/page.tsx). Users: real Chromium pages with the
// inbox open (the first `--browsers`), the rest in Node doing what an open inbox does through the
// same routes (the event stream, the threads list every 15 s, a send and its confirmation reads).
// Each user sends a message a minute, a customer writes every 15 s.
//
// Phases: `single` (one app instance), `idle` (5 then 50 idle users: upstream requests per minute),
// `redis` (two app instances sharing a real redis-server, each restarted once mid-run), `scale`
// (100 users on two instances over redis-server, each restarted once, plus one user flooding
// typing indicators and sends at 10/s for a minute: the others must not notice).
//
//   node bench/team.mjs [--minutes 3] [--users 25] [--browsers 5] [--idle-seconds 150]
//     [--scale-users 100] [--phases single,idle,redis,scale] [--json]
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync, existsSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { freePort, launchBrowser, startStandaloneMock } from '../test/e2e/support.mjs'
import { parseArgs, percentile, printTable } from './support.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const SECRET = 'team-bench-secret'
const KEY = 'lk_mock_production'
const CUSTOMER = '+14155550124' // Ava (seeded; native chat)
const MINUTE = 60_000
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

export const targets = { upstream429: 0, perMinute: 60, onScreenMs: 2000, idleDifferencePct: 10 }

// ───────────────────────────── pieces ─────────────────────────────

/** Builds the inbox page and the app server once; returns their paths. */
async function buildAll() {
  const dir = join(root, 'node_modules/.cache/linekit-bench/team')
  mkdirSync(dir, { recursive: true })
  const page = await build({
    entryPoints: [join(root, 'bench/team/page.tsx')],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['agora-rtc-sdk-ng'],
    outdir: dir,
    entryNames: 'page',
    logLevel: 'error',
  })
  void page
  if (!existsSync(join(dir, 'page.css'))) writeFileSync(join(dir, 'page.css'), '')
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Team inbox</title>' +
      '<link rel="stylesheet" href="/page.css"></head><body><div id="root"></div><script src="/page.js"></script></body></html>',
  )
  const app = join(dir, 'team-app.mjs')
  await build({
    entryPoints: [join(root, 'bench/servers/team-app.ts')],
    outfile: app,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'es2022',
    packages: 'external',
    logLevel: 'error',
  })
  return { pageDir: dir, app }
}

/** The upstream (mock) behind a forwarder that times every request and every webhook. */
async function startForwarder(mockUrl) {
  const requests = [] // { t, path, query, status, instance }
  const hooks = [] // { t, payload, status }
  const instances = [] // { url, up }
  let next = 0
  const server = createServer(async (req, res) => {
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    const body = Buffer.concat(chunks)
    const url = new URL(req.url, 'http://forwarder')
    if (url.pathname === '/__hooks') {
      const t = Date.now()
      let payload = null
      try {
        payload = JSON.parse(body.toString('utf8'))
      } catch {
        /* forwarded as is */
      }
      // Round robin over the app instances that are up (a restarting one is skipped).
      let status = 502
      for (let tries = 0; tries < instances.length; tries++) {
        const target = instances[next++ % instances.length]
        if (!target.up) continue
        try {
          const answer = await fetch(`${target.url}/api/linekit/webhooks/${SECRET}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          })
          await answer.arrayBuffer()
          status = answer.status
          break
        } catch {
          /* instance went away: try the next */
        }
      }
      hooks.push({ t, payload, status })
      res.writeHead(status).end()
      return
    }
    const t = Date.now()
    const headers = {}
    for (const name of ['authorization', 'content-type', 'accept'])
      if (req.headers[name]) headers[name] = req.headers[name]
    try {
      const answer = await fetch(mockUrl + req.url, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      })
      const out = Buffer.from(await answer.arrayBuffer())
      if (!url.pathname.startsWith('/__mock')) {
        requests.push({
          t,
          path: url.pathname,
          query: url.search,
          status: answer.status,
          instance: String(req.headers['x-bench-instance'] ?? ''),
        })
      }
      const pass = { 'content-type': answer.headers.get('content-type') ?? 'application/json' }
      const retryAfter = answer.headers.get('retry-after')
      if (retryAfter) pass['retry-after'] = retryAfter
      res.writeHead(answer.status, pass).end(out)
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(String(error))
    }
  })
  const port = await freePort()
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    hooks,
    instances,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

/** Starts one app instance (compiled team-app) on `port`; resolves once it listens. */
async function startApp({ app, pageDir, upstream, port, name, redis, lines }) {
  const child = spawn(process.execPath, ['--expose-gc', app], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      TEAM_UPSTREAM: upstream,
      TEAM_PORT: String(port),
      TEAM_NAME: name,
      TEAM_PAGE_DIR: pageDir,
      TEAM_SECRET: SECRET,
      TEAM_KEY: KEY,
      TEAM_LINES: lines.join(','),
      ...(redis ? { TEAM_REDIS: redis } : {}),
    },
  })
  await new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`team-app ${name} did not start: ${out}`)), 60_000)
    child.stdout.on('data', (chunk) => {
      out += chunk
      if (out.includes('"port"')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`team-app ${name} exited (${code}): ${out}`)))
  })
  child.stdout.resume()
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/**
 * The load balancer in front of several app instances, as a deployment has: a user sticks to one
 * instance (by the `lkuser` cookie) and moves to another while that one is down. Streams (SSE)
 * are piped; when an instance stops, its streams end and the browser reconnects through here.
 */
async function startBalancer(instances) {
  const server = createServer(async (req, res) => {
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    const body = Buffer.concat(chunks)
    const user = /lkuser=\w*?(\d+)/.exec(req.headers.cookie ?? '')
    const first = user ? Number(user[1]) % instances.length : 0
    const order = instances.map((_, i) => instances[(first + i) % instances.length]).filter((x) => x.up)
    for (const target of order) {
      const ok = await new Promise((resolve) => {
        const url = new URL(target.url)
        const upstream = httpRequest(
          { host: url.hostname, port: url.port, path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
            answer.on('error', () => res.destroy())
            resolve(true)
          },
        )
        upstream.on('error', () => resolve(false))
        res.on('close', () => upstream.destroy())
        upstream.end(body)
      })
      if (ok) return
    }
    res.writeHead(502).end()
  })
  const port = await freePort()
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}

async function startRedis() {
  const port = await freePort()
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  )
  for (let i = 0; i < 200; i++) {
    const up = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => (socket.destroy(), resolve(true)))
      socket.once('error', () => resolve(false))
    })
    if (up) break
    await sleep(50)
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

const TEXT = /\b(?:cust|send)-[\w-]+/g

/**
 * A user in Node doing what an open inbox does through the app's routes: the event stream
 * (reconnecting with Last-Event-ID after the stream's `retry:`, as EventSource does), the threads list every 15 s,
 * and — unless idle — a send a minute followed by the conversation's confirmation reads every 2 s.
 */
function nodeUser({ id, base, offsetMs = 0, sending = true, seenAt = Date.now, sendEveryMs = MINUTE }) {
  const cookie = `lkuser=${id}`
  const seen = {}
  const errors = []
  const sends = []
  let lastEventId
  let retryMs = 3000
  let stopped = false
  let controller
  const timers = []
  const sendTimers = []
  const note = (text) => {
    for (const match of text.matchAll(TEXT)) seen[match[0]] ??= seenAt()
  }
  const api = async (path, init = {}) => {
    const response = await fetch(`${base()}/api/linekit${path}`, {
      ...init,
      headers: { cookie, 'x-linekit-csrf': '1', ...(init.body ? { 'content-type': 'application/json' } : {}) },
    })
    const text = await response.text()
    if (!response.ok) errors.push(`${init.method ?? 'GET'} ${path.split('?')[0]} → ${response.status}`)
    return { status: response.status, text }
  }
  const stream = async () => {
    while (!stopped) {
      controller = new AbortController()
      try {
        const response = await fetch(`${base()}/api/linekit/events`, {
          headers: { cookie, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
          signal: controller.signal,
        })
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        let buffer = ''
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          buffer += value
          let end
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            const id = /^id: (.*)$/m.exec(block)
            if (id) lastEventId = id[1]
            const retry = /^retry: (\d+)$/m.exec(block)
            if (retry) retryMs = Number(retry[1])
            note(block)
          }
        }
      } catch {
        /* the instance went away: reconnect */
      }
      if (!stopped) await sleep(retryMs)
    }
  }
  const poll = async () => {
    const { text } = await api('/get-messages-api?limit=100').catch(() => ({ text: '' }))
    note(text)
  }
  let n = 0
  const send = async () => {
    const text = `send-${id}-${++n}`
    const t = Date.now()
    const body = JSON.stringify({ phone: CUSTOMER, message: text, idempotencyKey: `${id}-${n}` })
    const answer = await api('/send-api-message', { method: 'POST', body }).catch((e) => ({
      status: 0,
      text: String(e),
    }))
    const record = { text, t, status: answer.status, confirmedMs: null }
    sends.push(record)
    if (answer.status !== 200) return
    // The conversation reads its thread until the send is listed (useThread while a send is pending).
    for (let i = 0; i < 30 && !stopped; i++) {
      await sleep(2000)
      const list = await api(
        `/get-messages-api?direction=outbound&to_number=${encodeURIComponent(CUSTOMER)}&limit=50`,
      ).catch(() => ({ text: '' }))
      if (list.text.includes(text)) {
        record.confirmedMs = Date.now() - t
        break
      }
    }
  }
  return {
    id,
    seen,
    errors,
    sends,
    async start() {
      void stream()
      await api('/get-lines')
      await poll()
      timers.push(setInterval(() => void poll(), 15_000))
      if (sending) {
        sendTimers.push(
          setTimeout(() => {
            void send()
            sendTimers.push(setInterval(() => void send(), sendEveryMs))
          }, offsetMs),
        )
      }
    },
    /** The run is over: no new sends (their confirmation reads go on). */
    stopSending() {
      for (const timer of sendTimers) clearInterval(timer)
    },
    stop() {
      stopped = true
      for (const timer of [...timers, ...sendTimers]) clearInterval(timer)
      controller?.abort()
    },
  }
}

/** A user in Chromium: the inbox page; sends by typing into the conversation's composer. */
async function browserUser({ browser, id, base, offsetMs = 0, sendEveryMs = MINUTE, burst = 1 }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const url = new URL(base())
  await context.addCookies([{ name: 'lkuser', value: id, domain: url.hostname, path: '/' }])
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(String(error)))
  await page.goto(`${base()}/?customer=${encodeURIComponent(CUSTOMER)}`)
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 60_000 })
  const sends = []
  const timers = []
  let n = 0
  let failedShown = 0
  // `burst` messages typed one after another, as an agent answering in several short lines: the
  // customer must read them in the order typed.
  let typing = Promise.resolve()
  let sending = true
  const send = () => (typing = typing.then(typeBurst))
  const typeBurst = async () => {
    for (let b = 0; b < burst && sending; b++) {
      const text = `send-${id}-${++n}`
      sends.push({ text, t: Date.now(), status: 'typed' })
      try {
        const box = page.getByRole('textbox', { name: 'Message' })
        await box.fill(text)
        await box.press('Enter')
      } catch (error) {
        errors.push(`send ${text}: ${error}`)
      }
    }
  }
  const watch = async () => {
    // Failed sends, error notices and "Threads could not be loaded" are what a user must not see.
    const count = await page
      .locator('[data-status="failed"], [role="alert"]')
      .count()
      .catch(() => 0)
    failedShown = Math.max(failedShown, count)
  }
  return {
    id,
    page,
    errors,
    sends,
    get failedShown() {
      return failedShown
    },
    start() {
      timers.push(
        setTimeout(() => {
          void send()
          timers.push(setInterval(() => void send(), sendEveryMs))
        }, offsetMs),
      )
      timers.push(setInterval(() => void watch(), 5000))
    },
    /** The run is over: no new lines; the burst being typed ends. */
    async stopSending() {
      sending = false
      await typing
    },
    async seen() {
      return page.evaluate(() => window.linekitTeam.seen).catch(() => ({}))
    },
    async stop() {
      for (const timer of timers) clearInterval(timer)
      await watch()
      await context.close()
    },
  }
}

/**
 * One user (or one buggy tab) flooding the app: `perSecond` requests a second for `seconds`,
 * typing indicators to 40 threads and sends, alternately, without waiting for answers. Its
 * answers are counted by status: fairness refuses it with its own 429s, never anyone else.
 */
function floodUser({ id, base, seconds = 60, perSecond = 10 }) {
  const statuses = {}
  const count = (status) => (statuses[status] = (statuses[status] ?? 0) + 1)
  return {
    id,
    statuses,
    async run() {
      const end = Date.now() + seconds * 1000
      const inflight = []
      for (let k = 0; Date.now() < end; k++) {
        const [path, body] =
          k % 2 === 0
            ? ['/send-typing-indicator', { phoneNumber: `+1415555${String(200 + ((k / 2) % 40)).padStart(4, '0')}` }]
            : ['/send-api-message', { phone: '+14155550299', message: `flood-${k}`, idempotencyKey: `${id}-${k}` }]
        inflight.push(
          fetch(`${base()}/api/linekit${path}`, {
            method: 'POST',
            headers: { cookie: `lkuser=${id}`, 'x-linekit-csrf': '1', 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
            .then(async (response) => (await response.text(), count(response.status)))
            .catch(() => count('network error')),
        )
        await sleep(1000 / perSecond)
      }
      await Promise.all(inflight)
    },
  }
}

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

// ───────────────────────────── measures ─────────────────────────────

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
async function runTeam({
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
async function runIdle({ forwarder, bases, count, seconds }) {
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

// ───────────────────────────── phases ─────────────────────────────

async function withMock(fn) {
  const mock = await startStandaloneMock()
  const forwarder = await startForwarder(mock.url)
  await mock.control('POST', '/webhooks', {
    accountId: 'acct_production',
    url: `${forwarder.url}/__hooks`,
    inbound: true,
    outbound: true,
    audioCalls: true,
  })
  const { accounts } = await mock.control('GET', '/accounts')
  const lines = accounts.find((a) => a.kind === 'production').lines.map((l) => l.lineId)
  try {
    return await fn({ mock, forwarder, lines })
  } finally {
    await forwarder.close()
    await mock.close()
  }
}

/**
 * Two app instances over one redis-server behind the balancer, each restarted once mid-run;
 * `load` (sendEveryMs, burst, flood) is passed to the team.
 */
async function runTwoInstances({ built, browser, users, browsers, minutes, ...load }) {
  const redis = await startRedis()
  try {
    return await withMock(async ({ mock, forwarder, lines }) => {
      const ports = [await freePort(), await freePort()]
      const apps = []
      for (const [i, port] of ports.entries()) {
        apps[i] = await startApp({
          ...built,
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
          ...built,
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
 * Runs the phases; returns { single?, idle?, redis?, scale? }.
 * @param {{ minutes?: number, users?: number, browsers?: number, idleSeconds?: number, scaleUsers?: number, phases?: string[], log?: (...a: unknown[]) => void }} options
 */
export async function runTeamBench(options = {}) {
  const minutes = options.minutes ?? 3
  const users = options.users ?? 25
  const browsersCount = options.browsers ?? 5
  const idleSeconds = options.idleSeconds ?? 150
  const phases = new Set(options.phases ?? ['single', 'idle', 'redis', 'scale'])
  const log = options.log ?? console.log
  const built = await buildAll()
  const browser = await launchBrowser()
  const out = {}
  try {
    if (phases.has('single') || phases.has('idle')) {
      await withMock(async ({ mock, forwarder, lines }) => {
        const port = await freePort()
        const app = await startApp({ ...built, upstream: forwarder.url, port, name: 'a', lines })
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
      out.redis = await runTwoInstances({ built, browser, users, browsers: browsersCount, minutes })
    }
    if (phases.has('scale')) {
      const scaleUsers = options.scaleUsers ?? 100
      log(
        `  two instances over redis-server: ${scaleUsers} users, ${minutes} min, each instance restarted once, one user flooding…`,
      )
      // A send every `scaleUsers` × 2 s per user keeps the team's sends near 30 a minute (the key
      // allows 60 for everything); each Chromium agent types three lines in a row.
      out.scale = await runTwoInstances({
        built,
        browser,
        users: scaleUsers,
        browsers: browsersCount,
        minutes,
        sendEveryMs: scaleUsers * 2000,
        burst: 3,
        flood: true,
      })
    }
  } finally {
    await browser.close()
  }
  return out
}

/** Rows for a table of one team run. */
export function teamRows(r) {
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = parseArgs({
    minutes: 3,
    users: 25,
    browsers: 5,
    idleSeconds: 90,
    scaleUsers: 100,
    phases: 'single,idle,redis,scale',
    json: false,
  })
  const result = await runTeamBench({ ...args, phases: args.phases.split(',') })
  if (args.json) console.log(JSON.stringify(result, null, 2))
  else {
    for (const name of ['single', 'redis', 'scale']) {
      if (!result[name]) continue
      console.log(`\n${name}`)
      printTable(['measure', 'value'], teamRows(result[name]))
    }
    if (result.idle)
      console.log(`\nidle: 5 users ${result.idle.five.perMinute}/min, 50 users ${result.idle.fifty.perMinute}/min`)
  }
}
