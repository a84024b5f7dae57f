// `npm run bench`: every benchmark in one run — bundle sizes, rendering in Chromium, the proxy,
// SSE fan-out, the mock, a support team on one API key (and, on request, the duration of
// `npm test`) — printed, each figure against its target, then written into BENCHMARKS.md's
// generated blocks by scripts/bench-report.mjs (the prose around them is written by hand).
//
//   npm run bench [-- --only size,render,render-list,proxy,sse,mock,team,faults,shift] [--quick] [--test-duration] [--no-write]
//
// --quick          fewer runs and requests (a smoke run; figures noisier)
// --test-duration  also time one full `npm test` (minutes; only on a quiet machine)
// --no-write       print only; leave BENCHMARKS.md alone
//
// A benchmark is a module exporting `{ name, options(quick), run(options), report(figures) }`:
// `run` measures and resolves plain figures, `report` turns figures into checks and tables (see
// bench-report.mjs). Adding one: its module, a line below, and its blocks and prose in BENCHMARKS.md.
import { readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { machine, printReport, printTable } from '../bench/bench-support.mjs'
import { checkRow, judge, updateBenchmarks } from './bench-report.mjs'

/** In the order they run and BENCHMARKS.md shows them. */
const benchmarks = {
  size: () => import('../bench/bundle-size.mjs'),
  render: () => import('../bench/render-thread.mjs'),
  'render-list': () => import('../bench/render-list.mjs'),
  proxy: () => import('../bench/proxy-latency.mjs'),
  sse: () => import('../bench/sse-fanout.mjs'),
  mock: () => import('../bench/mock-throughput.mjs'),
  team: () => import('../bench/team/team-load.mjs'),
  faults: () => import('../bench/faults/fault-load.mjs'),
  shift: () => import('../bench/shift/shift.mjs'),
  test: () => import('../bench/test-duration.mjs'),
}

process.chdir(fileURLToPath(new URL('..', import.meta.url)))
const argv = process.argv.slice(2)
const flag = (name) => argv.includes(`--${name}`)
const onlyAt = argv.indexOf('--only')
const only = onlyAt >= 0 ? argv[onlyAt + 1].split(',') : null
for (const name of only ?? [])
  if (name !== 'none' && !(name in benchmarks)) throw new Error(`--only: no benchmark ${name}`)
const quick = flag('quick')
// The test suite's duration is timed only when asked for: it takes minutes and a quiet machine;
// so are the faults (minutes, seven processes).
const chosen = Object.keys(benchmarks).filter((name) =>
  name === 'test'
    ? flag('test-duration')
    : name === 'faults' || name === 'shift'
      ? only?.includes(name)
      : !only || only.includes(name),
)

const started = new Date()
const loadStart = loadavg()
const results = []
for (const name of chosen) {
  const { bench } = await benchmarks[name]()
  console.log(`\n▶ ${bench.title}`)
  const figures = await bench.run(bench.options(quick))
  const report = bench.report(figures)
  printReport(report)
  results.push({ name, report, checks: report.checks.map((c) => judge(name, c)) })
}

const checks = results.flatMap((r) => r.checks)
console.log('\n▶ summary')
printTable(
  ['check', 'measured', 'target', 'status', 'missed by'],
  checks.map((c) => checkRow(c).map((cell) => cell.replace(/`/g, ''))),
)

if (!flag('no-write') && checks.length > 0) {
  const command = ['npm run bench', ...(argv.length ? ['--', ...argv] : [])].join(' ')
  const run = { command, started, machine: machine(), loadStart, loadEnd: loadavg() }
  writeFileSync('BENCHMARKS.md', updateBenchmarks(readFileSync('BENCHMARKS.md', 'utf8'), results, run))
  console.log('\nwrote the figures into BENCHMARKS.md')
}
