// Packs the package and checks it the way a consumer's tools will: publint and attw (ESM-only profile).
import { execSync } from 'node:child_process'
import { rmSync } from 'node:fs'

const run = (cmd) => execSync(cmd, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })
const tarball = run('npm pack --silent').trim().split('\n').pop()
try {
  console.log(run('npx publint --strict'))
  console.log(run(`npx attw ${tarball} --profile esm-only`))
} finally {
  rmSync(tarball, { force: true })
}
