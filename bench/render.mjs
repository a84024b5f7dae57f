// Rendering benchmark in Debian's Chromium through playwright-core: a 10,000-message
// <Conversation> mounted virtualized, and the same page with every row mounted (the baseline),
// alternating in one run. Per mode: scripting time of the mount (CDP Performance metrics, from
// the render call until the rows settle), message rows in the DOM, then a scroll from the newest
// message to the oldest with long tasks observed (PerformanceObserver 'longtask').
//
//   node bench/render.mjs [--runs 3] [--count 10000] [--json]
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs'
import { median, parseArgs, printTable } from './support.mjs'

export const targets = { mountScriptingMs: 100, rows: 60, longTaskMs: 50 }

/** Bundles a page (bench/render/page.tsx by default) for the browser (production React), returns { js, css }. */
export async function buildPage(entry = './render/page.tsx') {
  const result = await build({
    entryPoints: [new URL(entry, import.meta.url).pathname],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    // Never reached by a mounted Conversation; kept out so the page stays small.
    external: ['agora-rtc-sdk-ng'],
    write: false,
    outdir: '/tmp/linekit-bench-render',
    logLevel: 'silent',
  })
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))?.text
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? ''
  if (!js) throw new Error('render bench: the page did not build')
  return { js, css }
}

const html = `<!doctype html><html><head><meta charset="utf-8"><title>linekit render bench</title>
<style>html,body{margin:0}#root{height:720px;width:420px;display:flex;flex-direction:column}</style></head>
<body><div id="root"></div></body></html>`

export async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics')
  const m = Object.fromEntries(list.map((x) => [x.name, x.value]))
  return {
    script: m.ScriptDuration * 1000,
    layout: (m.LayoutDuration + m.RecalcStyleDuration) * 1000,
    task: m.TaskDuration * 1000,
  }
}
export const delta = (a, b) => ({ script: b.script - a.script, layout: b.layout - a.layout, task: b.task - a.task })

