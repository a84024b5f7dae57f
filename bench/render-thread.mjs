// Rendering benchmark in Chromium (bench/render-runner.mjs): a 10,000-message <Conversation>
// (bench/render/thread-page.tsx) mounted virtualized, and the same page with every row mounted
// (the baseline). Per mode: mount scripting, message rows in the DOM, then a scroll from the
// newest message to the oldest with long tasks observed.
//
//   node bench/render-thread.mjs [--runs 3] [--count 10000] [--json]
import { runAlone } from './bench-support.mjs'
import { longTaskChecks, longTaskRows, pageHtml, runRenderBench } from './render-runner.mjs'

const targets = { mountScriptingMs: 100, rows: 60, longTaskMs: 50 }

const ROW = '.lk-MessageList-row'
const MESSAGE_ROW = '.lk-MessageList-row[data-kind="item"]'

/** The 10,000-message list: what runRenderBench needs of it. */
const messageListBench = {
  name: 'render bench',
  entry: './render/thread-page.tsx',
  html: pageHtml('linekit render bench'),
  count: 10_000,
  row: ROW,
  async inspect(page, mode, count) {
    const dom = await page.evaluate(
      ({ row, messageRow }) => ({
        messageRows: document.querySelectorAll(messageRow).length,
        rows: document.querySelectorAll(row).length,
      }),
      { row: ROW, messageRow: MESSAGE_ROW },
    )
    // Guards on the guard: a renamed class or an empty thread must not pass for "few rows".
    if (dom.messageRows === 0) throw new Error(`render bench (${mode}): no ${MESSAGE_ROW} in the DOM`)
    if (mode === 'all' && dom.messageRows !== count)
      throw new Error(`render bench (all): ${dom.messageRows} message rows, expected ${count}`)
    return dom
  },
  // The list opens at the newest message: the scroll goes from there to the oldest.
  viewport: () => '.lk-MessageList-viewport',
  mostOf: [MESSAGE_ROW],
  // Row 0 is the first day separator, row 1 the oldest message.
  top: `${ROW}[data-index="1"]`,
  scrolled: ({ most, covered }) => ({ scrollMaxMessageRows: most[0], scrollReachedOldest: covered }),
  describeRun: (r) =>
    `mount ${r.mountScriptingMs.toFixed(0)} ms scripting, ${r.messageRows} message rows, scroll longest task ${r.scrollLongestTaskMs.toFixed(0)} ms`,
  summary: { max: ['messageRows', 'scrollMaxMessageRows'], every: 'scrollReachedOldest' },
  rowRatio: (virtual, all) => ({ messageRows: all.messageRows / virtual.messageRows }),
}

/** The figures' checks and table (virtualized against every row mounted). */
function report(r) {
  const v = r.virtual
  const b = r.baseline
  const checks = [
    {
      name: 'mount scripting (CPU, median)',
      value: v.mountScriptingMs,
      unit: 'ms',
      op: '<',
      target: targets.mountScriptingMs,
    },
    {
      name: 'message rows in the DOM (max over runs)',
      value: v.messageRowsMax,
      unit: '',
      op: '<',
      target: targets.rows,
    },
    ...longTaskChecks(v),
    {
      name: 'the scroll reached the oldest message',
      value: v.scrollReachedOldest ? 'yes' : 'no',
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
      `${r.ratios.mountScripting.toFixed(1)}×`,
      `< ${targets.mountScriptingMs}`,
    ],
    [
      'mount: render call, wall (ms, median)',
      v.mountSyncMs.toFixed(1),
      b.mountSyncMs.toFixed(1),
      `${(b.mountSyncMs / v.mountSyncMs).toFixed(1)}×`,
      '',
    ],
    [
      'message rows in the DOM (max)',
      v.messageRowsMax,
      b.messageRowsMax,
      `${r.ratios.messageRows.toFixed(0)}×`,
      `< ${targets.rows}`,
    ],
    [
      'scroll to the oldest: message rows mounted at most',
      v.scrollMaxMessageRowsMax,
      b.scrollMaxMessageRowsMax,
      '',
      '',
    ],
    ...longTaskRows(v, b, targets.longTaskMs),
    [
      'scroll: scripting, CPU (ms, median)',
      v.scrollScriptingMs.toFixed(0),
      b.scrollScriptingMs.toFixed(0),
      `${r.ratios.scrollScripting.toFixed(1)}×`,
      '',
    ],
    ['scroll: frames to the oldest (median)', v.scrollFrames, b.scrollFrames, '', ''],
  ]
  const header = ['', 'virtualized', 'all rows (baseline)', 'baseline ÷ virtualized', 'target']
  return { checks, tables: { figures: { header, rows } }, params: `${r.runs} runs per mode, ${r.count} messages` }
}

export const bench = {
  name: 'render',
  title: 'rendering in Chromium (10,000-message <Conversation>, virtualized vs every row mounted)',
  options: (quick) => ({ runs: quick ? 1 : 3, count: 10_000 }),
  run: ({ runs, count, log }) => runRenderBench(messageListBench, { runs, count, log }),
  report,
}

await runAlone(import.meta.url, bench, { runs: 3, count: 10_000 })
