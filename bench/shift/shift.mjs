// An agent's shift in Chromium: the playground (`npm start`: linekit/server over the in-process
// mock) opened through a TCP proxy that can drop every connection or keep sockets open carrying
// nothing. Inbound messages over 20 numbers while the agent switches threads and sends; then a
// frozen tab (CDP `Page.setWebLifecycleState`), a dropped network and a silent network, 5 inbound
// messages to the open thread during each. Reports DOM nodes, listeners and heap per 1,000
// messages, the time from the network's return (or the thaw) to the last missed message on
// screen, and the items left failed.
//
//   node bench/shift/shift.mjs [--messages 2000] [--freezeSeconds 60] [--dropSeconds 30] [--silentSeconds 75] [--json]
//   npm run bench -- --only shift [--quick]
import { createServer, connect } from 'node:net'
import { runAlone } from '../bench-support.mjs'
import { launchBrowser, startPlayground, freePort } from '../../test/e2e/support.mjs'

const MAIN_LINE = '3f6c1a52-8d4e-4b7a-9c21-5e8f0a1b2c3d'
const targets = { catchUpMs: 10_000, heapPerThousandMb: 5, domGrowth: 200, failed: 0 }
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const customer = (i) => `+1415555${String(2000 + (i % 20)).padStart(4, '0')}`

