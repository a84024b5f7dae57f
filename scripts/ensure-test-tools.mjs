// Makes sure the tools the tests run exist: Chromium for the browser, Storybook and end-to-end
// tests (required), and redis-server for the multi-instance tests (they are skipped, with a
// warning, where it cannot be installed).
// Order for Chromium: CHROMIUM_PATH, Debian's headless shell, /usr/bin/chromium (scripts/chromium.mjs); the
// headless shell is installed when root with apt-get and neither CHROMIUM_PATH nor it exists; with
// no Chromium at all, explain and fail.
// Never `npx playwright install`: it downloads a browser build, which these machines cannot.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromiumPath, headlessShell } from './chromium.mjs'

const REDIS = '/usr/bin/redis-server'
const hasChromium = process.env.CHROMIUM_PATH ? existsSync(process.env.CHROMIUM_PATH) : existsSync(headlessShell)
const missing = [...(hasChromium ? [] : ['chromium-headless-shell']), ...(existsSync(REDIS) ? [] : ['redis-server'])]
if (missing.length === 0) process.exit(0)

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasApt = (() => {
  try {
    execSync('command -v apt-get', { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

if (isRoot && hasApt) {
  console.log(`linekit: installing Debian's ${missing.join(' and ')} for the tests (about a minute)…`)
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, {
      stdio: 'inherit',
    })
  } catch {
    console.error(`linekit: apt-get install ${missing.join(' ')} failed; see the output above.`)
  }
}
if (!existsSync(REDIS)) {
  console.warn(
    'linekit: redis-server is missing, so the Redis tests will be skipped (sudo apt-get install -y redis-server).',
  )
}
if (chromiumPath()) process.exit(0)
console.error(
  [
    'linekit: the browser and Storybook tests need Chromium, and none was found.',
    '  Install one:   sudo apt-get install -y chromium-headless-shell   (Debian; or chromium)',
    '  or point to one: export CHROMIUM_PATH=/path/to/chromium',
  ].join('\n'),
)
process.exit(1)
