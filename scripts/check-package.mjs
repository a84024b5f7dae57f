// Packs the package and checks it the way a consumer's tools will: publint and attw (ESM-only profile).
import { execSync } from 'node:child_process'
import { rmSync } from 'node:fs'

const run = (cmd) => execSync(cmd, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })
const tarball = run('npm pack --silent').trim().split('\n').pop()
try {
  console.log(run('npx publint --strict'))
  // The stylesheet is not a module: there is nothing for attw to resolve types for.
  console.log(run(`npx attw ${tarball} --profile esm-only --exclude-entrypoints ./styles.css`))
} finally {
  rmSync(tarball, { force: true })
}
