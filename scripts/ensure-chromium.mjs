// Makes sure a Chromium exists for the browser and Storybook test projects.
// Order: CHROMIUM_PATH, /usr/bin/chromium, else apt-get install chromium when root, else explain and fail.
// Never `npx playwright install`: it downloads a browser build, which these machines cannot.
import { execSync } from 'node:child_process'
import { chromiumPath } from './chromium.mjs'

const found = chromiumPath()
if (found) process.exit(0)

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
  console.log("linekit: no Chromium found; installing Debian's chromium (about a minute)…")
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    })
  } catch {
    console.error('linekit: apt-get install chromium failed; see the output above.')
    process.exit(1)
  }
  if (chromiumPath()) process.exit(0)
}
console.error(
  [
    'linekit: the browser and Storybook tests need Chromium, and none was found.',
    '  Install one:   sudo apt-get install -y chromium   (Debian/Ubuntu)',
    '  or point to one: export CHROMIUM_PATH=/path/to/chromium',
  ].join('\n'),
)
process.exit(1)
