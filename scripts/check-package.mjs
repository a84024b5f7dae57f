// Packs the package and checks it the way a consumer's tools will: publint and attw (ESM-only profile),
// and runs its `linekit-mock` command (package.json "bin") with plain Node: no tsx at runtime. Then the README's
// Express + TypeScript quick start in a fresh folder with the tarball (scripts/fresh-install.mjs).
import { execFileSync, execSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { checkFreshInstall } from './fresh-install.mjs'

const run = (cmd) => execSync(cmd, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })
const tarball = run('npm pack --silent').trim().split('\n').pop()
try {
  console.log(run('npx publint --strict'))
  // The stylesheet is not a module: there is nothing for attw to resolve types for.
  console.log(run(`npx attw ${tarball} --profile esm-only --exclude-entrypoints ./styles.css`))
  const bin = JSON.parse(readFileSync('package.json', 'utf8')).bin['linekit-mock']
  const help = execFileSync(process.execPath, [bin, '--help'], { encoding: 'utf8' })
  if (!help.includes('Usage: npx linekit-mock')) throw new Error(`${bin} --help printed no usage:\n${help}`)
  console.log(`${bin} --help: ok`)
  await checkFreshInstall(tarball)
} finally {
  rmSync(tarball, { force: true })
}
