// Rendering benchmark of the thread list in Debian's Chromium through playwright-core: a
// <ConversationList> holding 1,000 threads mounted virtualized, and the same page with every row
// mounted (the baseline), alternating in one run — the method of bench/render-runner.mjs. Per mode:
// scripting time of the mount (CDP Performance metrics, from the render call until the rows
// settle), thread rows in the DOM, then a scroll from the bottom (the oldest thread) to the top
// (the newest) with long tasks observed (PerformanceObserver 'longtask', and a trace's thread-CPU
// time). The list shows the newest thread first, so the page first jumps to its end (not measured).
//
//   node bench/render-list.mjs [--runs 3] [--count 1000] [--json]
import { runAlone } from './bench-support.mjs'
import { longTaskChecks, longTaskRows, pageHtml, runRenderBench } from './render-runner.mjs'

const listTargets = { mountScriptingMs: 100, rows: 60, longTaskMs: 50 }

const ROW = '.lk-ConversationList-row'

/** The 1,000-thread list: what runRenderBench needs of it. */
const threadListBench = {
  name: 'thread-list bench',
  entry: './render/list-page.tsx',
  // `all`: the list's viewport grows to its content (the virtualizer then sees every row as
  // visible) and the page box scrolls instead.
  html: pageHtml(
    'linekit thread-list bench',
    `
#root[data-mode=all]{display:block;overflow-y:auto}
#root[data-mode=all] .lk-ConversationList{height:auto}
#root[data-mode=all] .lk-ConversationList-viewport{flex:none;overflow:visible}`,
  ),
  count: 1_000,
  row: ROW,
  async inspect(page, mode, count) {
    const rows = await page.evaluate((row) => document.querySelectorAll(row).length, ROW)
    // Guards on the guard: a renamed class or an empty list must not pass for "few rows".
    if (rows === 0) throw new Error(`thread-list bench (${mode}): no ${ROW} in the DOM`)
    if (mode === 'all' && rows !== count)
      throw new Error(`thread-list bench (all): ${rows} thread rows, expected ${count}`)
    return { rows }
  },
  viewport: (mode) => (mode === 'all' ? '#root' : '.lk-ConversationList-viewport'),
  // The list shows the newest thread first: to the oldest (not measured), then idle a little.
  toStart: (page, viewport, count) =>
    page.evaluate(
      async ({ viewport, row, n }) => {
        const vp = document.querySelector(viewport)
        const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)))
        for (let i = 0; i < 10; i++) {
          vp.scrollTop = vp.scrollHeight
          await frame()
        }
        await new Promise((r) => setTimeout(r, 200))
        return vp.scrollTop > 0 && document.querySelector(`${row}[aria-posinset="${n}"]`) !== null
      },
      { viewport, row: ROW, n: count },
    ),
  mostOf: [ROW],
  top: `${ROW}[aria-posinset="1"]`,
  scrolled: ({ most, covered }) => ({ scrollMaxRows: most[0], scrollCoveredAll: covered }),
  describeRun: (r) =>
    `mount ${r.mountScriptingMs.toFixed(0)} ms scripting, ${r.rows} thread rows, scroll longest task ${r.scrollLongestTaskMs.toFixed(0)} ms (thread CPU ${r.scrollLongestTaskCpuMs.toFixed(0)} ms)`,
  summary: { max: ['rows', 'scrollMaxRows'], every: 'scrollCoveredAll' },
  rowRatio: (virtual, all) => ({ rows: all.rowsMax / virtual.rowsMax }),
}

/** The figures' checks and table (virtualized against every row mounted). */
function report(r) {
  const v = r.virtual
  const b = r.baseline
  const x = (n) => `${n.toFixed(1)}×`
  const checks = [
    {
      name: 'mount scripting (CPU, median)',
      value: v.mountScriptingMs,
      unit: 'ms',
      op: '<',
      target: listTargets.mountScriptingMs,
    },
    { name: 'thread rows in the DOM (max over runs)', value: v.rowsMax, unit: '', op: '<', target: listTargets.rows },
    ...longTaskChecks(v),
    {
      name: 'the scroll went from the oldest thread to the newest',
      value: v.scrollCoveredAll ? 'yes' : 'no',
      unit: '',
      op: '=',
      target: 'yes',
    },
  ]
  const rows = [
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
    ...longTaskRows(v, b, listTargets.longTaskMs),
    [
      'scroll: scripting, CPU (ms, median)',
      v.scrollScriptingMs.toFixed(0),
      b.scrollScriptingMs.toFixed(0),
      x(r.ratios.scrollScripting),
      '',
    ],
    ['scroll: frames bottom → top (median)', v.scrollFrames, b.scrollFrames, '', ''],
  ]
  const header = ['', 'virtualized', 'all rows (baseline)', 'baseline ÷ virtualized', 'target']
  return { checks, tables: { figures: { header, rows } }, params: `${r.runs} runs per mode, ${r.count} threads` }
}

export const bench = {
  name: 'render-list',
  title: 'rendering in Chromium (1,000-thread <ConversationList>, virtualized vs every row mounted)',
  options: (quick) => ({ runs: quick ? 1 : 3, count: 1_000 }),
  run: ({ runs, count, log }) => runRenderBench(threadListBench, { runs, count, log }),
  report,
}

await runAlone(import.meta.url, bench, { runs: 3, count: 1_000 })
