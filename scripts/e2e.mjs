// End-to-end tests in a real browser (Debian's Chromium via playwright-core):
//   1. make sure Chromium exists, 2. build the static Storybook and the playground's page, which
//   every e2e file's playground server serves (npm test builds both beside the vitest runs with
//   `--build-only` and passes `--skip-build`), 3. run test/e2e/*.test.mjs
//   with `node --test` (the playground's dev server, a static server and, for service mode, the
//   standalone mock server are started by the tests). Known gaps are `todo` tests: reported, not failing.
// Screenshots and a JUnit report land in test-results/e2e/. `--skip-build` reuses storybook-static/
// and test-results/playground-page/ (without that folder, each file builds the page for itself).
// The story pictures are not taken here but in the Storybook vitest project: `npm run test:pictures`.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync } from 'node:fs'

const args = process.argv.slice(2)
const skipBuild = args.includes('--skip-build')
const buildOnly = args.includes('--build-only')
// `--report=<name>`: the JUnit file's name, so two runs of different files side by side keep both.
const report = args.find((a) => a.startsWith('--report='))?.slice('--report='.length) ?? 'junit'
const files = args.filter((a) => !a.startsWith('--'))

const run = (name, cmd, cmdArgs, env = {}) => {
  console.log(`\n▶ ${name}`)
  const started = Date.now()
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (r.status !== 0) {
    console.error(`✖ ${name} failed (exit ${r.status ?? r.signal})`)
    process.exit(r.status || 1)
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}

const playgroundPage = 'test-results/playground-page'
if (!skipBuild) {
  run('build storybook', 'npx', ['storybook', 'build', '-o', 'storybook-static', '--quiet'])
  // The playground's root is playground/: the out folder is relative to it.
  const outDir = `../${playgroundPage}`
  run('build the playground page', 'npx', [
    'vite',
    'build',
    '--config',
    'playground/vite.config.ts',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'error',
  ])
}
if (buildOnly) process.exit(0)
run('ensure chromium', 'node', ['scripts/ensure-test-tools.mjs'])
const tests = files.length
  ? files
  : readdirSync('test/e2e')
      .filter((f) => f.endsWith('.test.mjs'))
      .map((f) => `test/e2e/${f}`)
mkdirSync('test-results/e2e', { recursive: true })
run(
  'e2e (node --test)',
  'node',
  [
    '--test',
    '--test-concurrency=1',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=junit',
    `--test-reporter-destination=test-results/e2e/${report}.xml`,
    ...tests,
  ],
  {
    E2E_STORYBOOK_DIR: 'storybook-static',
    ...(existsSync(playgroundPage) ? { E2E_PLAYGROUND_PAGE: playgroundPage } : {}),
  },
)
