// `npm test`: Chromium check, type check, lint, then every vitest project. Stops at the first failure.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const steps = [
  ['ensure chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  [
    'vitest (unit, browser, storybook)',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json', ...process.argv.slice(2)],
  ],
]

for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`)
  const started = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  if (r.status !== 0) {
    console.error(`✖ ${name} failed (exit ${r.status ?? r.signal})`)
    process.exit(r.status || 1)
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}

// One plain closing line that CI and people can read at a glance.
const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'))
console.log(`\n${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`)
