// Rendering benchmark of the thread list in Debian's Chromium through playwright-core: a
// <ConversationList> holding 1,000 threads mounted virtualized, and the same page with every row
// mounted (the baseline), alternating in one run — the method of bench/render.mjs. Per mode:
// scripting time of the mount (CDP Performance metrics, from the render call until the rows
// settle), thread rows in the DOM, then a scroll from the bottom (the oldest thread) to the top
// (the newest) with long tasks observed (PerformanceObserver 'longtask', and a trace's thread-CPU
// time). The list shows the newest thread first, so the page first jumps to its end (not measured).
//
//   node bench/render-list.mjs [--runs 3] [--count 1000] [--json]
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs'
import { buildPage, delta, mainThreadTasks, metrics } from './render.mjs'
import { median, parseArgs, printTable } from './support.mjs'

const listTargets = { mountScriptingMs: 100, rows: 60, longTaskMs: 50 }

// `all`: the list's viewport grows to its content (the virtualizer then sees every row as visible)
// and the page box scrolls instead.
const html = `<!doctype html><html><head><meta charset="utf-8"><title>linekit thread-list bench</title>
<style>html,body{margin:0}#root{height:720px;width:420px;display:flex;flex-direction:column}
#root[data-mode=all]{display:block;overflow-y:auto}
#root[data-mode=all] .lk-ConversationList{height:auto}
#root[data-mode=all] .lk-ConversationList-viewport{flex:none;overflow:visible}</style></head>
<body><div id="root"></div></body></html>`

