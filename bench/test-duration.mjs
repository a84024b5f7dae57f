// The duration of one full `npm test`, with the machine's load when it started and ended (the
// suite shares the machine's cores with whatever else runs). `npm run bench -- --test-duration`.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'

const targets = { minutes: 6 }

async function run() {
  const t0 = Date.now()
  const loadBefore = loadavg()[0]
  const r = spawnSync('npm', ['test'], { stdio: 'inherit', env: process.env })
  const minutes = (Date.now() - t0) / 60_000
  const loadAfter = loadavg()[0]
  let tests = null
  // The vitest runs' reports (scripts/test.mjs); a run that did not start wrote none.
  for (const file of ['storybook', 'unit', 'node', 'browser'].map((run) => `test-results/vitest-${run}.json`)) {
    try {
      const vitest = JSON.parse(readFileSync(file, 'utf8'))
      tests ??= { passed: 0, failed: 0 }
      tests.passed += vitest.numPassedTests
      tests.failed += vitest.numFailedTests
    } catch {
      /* no report from this lane */
    }
  }
  return { minutes, exit: r.status, tests, loadBefore, loadAfter }
}

function report(r) {
  const tests = r.tests ? `${r.tests.passed} passed, ${r.tests.failed} failed` : 'no vitest report'
  const checks = [
    { name: `full \`npm test\` (exit ${r.exit})`, value: r.minutes, unit: 'min', op: '<', target: targets.minutes },
    // A run that failed is no figure: its time is not the time of a run that passes.
    { name: 'full `npm test`: exit code', value: r.exit, unit: '', op: '=', target: 0 },
  ]
  const rows = [[r.minutes.toFixed(1), String(r.exit), tests, r.loadBefore.toFixed(2), r.loadAfter.toFixed(2)]]
  const header = ['minutes', 'exit', 'tests', 'load average (1 min) at its start', 'at its end']
  return { checks, tables: { run: { header, rows } } }
}

export const bench = {
  name: 'test',
  title: 'full npm test (timed)',
  options: () => ({}),
  run,
  report,
}
