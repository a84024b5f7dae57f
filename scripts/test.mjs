// `npm test`: everything CI needs, on two lanes that share the machine's cores:
//   lane 1: the vitest projects in Chromium (browser tests; the Storybook project: each story
//           rendered once, for its play function, axe and its pictures),
//   lane 2: the vitest projects in Node and jsdom,
// and after them the type check, format check, lint and the static Storybook build, each taken by
// whichever lane is free first,
// then the end-to-end tests in a real browser (playground, static Storybook from a sub-folder).
// Lane 1 mostly waits on the browser (renders, settling, play functions) and lane 2 mostly
// computes, so each keeps a core busy. The checks print their output as each ends, so the
// lanes do not interleave line by line. Type check, format and lint keep caches under
// node_modules/.cache: a second run re-checks only what changed. Always ends with one plain
// "N passed, N failed" line for the vitest runs that ran.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'

const extra = process.argv.slice(2)
/** One vitest run of `projects`, its JSON report in `report`. */
const vitest = (name, projects, report) => [
  name,
  'npx',
  [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    // `npm test -- <file>`: the file is in one lane's projects only; the other lane has nothing to run.
    ...(extra.length ? ['--passWithNoTests'] : []),
    ...extra,
  ],
]
const reports = ['test-results/vitest-browser.json', 'test-results/vitest-node.json']
const inBrowser = vitest('vitest in Chromium (browser, storybook with pictures)', ['browser', 'storybook'], reports[0])
const inNode = vitest('vitest in Node and jsdom (unit, node)', ['unit', 'node'], reports[1])
// The type tests (`*.test-d.ts`) are in tsconfig.json's files, so the type check below fails on
// them as vitest's typecheck would (it runs tsc over them again); `npm run test:unit` keeps it.
inNode[2].push('--typecheck.enabled=false')
const cache = 'node_modules/.cache'
const checks = [
  [
    'type check',
    'npx',
    ['tsc', '--noEmit', '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', `${cache}/tsc/tsbuildinfo`],
  ],
  ['format', 'npx', ['prettier', '--check', '.', '--cache', '--cache-location', `${cache}/prettier/.prettier-cache`]],
  [
    'lint',
    'npx',
    [
      'eslint',
      '.',
      '--max-warnings=0',
      '--cache',
      '--cache-strategy',
      'content',
      '--cache-location',
      `${cache}/eslint/`,
    ],
  ],
  ['build static Storybook', 'npx', ['storybook', 'build', '-o', 'storybook-static', '--quiet']],
]
// After both lanes: beside the vitest browser projects, its Chromium starves theirs (and theirs its)
// on two cores, and waits written for a busy machine time out.
const e2e = ['e2e (playground + static Storybook, Chromium)', 'node', ['scripts/e2e.mjs', '--skip-build']]

function summary() {
  const runs = reports.filter((r) => existsSync(r)).map((r) => JSON.parse(readFileSync(r, 'utf8')))
  if (runs.length === 0) return
  const sum = (key) => runs.reduce((total, r) => total + r[key], 0)
  console.log(
    `\n${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests') + sum('numTodoTests')} skipped`,
  )
}

/** Runs one step; with `buffered`, its output is printed in one piece when it ends. Resolves to success. */
function step([name, cmd, args], buffered) {
  const started = Date.now()
  const output = [`\n▶ ${name}\n`]
  if (!buffered) console.log(output.pop())
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env })
    if (buffered) {
      child.stdout.on('data', (d) => output.push(String(d)))
      child.stderr.on('data', (d) => output.push(String(d)))
    }
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      if (code === 0) output.push(`✔ ${name} (${seconds} s)\n`)
      else output.push(`✖ ${name} failed (exit ${code ?? signal}, ${seconds} s)\n`)
      process.stdout.write(output.join(''))
      resolve(code === 0)
    })
  })
}

/**
 * Runs a lane: its own first step, then whichever checks are still waiting, so the lane that ends
 * its vitest run first takes the next check. Goes on after a failure (one run reports them all).
 */
const waiting = [...checks]
async function lane(first, buffered) {
  let passed = await step(first, buffered)
  for (let next = waiting.shift(); next; next = waiting.shift()) passed = (await step(next, true)) && passed
  return passed
}

for (const r of reports) rmSync(r, { force: true })
const tools = spawnSync('node', ['scripts/ensure-test-tools.mjs'], { stdio: 'inherit' })
if (tools.status !== 0) process.exit(tools.status || 1)

const started = Date.now()
const passed = await Promise.all([lane(inBrowser, false), lane(inNode, true)])
console.log(`\nboth lanes done (${((Date.now() - started) / 1000).toFixed(1)} s)`)
if (!passed.every(Boolean)) {
  summary()
  process.exit(1)
}
const e2ePassed = await step(e2e, false)
console.log(`\nnpm test done (${((Date.now() - started) / 1000).toFixed(1)} s)`)
summary()
process.exit(e2ePassed ? 0 : 1)
