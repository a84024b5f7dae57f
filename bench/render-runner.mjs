// The method of the rendering benchmarks (bench/render-thread.mjs, bench/render-list.mjs), in
// Debian's Chromium through playwright-core: a page mounted virtualized and the same page with
// every row mounted (the baseline), alternating in one run. Per mode: scripting time of the mount
// (CDP Performance metrics, from the render call until the rows settle), rows in the DOM, then a
// scroll through the list with long tasks observed (PerformanceObserver 'longtask', and a trace's
// thread-CPU time).
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs'
import { median } from './bench-support.mjs'

/** Bundles a bench's page (`entry`, relative to this folder) for the browser (production React), returns { js, css }. */
async function buildPage(entry) {
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

/** The page both render benchmarks load their bundle into: the component under test fills #root. */
export const pageHtml = (title, css = '') => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<style>html,body{margin:0}#root{height:720px;width:420px;display:flex;flex-direction:column}${css}</style></head>
<body><div id="root"></div></body></html>`

async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics')
  const m = Object.fromEntries(list.map((x) => [x.name, x.value]))
  return {
    script: m.ScriptDuration * 1000,
    layout: (m.LayoutDuration + m.RecalcStyleDuration) * 1000,
    task: m.TaskDuration * 1000,
  }
}
const delta = (a, b) => ({ script: b.script - a.script, layout: b.layout - a.layout, task: b.task - a.task })

/** Renderer main-thread tasks of a trace, with their wall and thread (CPU) durations in ms. */
function mainThreadTasks(buffer) {
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

/**
 * One mount + scroll of one mode in a fresh page (see runRenderBench for `bench`): the page's
 * state is prepared (not measured), the component mounted until its rows settle, the page
 * inspected and moved to where the scroll starts (not measured), then scrolled to the top,
 * traced, with long tasks observed throughout. Returns the run's figures.
 */
async function measureMode(browser, built, bench, mode, count) {
  const context = await browser.newContext({ viewport: { width: 800, height: 900 } })
  const page = await context.newPage()
  try {
    await page.setContent(bench.html)
    await page.addStyleTag({ content: built.css })
    await page.addScriptTag({ content: built.js })
    await page.evaluate(() => {
      window.__longtasks = []
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, duration: e.duration })
      }).observe({ type: 'longtask', buffered: true })
    })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
    // The app's state (client, cache) exists before the component mounts.
    await page.evaluate((n) => window.linekitBench.prepare(n), count)
    // Let the page go idle before measuring.
    await page.evaluate(() => new Promise((r) => setTimeout(r, 100)))

    const before = await metrics(cdp)
    const mountStart = await page.evaluate(() => performance.now())
    // Mount from a task of the page's own (not inside DevTools' evaluate, which CDP's
    // ScriptDuration does not count), then wait until the rows settle: unchanged for 3 frames
    // (the virtualizer measures rows after paint and may render again).
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
      { m: mode, row: bench.row },
    )
    const mount = delta(before, await metrics(cdp))
    const dom = await bench.inspect(page, mode, count)
    const viewport = bench.viewport(mode)
    const startedAtStart = bench.toStart ? await bench.toStart(page, viewport, count) : true

    // Up two viewport heights per frame until the top. Traced too: a task's thread (CPU) time
    // says what the page itself cost when the machine is busy, where the wall-clock long tasks of
    // PerformanceObserver also count time the thread was not running.
    await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] })
    const scrollBefore = await metrics(cdp)
    const scroll = await page.evaluate(
      async ({ viewport, mostOf, top }) => {
        const vp = document.querySelector(viewport)
        const frame = () => new Promise((r) => requestAnimationFrame((t) => r(t)))
        const step = vp.clientHeight * 2
        const t0 = performance.now()
        let atTop = 0
        let frames = 0
        const most = mostOf.map(() => 0)
        let prev = await frame()
        let maxFrame = 0
        while (atTop < 5 && performance.now() - t0 < 120_000) {
          vp.scrollTop = Math.max(0, vp.scrollTop - step)
          const t = await frame()
          maxFrame = Math.max(maxFrame, t - prev)
          prev = t
          frames += 1
          mostOf.forEach((s, i) => (most[i] = Math.max(most[i], document.querySelectorAll(s).length)))
          atTop = vp.scrollTop === 0 ? atTop + 1 : 0
        }
        const t1 = performance.now()
        return {
          start: t0,
          end: t1,
          ms: t1 - t0,
          frames,
          maxFrameMs: maxFrame,
          most,
          reachedTop: document.querySelector(top) !== null,
        }
      },
      { viewport, mostOf: bench.mostOf, top: bench.top },
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
      mountTaskMs: mount.task,
      ...dom,
      scrollMs: scroll.ms,
      scrollFrames: scroll.frames,
      scrollMaxFrameMs: scroll.maxFrameMs,
      scrollScriptingMs: delta(scrollBefore, scrollAfter).script,
      ...bench.scrolled({ most: scroll.most, covered: startedAtStart && scroll.reachedTop }),
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

/**
 * Per mode, the median of each numeric figure over the runs, and the worst case (`<name>Max`) of
 * what a budget bounds from above: the bench's `max` figures and the scroll's task figures;
 * `every`: the yes/no figure that must hold in every run.
 */
function summarizeRuns(list, { max, every }) {
  const keys = Object.keys(list[0]).filter((k) => typeof list[0][k] === 'number')
  const out = Object.fromEntries(keys.map((k) => [k, median(list.map((r) => r[k]))]))
  const worst = [
    ...max,
    'scrollLongestTaskMs',
    'scrollLongTasksOver50',
    'scrollLongestTaskCpuMs',
    'scrollTasksCpuOver50',
  ]
  for (const k of worst) out[`${k}Max`] = Math.max(...list.map((r) => r[k]))
  out[every] = list.every((r) => r[every])
  return out
}

/**
 * Runs a render benchmark: both modes (`virtual`, then `all`: every row mounted, the baseline)
 * `runs` times, alternating which goes first, each in a fresh page; returns the per-mode
 * summaries (summarizeRuns), the ratios baseline ÷ virtualized and the samples.
 *
 * `bench` says what is its own: `name` (for errors), `entry` (its page, bundled) and `html`
 * (pageHtml); `row`, the selector of the rows whose count settles after the mount;
 * `inspect(page, mode, count)`, the DOM figures after the mount (and its guards);
 * `viewport(mode)`, the selector of the element scrolled; `toStart(page, viewport, count)`
 * (optional), moves the list to where the scroll starts and resolves whether it got there;
 * `mostOf`, selectors whose largest count during the scroll is recorded; `top`, a selector that
 * matches once the top is reached; `scrolled({ most, covered })`, the figures of the scroll under
 * its own names; `describeRun(sample)`, one log line; `summary`, summarizeRuns' options;
 * `rowRatio(virtual, baseline)`, the ratio of rows in the DOM under its own name.
 */
export async function runRenderBench(bench, { runs = 3, count = bench.count, log = console.log } = {}) {
  const executablePath = chromiumPath()
  if (!executablePath)
    throw new Error(`${bench.name}: no Chromium (node scripts/ensure-test-tools.mjs, or set CHROMIUM_PATH)`)
  const page = await buildPage(bench.entry)
  const browser = await chromium.launch({ executablePath, args: chromiumArgs, headless: true })
  const samples = { virtual: [], all: [] }
  try {
    for (let i = 0; i < runs; i++) {
      for (const mode of i % 2 === 0 ? ['virtual', 'all'] : ['all', 'virtual']) {
        const r = await measureMode(browser, page, bench, mode, count)
        samples[mode].push(r)
        log(`  run ${i + 1} ${mode.padEnd(7)} ${bench.describeRun(r)}`)
      }
    }
  } finally {
    await browser.close()
  }
  const virtual = summarizeRuns(samples.virtual, bench.summary)
  const all = summarizeRuns(samples.all, bench.summary)
  return {
    count,
    runs,
    virtual,
    baseline: all,
    ratios: {
      mountScripting: all.mountScriptingMs / virtual.mountScriptingMs,
      ...bench.rowRatio(virtual, all),
      scrollScripting: all.scrollScriptingMs / virtual.scrollScriptingMs,
    },
    samples,
  }
}

/** The checks both render benches make of the scroll's long tasks (`v`: the virtualized figures). */
export function longTaskChecks(v) {
  return [
    {
      name: 'scroll bottom → top: tasks over 50 ms (thread CPU time)',
      value: v.scrollTasksCpuOver50Max,
      unit: '',
      op: '=',
      target: 0,
    },
    // Wall-clock long tasks include the time the renderer waited for a core on a loaded machine;
    // the traced thread-CPU time of the same tasks is the check above.
    {
      name: 'scroll bottom → top: long tasks over 50 ms (PerformanceObserver, wall time)',
      value: v.scrollLongTasksOver50Max,
      unit: '',
      op: '=',
      target: 0,
    },
  ]
}

/** The rows both render tables give the scroll's long tasks (virtualized `v` beside the baseline `b`). */
export function longTaskRows(v, b, longTaskMs) {
  return [
    [
      'scroll: longest task, thread CPU (ms, max)',
      v.scrollLongestTaskCpuMsMax.toFixed(1),
      b.scrollLongestTaskCpuMsMax.toFixed(1),
      '',
      `≤ ${longTaskMs}`,
    ],
    ['scroll: tasks > 50 ms, thread CPU (max)', v.scrollTasksCpuOver50Max, b.scrollTasksCpuOver50Max, '', '0'],
    [
      'scroll: longest long task, wall (ms, max)',
      v.scrollLongestTaskMsMax.toFixed(0),
      b.scrollLongestTaskMsMax.toFixed(0),
      '',
      `≤ ${longTaskMs}`,
    ],
    ['scroll: long tasks > 50 ms, wall (max)', v.scrollLongTasksOver50Max, b.scrollLongTasksOver50Max, '', '0'],
  ]
}