/** Renderer main-thread tasks of a trace, with their wall and thread (CPU) durations in ms. */
export function mainThreadTasks(buffer) {
  const { traceEvents } = JSON.parse(buffer.toString('utf8'))
  const main = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  return traceEvents
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`))
    .map((e) => ({ wallMs: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? e.dur ?? 0) / 1000 }))
}

/** One mount + scroll of one mode in a fresh page. */
async function runOnce(browser, page0, mode, count) {
  const context = await browser.newContext({ viewport: { width: 800, height: 900 } })
  const page = await context.newPage()
  try {
    await page.setContent(html)
    await page.addStyleTag({ content: page0.css })
    await page.addScriptTag({ content: page0.js })
    await page.evaluate(() => {
      window.__longtasks = []
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, duration: e.duration })
      }).observe({ type: 'longtask', buffered: true })
    })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
    // The app's state (client, cache with the thread) exists before the Conversation mounts.
    await page.evaluate((n) => window.linekitBench.prepare(n), count)
    // Let the page go idle before measuring.
    await page.evaluate(() => new Promise((r) => setTimeout(r, 100)))

    const before = await metrics(cdp)
    const mountStart = await page.evaluate(() => performance.now())
    // Mount from a task of the page's own (not inside DevTools' evaluate, which CDP's
    // ScriptDuration does not count), then wait until the rows settle: unchanged for 3 frames
    // (the virtualizer measures rows after paint and may render again).
    const settle = await page.evaluate(async (m) => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)))
      const syncMs = await new Promise((r) => setTimeout(() => r(window.linekitBench.mount(m)), 0))
      const t0 = performance.now()
      let last = -1
      let stable = 0
      while (stable < 3 && performance.now() - t0 < 10_000) {
        await frame()
        const n = document.querySelectorAll('.lk-MessageList-row').length
        stable = n === last ? stable + 1 : 0
        last = n
      }
      return { syncMs, settledAt: performance.now() }
    }, mode)
    const syncMs = settle.syncMs
    const after = await metrics(cdp)
    const mount = delta(before, after)
    const dom = await page.evaluate(() => ({
      messageRows: document.querySelectorAll('.lk-MessageList-row[data-kind="item"]').length,
      rows: document.querySelectorAll('.lk-MessageList-row').length,
    }))

    // Guards on the guard: a renamed class or an empty thread must not pass for "few rows".
    if (dom.messageRows === 0)
      throw new Error(`render bench (${mode}): no .lk-MessageList-row[data-kind="item"] in the DOM`)
    if (mode === 'all' && dom.messageRows !== count)
      throw new Error(`render bench (all): ${dom.messageRows} message rows, expected ${count}`)

    // Scroll from the newest message to the oldest, one step per frame. Traced too: a task's
    // thread (CPU) time says what the page itself cost when the machine is busy, where the
    // wall-clock long tasks of PerformanceObserver also count time the thread was not running.
    await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] })
    const scrollBefore = await metrics(cdp)
    const scroll = await page.evaluate(async () => {
      const vp = document.querySelector('.lk-MessageList-viewport')
      const frame = () => new Promise((r) => requestAnimationFrame((t) => r(t)))
      const step = vp.clientHeight * 2
      const t0 = performance.now()
      let atTop = 0
      let frames = 0
      let maxRows = 0
      let maxMessageRows = 0
      let prev = await frame()
      let maxFrame = 0
      while (atTop < 5 && performance.now() - t0 < 120_000) {
        vp.scrollTop = Math.max(0, vp.scrollTop - step)
        const t = await frame()
        maxFrame = Math.max(maxFrame, t - prev)
        prev = t
        frames += 1
        maxRows = Math.max(maxRows, document.querySelectorAll('.lk-MessageList-row').length)
        maxMessageRows = Math.max(
          maxMessageRows,
          document.querySelectorAll('.lk-MessageList-row[data-kind="item"]').length,
        )
        atTop = vp.scrollTop === 0 ? atTop + 1 : 0
      }
      const t1 = performance.now()
      return {
        start: t0,
        end: t1,
        ms: t1 - t0,
        frames,
        maxFrameMs: maxFrame,
        maxRows,
        maxMessageRows,
        // Row 0 is the first day separator, row 1 the oldest message.
        reachedOldest: document.querySelector('.lk-MessageList-row[data-index="1"]') !== null,
      }
    })
    const scrollAfter = await metrics(cdp)
    const cpuTasks = mainThreadTasks(await browser.stopTracing())
    const longtasks = await page.evaluate(() => window.__longtasks)
    const inWindow = (a, b) => longtasks.filter((t) => t.start >= a && t.start < b)
    const mountTasks = inWindow(mountStart, settle.settledAt)
    const scrollTasks = inWindow(scroll.start, scroll.end)
    return {
      mode,
      mountSyncMs: syncMs,
      mountScriptingMs: mount.script,
      mountLayoutMs: mount.layout,
      mountTaskMs: mount.task,
      messageRows: dom.messageRows,
      rows: dom.rows,
      scrollMs: scroll.ms,
      scrollFrames: scroll.frames,
      scrollMaxFrameMs: scroll.maxFrameMs,
      scrollScriptingMs: delta(scrollBefore, scrollAfter).script,
      scrollMaxMessageRows: scroll.maxMessageRows,
      scrollReachedOldest: scroll.reachedOldest,
      mountLongTasks: mountTasks.length,
      mountLongestTaskMs: Math.max(0, ...mountTasks.map((t) => t.duration)),
      scrollLongTasks: scrollTasks.length,
      scrollLongTasksOver50: scrollTasks.filter((t) => t.duration > 50).length,
      scrollLongestTaskMs: Math.max(0, ...scrollTasks.map((t) => t.duration)),
      scrollLongestTaskCpuMs: Math.max(0, ...cpuTasks.map((t) => t.cpuMs)),
      scrollTasksCpuOver50: cpuTasks.filter((t) => t.cpuMs > 50).length,
    }
  } finally {
    await context.close()
  }
}

/** Runs both modes `runs` times, alternating, and returns the per-mode medians and the ratios. */
export async function runRenderBench({ runs = 3, count = 10_000, log = console.log } = {}) {
  const executablePath = chromiumPath()
  if (!executablePath)
    throw new Error('render bench: no Chromium (node scripts/ensure-test-tools.mjs, or set CHROMIUM_PATH)')
  const page = await buildPage()
  const browser = await chromium.launch({ executablePath, args: chromiumArgs, headless: true })
  const samples = { virtual: [], all: [] }
  try {
    for (let i = 0; i < runs; i++) {
      for (const mode of i % 2 === 0 ? ['virtual', 'all'] : ['all', 'virtual']) {
        const r = await runOnce(browser, page, mode, count)
        samples[mode].push(r)
        log(
          `  run ${i + 1} ${mode.padEnd(7)} mount ${r.mountScriptingMs.toFixed(0)} ms scripting, ${r.messageRows} message rows, scroll longest task ${r.scrollLongestTaskMs.toFixed(0)} ms`,
        )
      }
    }
  } finally {
    await browser.close()
  }
  const summarize = (list) => {
    const keys = Object.keys(list[0]).filter((k) => typeof list[0][k] === 'number')
    const out = Object.fromEntries(keys.map((k) => [k, median(list.map((r) => r[k]))]))
    // Worst case over runs for what a budget bounds from above.
    out.messageRowsMax = Math.max(...list.map((r) => r.messageRows))
    out.scrollMaxMessageRowsMax = Math.max(...list.map((r) => r.scrollMaxMessageRows))
    out.scrollLongestTaskMsMax = Math.max(...list.map((r) => r.scrollLongestTaskMs))
    out.scrollLongTasksOver50Max = Math.max(...list.map((r) => r.scrollLongTasksOver50))
    out.scrollLongestTaskCpuMsMax = Math.max(...list.map((r) => r.scrollLongestTaskCpuMs))
    out.scrollTasksCpuOver50Max = Math.max(...list.map((r) => r.scrollTasksCpuOver50))
    out.scrollReachedOldest = list.every((r) => r.scrollReachedOldest)
    return out
  }
  const virtual = summarize(samples.virtual)
  const all = summarize(samples.all)
  return {
    count,
    runs,
    virtual,
    baseline: all,
    ratios: {
      mountScripting: all.mountScriptingMs / virtual.mountScriptingMs,
      messageRows: all.messageRows / virtual.messageRows,
      scrollScripting: all.scrollScriptingMs / virtual.scrollScriptingMs,
    },
    samples,
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs({ runs: 3, count: 10_000, json: false })
  const r = await runRenderBench({ runs: args.runs, count: args.count })
  if (args.json) console.log(JSON.stringify(r, null, 2))
  else {
    printTable(
      ['', 'virtualized', 'all rows (baseline)', 'baseline / virtualized', 'target'],
      [
        [
          'mount scripting (ms, median)',
          r.virtual.mountScriptingMs,
          r.baseline.mountScriptingMs,
          r.ratios.mountScripting,
          `< ${targets.mountScriptingMs}`,
        ],
        [
          'mount, flushSync only (ms)',
          r.virtual.mountSyncMs,
          r.baseline.mountSyncMs,
          r.baseline.mountSyncMs / r.virtual.mountSyncMs,
          '',
        ],
        [
          'message rows in the DOM (max)',
          r.virtual.messageRowsMax,
          r.baseline.messageRowsMax,
          r.ratios.messageRows,
          `< ${targets.rows}`,
        ],
        [
          'scroll: longest task (ms, max)',
          r.virtual.scrollLongestTaskMsMax,
          r.baseline.scrollLongestTaskMsMax,
          '',
          `≤ ${targets.longTaskMs}`,
        ],
        [
          'scroll: long tasks > 50 ms (max)',
          r.virtual.scrollLongTasksOver50Max,
          r.baseline.scrollLongTasksOver50Max,
          '',
          '0',
        ],
        [
          'scroll: longest task, thread CPU (ms, max)',
          r.virtual.scrollLongestTaskCpuMsMax,
          r.baseline.scrollLongestTaskCpuMsMax,
          '',
          `≤ ${targets.longTaskMs}`,
        ],
        [
          'scroll: tasks > 50 ms thread CPU (max)',
          r.virtual.scrollTasksCpuOver50Max,
          r.baseline.scrollTasksCpuOver50Max,
          '',
          '0',
        ],
        [
          'scroll: scripting (ms, median)',
          r.virtual.scrollScriptingMs,
          r.baseline.scrollScriptingMs,
          r.ratios.scrollScripting,
          '',
        ],
        ['scroll: frames to the oldest', r.virtual.scrollFrames, r.baseline.scrollFrames, '', ''],
      ],
    )
  }
}
