// `npm test`: everything CI needs, on the machine's cores:
//   three vitest runs start at once: the Storybook project in Chromium (each story rendered once,
//   for its play function, axe and its pictures), the longest step, and the `unit` (jsdom) and
//   `node` projects, one worker each (each waits on timers and servers about 40 % of its time, so
//   the two side by side fill the cores the Storybook run leaves idle);
// then, as runs end, the next waiting step, at most two at a time: the browser tests (the other
// vitest project in Chromium), the build of the static Storybook and the playground's page, type
// check, lint and format, and the end-to-end tests in a real browser, a step per file, the slowest
// first (they wait for that build; none starts before both Chromium vitest runs have ended). Output
// is printed in one piece as each step ends, so steps do not interleave line by line (the
// Storybook run prints as it goes). Type check, format and lint keep caches under
// node_modules/.cache: a second run re-checks only what changed. Always ends with one plain
// "N passed, N failed" line for the vitest runs that ran.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs'

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
    // `npm test -- <file>`: the file is in one run's project only; the others have nothing to run.
    ...(extra.length ? ['--passWithNoTests'] : []),
    ...extra,
  ],
]
const reports = ['storybook', 'unit', 'node', 'browser'].map((run) => `test-results/vitest-${run}.json`)
const inStorybook = vitest('vitest in Chromium (storybook, with pictures)', ['storybook'], reports[0])
const inJsdom = vitest('vitest in jsdom (unit)', ['unit'], reports[1])
const inNode = vitest('vitest in Node (node)', ['node'], reports[2])
const inBrowser = vitest('vitest in Chromium (browser)', ['browser'], reports[3])
const cache = 'node_modules/.cache'
const e2eBuild = 'build static Storybook and the playground page'
// The e2e files, one step each, the slowest first, so that the last two end close together (a
// file not listed here comes last). Each runs Chromium against servers of its own, on the pages
// `e2eBuild` made (scripts/e2e.mjs).
const e2eSlowestFirst = ['playground', 'keyboard', 'storybook', 'access', 'playground-service', 'storyBackend']
const rank = (name) => (e2eSlowestFirst.includes(name) ? e2eSlowestFirst.indexOf(name) : e2eSlowestFirst.length)
const e2eSteps = readdirSync('test/e2e')
  .filter((f) => f.endsWith('.test.mjs'))
  .map((f) => f.slice(0, -'.test.mjs'.length))
  .sort((a, b) => rank(a) - rank(b))
  .map((name) => [
    `e2e ${name}.test.mjs (Chromium)`,
    'node',
    ['scripts/e2e.mjs', '--skip-build', `--report=junit-${name}`, `test/e2e/${name}.test.mjs`],
    { needs: [e2eBuild], after: [inStorybook[0], inBrowser[0]] },
  ])
// In the order they are taken. The fourth item: `needs`, steps that must have passed first;
// `after`, steps that must have ended first. No e2e step runs beside a Chromium vitest run: the
// two drive Chromium on the same two cores, and their timed waits fail when they starve each other.
// A failure there still lets the e2e tests run (one run reports every failure). The browser tests
// come first: they run beside the Storybook project, as the Node projects did.
const waiting = [
  inBrowser,
  [e2eBuild, 'node', ['scripts/e2e.mjs', '--build-only']],
  // `npm test -- <file>` runs that vitest file and the checks, not the e2e tests.
  ...(extra.length ? [] : e2eSteps),
  [
    'type check',
    'npx',
    ['tsc', '--noEmit', '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', `${cache}/tsc/tsbuildinfo`],
  ],
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
  // Not prettier's default cache file: a plain `npx prettier` (no --cache) deletes that one, and
  // the next run would check every file again.
  ['format', 'npx', ['prettier', '--check', '.', '--cache', '--cache-location', `${cache}/format/.prettier-cache`]],
]

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

/** The names of the steps a waiting step waits for: its `needs` and its `after`. */
const waitsFor = ([, , , { needs = [], after = [] } = {}]) => [...needs, ...after]
/** Steps running (their promise of success) and ended (whether they passed), by name. */
const running = new Map()
const ended = new Map()
/** At most this many waiting steps run at once: two cores, and an e2e file drives a Chromium of its own. */
const atOnce = 2
/** The waiting steps running now (their promises). */
const taken = new Set()
/**
 * Runs a lane: its own first step, then the first waiting step whose `needs` and `after` have all
 * ended, while fewer than `atOnce` waiting steps run; when every waiting step waits for one that is
 * still running, it waits for that. A step whose `needs` failed is not run and counts as failed.
 * Goes on after a failure (one run reports them all).
 */
async function lane(first, buffered) {
  const run = async (s, b) => {
    running.set(s[0], step(s, b))
    ended.set(s[0], await running.get(s[0]))
    return ended.get(s[0])
  }
  let passed = await run(first, buffered)
  while (waiting.length) {
    if (taken.size >= atOnce) {
      await Promise.race(taken)
      continue
    }
    const ready = waiting.findIndex((s) => waitsFor(s).every((name) => ended.has(name)))
    if (ready === -1) {
      const awaited = waiting.flatMap(waitsFor).find((name) => running.has(name) && !ended.has(name))
      await (running.get(awaited) ?? Promise.race(taken))
      continue
    }
    const [next] = waiting.splice(ready, 1)
    const failed = next[3]?.needs?.find((name) => !ended.get(name))
    if (failed) {
      console.log(`\n✖ ${next[0]} not run: ${failed} failed`)
      passed = false
      continue
    }
    const done = run(next, true)
    taken.add(done)
    done.finally(() => taken.delete(done))
    passed = (await done) && passed
  }
  return passed
}

for (const r of reports) rmSync(r, { force: true })
const tools = spawnSync('node', ['scripts/ensure-test-tools.mjs'], { stdio: 'inherit' })
if (tools.status !== 0) process.exit(tools.status || 1)

const started = Date.now()
const passed = await Promise.all([lane(inStorybook, false), lane(inJsdom, true), lane(inNode, true)])
console.log(`\nnpm test done (${((Date.now() - started) / 1000).toFixed(1)} s)`)
summary()
process.exit(passed.every(Boolean) ? 0 : 1)
