// `npm test`: everything CI needs, on two lanes that share the machine's cores:
//   lane 1: every vitest project (unit, browser, storybook: each story rendered once, for its
//           play function, axe and its pictures),
//   lane 2: type check, format check, lint, then the static Storybook build,
// then the end-to-end tests in a real browser (playground, static Storybook from a sub-folder).
// Lane 2's output is printed when it ends, so the two do not interleave. Stops after the lanes when
// one failed; always ends with one plain "N passed, N failed" line for the vitest run when it ran.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'

const report = 'test-results/vitest.json'
const vitest = [
  'vitest (unit, browser, storybook with pictures)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
]
const checks = [
  ['type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['build static Storybook', 'npx', ['storybook', 'build', '-o', 'storybook-static', '--quiet']],
]

function summary() {
  if (!existsSync(report)) return
  const r = JSON.parse(readFileSync(report, 'utf8'))
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`)
}

/** Runs one step; `buffer` collects its output instead of printing it. Resolves to success. */
function step([name, cmd, args], buffer) {
  const started = Date.now()
  const say = (line) => (buffer ? buffer.push(`${line}\n`) : console.log(line))
  say(`\n▶ ${name}`)
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env })
    if (buffer) {
      child.stdout.on('data', (d) => buffer.push(String(d)))
      child.stderr.on('data', (d) => buffer.push(String(d)))
    }
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      if (code === 0) say(`✔ ${name} (${seconds} s)`)
      else say(`✖ ${name} failed (exit ${code ?? signal}, ${seconds} s)`)
      resolve(code === 0)
    })
  })
}

async function lane(steps, buffer) {
  for (const s of steps) if (!(await step(s, buffer))) return false
  return true
}

rmSync(report, { force: true })
const tools = spawnSync('node', ['scripts/ensure-test-tools.mjs'], { stdio: 'inherit' })
if (tools.status !== 0) process.exit(tools.status || 1)

const started = Date.now()
const output = []
const [testsPassed, checksPassed] = await Promise.all([
  lane([vitest]),
  lane(checks, output).then((ok) => {
    process.stdout.write(output.join(''))
    return ok
  }),
])
console.log(`\nlanes done (${((Date.now() - started) / 1000).toFixed(1)} s)`)
if (!testsPassed || !checksPassed) {
  summary()
  process.exit(1)
}
const e2e = await step(['e2e (playground + static Storybook, Chromium)', 'node', ['scripts/e2e.mjs', '--skip-build']])
summary()
process.exit(e2e ? 0 : 1)
