// `npm test`: Chromium check, type check, format check, lint, every vitest project, then the end-to-end
// tests in a real browser. Stops at the first failing step; always ends with one plain
// "N passed, N failed" line for the vitest run when it ran.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'

const report = 'test-results/vitest.json'
const steps = [
  ['ensure chromium and redis-server', 'node', ['scripts/ensure-test-tools.mjs']],
  ['type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  [
    'vitest (unit, browser, storybook)',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  ],
  ['e2e (playground + static Storybook, Chromium)', 'node', ['scripts/e2e.mjs']],
]

function summary() {
  if (!existsSync(report)) return
  const r = JSON.parse(readFileSync(report, 'utf8'))
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`)
}

rmSync(report, { force: true })
for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`)
  const started = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  if (r.status !== 0) {
    console.error(`✖ ${name} failed (exit ${r.status ?? r.signal})`)
    summary()
    process.exit(r.status || 1)
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}
summary()