const ROW = '.lk-ConversationList-row'

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
    await page.evaluate((n) => window.linekitBench.prepare(n), count)
    await page.evaluate(() => new Promise((r) => setTimeout(r, 100)))

    const before = await metrics(cdp)
    const mountStart = await page.evaluate(() => performance.now())
    // Mounted from a task of the page's own; settled when the row count is unchanged for 3 frames.
    const settle = await page.evaluate(
      async ({ m, row }) => {
        const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)))
        const syncMs = await new Promise((r) => setTimeout(() => r(window.linekitBench.mount(m)), 0))
        const t0 = performance.now()
        let last = -1
        let stable = 0
        while (stable < 3 && performance.now() - t0 < 10_000) {
          await frame()
          const n = document.querySelectorAll(row).length
          stable = n === last ? stable + 1 : 0
          last = n
        }
        return { syncMs, settledAt: performance.now() }
      },
      { m: mode, row: ROW },
    )
    const mount = delta(before, await metrics(cdp))
    const rows = await page.evaluate((row) => document.querySelectorAll(row).length, ROW)
    // Guards on the guard: a renamed class or an empty list must not pass for "few rows".
    if (rows === 0) throw new Error(`thread-list bench (${mode}): no ${ROW} in the DOM`)
    if (mode === 'all' && rows !== count)
      throw new Error(`thread-list bench (all): ${rows} thread rows, expected ${count}`)

    // To the oldest thread first (not measured), then idle a little.
    await page.evaluate(async (m) => {
      const vp = m === 'all' ? document.getElementById('root') : document.querySelector('.lk-ConversationList-viewport')
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)))
      for (let i = 0; i < 10; i++) {
        vp.scrollTop = vp.scrollHeight
        await frame()
      }
      await new Promise((r) => setTimeout(r, 200))
    }, mode)

    // Bottom → top, two viewport heights per frame, traced.
    await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] })
    const scrollBefore = await metrics(cdp)
    const scroll = await page.evaluate(
      async ({ m, row, n }) => {
        const vp =
          m === 'all' ? document.getElementById('root') : document.querySelector('.lk-ConversationList-viewport')
        const frame = () => new Promise((r) => requestAnimationFrame((t) => r(t)))
        const startedAtBottom = vp.scrollTop > 0 && document.querySelector(`${row}[aria-posinset="${n}"]`) !== null
        const step = Math.min(vp.clientHeight, 720) * 2
        const t0 = performance.now()
        let atTop = 0
        let frames = 0
        let maxRows = 0
        let prev = await frame()
        let maxFrame = 0
        while (atTop < 5 && performance.now() - t0 < 120_000) {
          vp.scrollTop = Math.max(0, vp.scrollTop - step)
          const t = await frame()
          maxFrame = Math.max(maxFrame, t - prev)
          prev = t
          frames += 1
          maxRows = Math.max(maxRows, document.querySelectorAll(row).length)
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
          startedAtBottom,
          reachedNewest: document.querySelector(`${row}[aria-posinset="1"]`) !== null,
        }
      },
      { m: mode, row: ROW, n: count },
    )
    const scrollAfter = await metrics(cdp)
    const cpuTasks = mainThreadTasks(await browser.stopTracing())
    const longtasks = await page.evaluate(() => window.__longtasks)
    const inWindow = (a, b) => longtasks.filter((t) => t.start >= a && t.start < b)
    const mountTasks = inWindow(mountStart, settle.settledAt)
    const scrollTasks = inWindow(scroll.start, scroll.end)
    return {
      mode,
      mountSyncMs: settle.syncMs,
      mountScriptingMs: mount.script,
      mountLayoutMs: mount.layout,
      rows,
      scrollMs: scroll.ms,
      scrollFrames: scroll.frames,
      scrollMaxFrameMs: scroll.maxFrameMs,
      scrollScriptingMs: delta(scrollBefore, scrollAfter).script,
      scrollMaxRows: scroll.maxRows,
      scrollCoveredAll: scroll.startedAtBottom && scroll.reachedNewest,
      mountLongTasks: mountTasks.length,
      mountLongestTaskMs: Math.max(0, ...mountTasks.map((t) => t.duration)),
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
export async function runListRenderBench({ runs = 3, count = 1_000, log = console.log } = {}) {
  const executablePath = chromiumPath()
  if (!executablePath)
    throw new Error('thread-list bench: no Chromium (node scripts/ensure-test-tools.mjs, or set CHROMIUM_PATH)')
  const page = await buildPage('./render/list-page.tsx')
  const browser = await chromium.launch({ executablePath, args: chromiumArgs, headless: true })
  const samples = { virtual: [], all: [] }
  try {
    for (let i = 0; i < runs; i++) {
      for (const mode of i % 2 === 0 ? ['virtual', 'all'] : ['all', 'virtual']) {
        const r = await runOnce(browser, page, mode, count)
        samples[mode].push(r)
        log(
          `  run ${i + 1} ${mode.padEnd(7)} mount ${r.mountScriptingMs.toFixed(0)} ms scripting, ${r.rows} thread rows, scroll longest task ${r.scrollLongestTaskMs.toFixed(0)} ms (thread CPU ${r.scrollLongestTaskCpuMs.toFixed(0)} ms)`,
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
    out.rowsMax = Math.max(...list.map((r) => r.rows))
    out.scrollMaxRowsMax = Math.max(...list.map((r) => r.scrollMaxRows))
    out.scrollLongestTaskMsMax = Math.max(...list.map((r) => r.scrollLongestTaskMs))
    out.scrollLongTasksOver50Max = Math.max(...list.map((r) => r.scrollLongTasksOver50))
    out.scrollLongestTaskCpuMsMax = Math.max(...list.map((r) => r.scrollLongestTaskCpuMs))
    out.scrollTasksCpuOver50Max = Math.max(...list.map((r) => r.scrollTasksCpuOver50))
    out.scrollCoveredAll = list.every((r) => r.scrollCoveredAll)
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
      rows: all.rowsMax / virtual.rowsMax,
      scrollScripting: all.scrollScriptingMs / virtual.scrollScriptingMs,
    },
    samples,
  }
}

/** The table rows of a result (shared by this script and scripts/bench.mjs). */
export function listRenderRows(r) {
  const v = r.virtual
  const b = r.baseline
  const x = (n) => `${n.toFixed(1)}×`
  return [
    [
      'mount: scripting, CPU (ms, median)',
      v.mountScriptingMs.toFixed(1),
      b.mountScriptingMs.toFixed(1),
      x(r.ratios.mountScripting),
      `< ${listTargets.mountScriptingMs}`,
    ],
    [
      'mount: render call, wall (ms, median)',
      v.mountSyncMs.toFixed(1),
      b.mountSyncMs.toFixed(1),
      x(b.mountSyncMs / v.mountSyncMs),
      '',
    ],
    ['thread rows in the DOM (max)', v.rowsMax, b.rowsMax, `${r.ratios.rows.toFixed(0)}×`, `< ${listTargets.rows}`],
    ['scroll bottom → top: thread rows mounted at most', v.scrollMaxRowsMax, b.scrollMaxRowsMax, '', ''],
    [
      'scroll: longest task, thread CPU (ms, max)',
      v.scrollLongestTaskCpuMsMax.toFixed(1),
      b.scrollLongestTaskCpuMsMax.toFixed(1),
      '',
      `≤ ${listTargets.longTaskMs}`,
    ],
    ['scroll: tasks > 50 ms, thread CPU (max)', v.scrollTasksCpuOver50Max, b.scrollTasksCpuOver50Max, '', '0'],
    [
      'scroll: longest long task, wall (ms, max)',
      v.scrollLongestTaskMsMax.toFixed(0),
      b.scrollLongestTaskMsMax.toFixed(0),
      '',
      `≤ ${listTargets.longTaskMs}`,
    ],
    ['scroll: long tasks > 50 ms, wall (max)', v.scrollLongTasksOver50Max, b.scrollLongTasksOver50Max, '', '0'],
    [
      'scroll: scripting, CPU (ms, median)',
      v.scrollScriptingMs.toFixed(0),
      b.scrollScriptingMs.toFixed(0),
      x(r.ratios.scrollScripting),
      '',
    ],
    ['scroll: frames bottom → top (median)', v.scrollFrames, b.scrollFrames, '', ''],
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs({ runs: 3, count: 1_000, json: false })
  const r = await runListRenderBench({ runs: args.runs, count: args.count })
  if (args.json) console.log(JSON.stringify(r, null, 2))
  else printTable(['', 'virtualized', 'all rows (baseline)', 'baseline ÷ virtualized', 'target'], listRenderRows(r))
}
