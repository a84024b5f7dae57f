// The README's "Express + TypeScript" quick start in a fresh folder, from the packed tarball, with exactly the
// README's commands (ports aside: free ones, so parallel runs never clash): install, type-check the server in a
// Node-only project (no DOM lib, skipLibCheck off), start `linekit-mock`, write its lines to .env.local, start the
// server with `npx tsx --env-file=.env.local server/index.ts`, and ask it for its health and the lines. Then the
// failures a newcomer meets must name their fix: no settings → each variable by name; no @hono/node-server → the
// install command. Called by scripts/check-package.mjs with the tarball's path.
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

const root = resolve(import.meta.dirname, '..')
const example = join(root, 'examples', 'express-ts')

/** A port free on 127.0.0.1 right now. */
const freePort = () =>
  new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => done(port))
    })
  })

/** The README's Express quick start's install lines, read from the README itself (so they cannot drift). */
function readmeCommands() {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  const block = /<!-- commands: express-ts -->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1]
  if (!block) throw new Error('fresh-install: README.md has no <!-- commands: express-ts --> block')
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean)
}

/** Runs `line` (an npm/npx command of the README) in `cwd`; throws with its output on failure. */
function sh(line, cwd, env = {}) {
  return execFileSync('sh', ['-c', line], { cwd, env: { ...process.env, ...env }, encoding: 'utf8', stdio: 'pipe' })
}

/** Starts `line`; resolves with the child once its output matches `ready`, with the match. */
function start(line, cwd, env, ready) {
  // Its own process group: npx and tsx start grandchildren, and all of them must stop with it (a grandchild left
  // running holds the pipes open, and this script would never exit).
  const child = spawn('sh', ['-c', `exec ${line}`], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  return new Promise((done, fail) => {
    let out = ''
    const timer = setTimeout(() => {
      stop(child)
      fail(new Error(`${line} did not start:\n${out}`))
    }, 60_000)
    const onData = (chunk) => {
      out += chunk
      const match = ready.exec(stripVTControlCharacters(out))
      if (match) {
        clearTimeout(timer)
        done({ child, match })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => fail(new Error(`${line} exited (${code}):\n${out}`)))
  })
}

/** Stops `child` and everything it started, and lets go of its pipes. */
function stop(child) {
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // already gone
  }
  child.stdout.destroy()
  child.stderr.destroy()
}

export async function checkFreshInstall(tarball) {
  const began = Date.now()
  const log = (message) => console.log(`fresh install (${Math.round((Date.now() - began) / 1000)} s): ${message}`)
  const dir = mkdtempSync(join(tmpdir(), 'linekit-fresh-'))
  const children = []
  try {
    // What `npm create vite -- --template react-ts` leaves that matters here: an ES-module package with TypeScript.
    const typescript = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies.typescript
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'fresh-app', private: true, type: 'module', devDependencies: { typescript } }),
    )
    cpSync(join(example, 'server'), join(dir, 'server'), { recursive: true })
    const [install, installDev, mockLine, serverLine] = readmeCommands()
    // The registry's `linekit` is this tarball.
    sh(
      install.replace(
        /^npm install linekit\b/,
        `npm install --no-audit --no-fund --prefer-offline ${resolve(tarball)}`,
      ),
      dir,
    )
    log('installed the dependencies')
    sh(installDev.replace(/^npm install\b/, 'npm install --no-audit --no-fund --prefer-offline'), dir)
    // A Node-only project (no DOM lib) with skipLibCheck off type-checks the server against the shipped types.
    sh('npx tsc -p server', dir)
    log('the Express server type-checks (Node-only, skipLibCheck off)')

    log('installed the dev dependencies')
    // Without its settings the server refuses to start, naming each variable.
    let refused = ''
    try {
      sh('npx tsx server/index.ts', dir, {
        LINEKIT_API_KEY: '',
        LINEKIT_BASE_URL: '',
        LINEKIT_APP_URL: '',
        LINEKIT_WEBHOOK_SECRET: '',
      })
    } catch (error) {
      refused = String(error.stderr)
    }
    for (const name of ['apiKey', 'baseUrl', 'appUrl', 'webhookSecret'])
      if (!refused.includes(`- ${name} is `))
        throw new Error(`the server started, or did not name ${name}:\n${refused}`)

    log('without settings the server names each one')
    const [mockPort, apiPort] = [await freePort(), await freePort()]
    const mock = await start(
      mockLine.replace('--port 4010', `--port ${mockPort}`).replace(':3001/', `:${apiPort}/`),
      dir,
      {},
      /(LINEKIT_API_KEY=[\s\S]*LINEKIT_WEBHOOK_SECRET=\S+)\n/,
    )
    children.push(mock.child)
    writeFileSync(join(dir, '.env.local'), `${mock.match[1]}\n`) // "copy the lines it prints into .env.local"
    const server = await start(serverLine, dir, { PORT: String(apiPort) }, /linekit routes on (\S+)/)
    children.push(server.child)
    const base = server.match[1]
    const health = await fetch(`${base}/health`)
    if (health.status !== 200) throw new Error(`GET /api/linekit/health → ${health.status}`)
    const lines = await fetch(`${base}/get-lines`)
    const body = await lines.json()
    if (lines.status !== 200 || !Array.isArray(body) || body.length === 0)
      throw new Error(`GET /api/linekit/get-lines → ${lines.status} ${JSON.stringify(body)}`)
    console.log(
      `fresh install: the README's Express server answers (health, ${body.length} lines) against linekit-mock`,
    )

    // Without @hono/node-server, linekit/server/node says what to install.
    // As a production install that skipped it (it was a dev dependency): the package is simply not there.
    rmSync(join(dir, 'node_modules', '@hono', 'node-server'), { recursive: true, force: true })
    let missing = ''
    try {
      sh(`node --input-type=module -e "await import('linekit/server/node')"`, dir)
    } catch (error) {
      missing = String(error.stderr)
    }
    if (
      !missing.includes('linekit/server/node needs the package @hono/node-server') ||
      !missing.includes('npm install @hono/node-server')
    )
      throw new Error(`a missing @hono/node-server was not named with its install command:\n${missing}`)
    log('a missing @hono/node-server is named with its install command')
  } finally {
    for (const child of children) stop(child)
    rmSync(dir, { recursive: true, force: true })
  }
}