/** A TCP proxy to `port`: `pass`, `drop` (every connection reset and refused) or `silent` (held open, nothing moves). */
async function startProxy(port) {
  let mode = 'pass'
  const sockets = new Set()
  const server = createServer((client) => {
    if (mode === 'drop') return void client.destroy()
    const upstream = connect(port, '127.0.0.1')
    const pair = { client, upstream }
    sockets.add(pair)
    const forward = (from, to) =>
      from.on('data', (chunk) => {
        // Silent: the bytes are swallowed, as a dead Wi-Fi or a sleeping laptop would.
        if (mode === 'pass') to.write(chunk)
      })
    forward(client, upstream)
    forward(upstream, client)
    const end = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(pair)
    }
    client.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
  })
  const cut = () => {
    for (const { client, upstream } of sockets) {
      client.destroy()
      upstream.destroy()
    }
  }
  const listenPort = await freePort()
  await new Promise((resolve) => server.listen(listenPort, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${listenPort}`,
    set(next) {
      mode = next
      if (next === 'drop') cut()
    },
    close: () => {
      cut()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}

async function counters(cdp) {
  await cdp.send('HeapProfiler.collectGarbage')
  const dom = await cdp.send('Memory.getDOMCounters')
  const heap = await cdp.send('Runtime.getHeapUsage')
  return { nodes: dom.nodes, listeners: dom.jsEventListeners, heapMb: heap.usedSize / 1e6 }
}

async function run(options) {
  // The page `npm start` serves, module by module, as this benchmark has always measured.
  const playground = await startPlayground({}, { dev: true })
  const proxy = await startProxy(Number(new URL(playground.url).port))
  const browser = await launchBrowser()
  try {
    await playground.control('POST', '/reset')
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await page.goto(proxy.url)
    const rows = page.locator('.lk-ConversationList-row')
    await rows.first().waitFor({ timeout: 60_000 })
    const inbound = (from, message) =>
      playground.control('POST', '/inbound', { from, message, lineId: MAIN_LINE, service: 'nativechat' })
    const conversation = page.getByRole('region', { name: /conversation$/i })
    const send = async (text) => {
      await conversation
        .getByRole('textbox', { name: /^message/i })
        .first()
        .fill(text)
      await conversation.getByRole('button', { name: /^send$/i }).click()
    }

    // Warm up: every number writes once, so the list holds its 20 threads.
    for (let i = 0; i < 20; i++) await inbound(customer(i), `warm-up ${i}`)
    await page.locator('.lk-ConversationList-row', { hasText: 'warm-up 19' }).first().waitFor({ timeout: 30_000 })
    const start = await counters(cdp)
    const started = Date.now()
    let sends = 0
    for (let n = 0; n < options.messages; n++) {
      await inbound(customer(n), `shift ${n}`)
      if (n % 100 === 50) await rows.nth(n % 7).click()
      if (n % 200 === 199) await send(`reply ${++sends}`)
    }
    await page
      .locator('.lk-ConversationList-row', { hasText: `shift ${options.messages - 1}` })
      .first()
      .waitFor({ timeout: 180_000 })
    const loadSeconds = (Date.now() - started) / 1000
    const end = await counters(cdp)
    const per = 1000 / options.messages

    // The open thread is the newest one (the first row, mounted whatever the list's height); its
    // number hears of the faults, so it stays first.
    const open = customer(options.messages - 1)
    await rows
      .filter({ hasText: `shift ${options.messages - 1}` })
      .first()
      .click()
    /** Sends 5 messages during `during`, heals with `heal`, then times the last one on screen. */
    const missed = async (name, hold, during, heal) => {
      await during()
      const texts = Array.from({ length: 5 }, (_, i) => `${name} ${i + 1} ${Date.now()}`)
      for (const text of texts) await inbound(open, text)
      await sleep(hold)
      await send(`${name} reply ${Date.now()}`).catch(() => undefined)
      const healed = Date.now()
      await heal()
      // On screen in the open thread (the playground runs without Vite's socket, so nothing
      // reloads the page behind the kit's back).
      await page
        .locator('[data-direction="inbound"]', { hasText: texts.at(-1) })
        .last()
        .waitFor({ timeout: 120_000 })
      return Date.now() - healed
    }
    const frozenMs = await missed(
      'frozen',
      options.freezeSeconds * 1000,
      () => cdp.send('Page.setWebLifecycleState', { state: 'frozen' }),
      () => cdp.send('Page.setWebLifecycleState', { state: 'active' }),
    )
    const droppedMs = await missed(
      'dropped',
      options.dropSeconds * 1000,
      async () => proxy.set('drop'),
      async () => proxy.set('pass'),
    )
    const silentMs = await missed(
      'silent',
      options.silentSeconds * 1000,
      async () => proxy.set('silent'),
      async () => proxy.set('pass'),
    )
    // Sends retry by themselves once the connection is back: wait for them before counting.
    await sleep(5000)
    const failed = await page.locator('[data-status="failed"]').count()
    return {
      messages: options.messages,
      sends,
      loadSeconds,
      start,
      end,
      nodesPerThousand: Math.round((end.nodes - start.nodes) * per),
      listenersPerThousand: Math.round((end.listeners - start.listeners) * per),
      heapPerThousandMb: Math.round((end.heapMb - start.heapMb) * per * 100) / 100,
      frozenMs,
      droppedMs,
      silentMs,
      failed,
      options,
    }
  } finally {
    await browser.close()
    await proxy.close()
    await playground.close()
  }
}

function report(r) {
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`
  const checks = [
    {
      name: 'heap per 1,000 messages',
      value: r.heapPerThousandMb,
      unit: 'MB',
      op: '<',
      target: targets.heapPerThousandMb,
    },
    { name: 'DOM nodes per 1,000 messages', value: r.nodesPerThousand, unit: '', op: '<', target: targets.domGrowth },
    {
      name: 'dropped network: return → last missed message',
      value: r.droppedMs,
      unit: 'ms',
      op: '≤',
      target: targets.catchUpMs,
    },
    {
      name: 'silent network: return → last missed message',
      value: r.silentMs,
      unit: 'ms',
      op: '≤',
      target: targets.catchUpMs,
    },
    { name: 'items left failed', value: r.failed, unit: '', op: '=', target: targets.failed },
  ]
  const rows = [
    ['DOM nodes', String(r.start.nodes), String(r.end.nodes), r.nodesPerThousand.toFixed(0)],
    ['listeners', String(r.start.listeners), String(r.end.listeners), r.listenersPerThousand.toFixed(0)],
    ['heap (MB)', r.start.heapMb.toFixed(1), r.end.heapMb.toFixed(1), r.heapPerThousandMb.toFixed(2)],
  ]
  const faults = [
    [`tab frozen ${r.options.freezeSeconds} s`, s(r.frozenMs)],
    [`every connection dropped and refused ${r.options.dropSeconds} s`, s(r.droppedMs)],
    [`network silent ${r.options.silentSeconds} s (sockets open, nothing moves)`, s(r.silentMs)],
  ]
  return {
    checks,
    tables: {
      memory: { header: ['', 'start', 'end', 'per 1,000 messages'], rows },
      faults: {
        header: ['fault (5 inbound messages meanwhile, one reply sent)', 'return → last message on screen'],
        rows: faults,
      },
    },
    params: `${r.messages} inbound messages over 20 numbers in ${r.loadSeconds.toFixed(0)} s, ${r.sends} replies, thread switches every 100 messages; ${r.failed} items left failed`,
  }
}

export const bench = {
  name: 'shift',
  title: "an agent's shift in Chromium (playground behind a TCP proxy)",
  options: (quick) =>
    quick
      ? { messages: 300, freezeSeconds: 10, dropSeconds: 10, silentSeconds: 20 }
      : { messages: 2000, freezeSeconds: 60, dropSeconds: 30, silentSeconds: 75 },
  run,
  report,
}

await runAlone(import.meta.url, bench, { messages: 2000, freezeSeconds: 60, dropSeconds: 30, silentSeconds: 75 })
