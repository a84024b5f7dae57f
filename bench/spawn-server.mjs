// Starts a benchmark server in its own process and waits for the {"port"} line it prints.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))

/**
 * A TypeScript server compiled as `npm run build` compiles the package (es2022, not minified, no
 * name-keeping helpers), dependencies left to node_modules: what an app runs. (Run through tsx,
 * every closure the code creates also gets a `__name` call, which costs the proxy ~10 %.)
 */
const builds = new Map()
function compiled(file) {
  // Once per process: a server restarted mid-run comes back without a build in between.
  if (!builds.has(file)) builds.set(file, compile(file))
  return builds.get(file)
}

async function compile(file) {
  const outfile = join(root, 'node_modules/.cache/linekit-bench', file.replace(/[/\\]/g, '_').replace(/\.ts$/, '.mjs'))
  await build({
    entryPoints: [join(root, file)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'es2022',
    packages: 'external',
    logLevel: 'error',
  })
  return outfile
}

/**
 * Spawns `node [...nodeArgs] file ...args` from the repo root (a `.ts` file compiled first), with
 * `env` added to this process's environment; resolves { port, url, child, stop() }.
 */
export async function startServer(file, args = [], { nodeArgs = [], env = {}, timeoutMs = 60_000 } = {}) {
  const script = file.endsWith('.ts') ? await compiled(file) : file
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  })
  return new Promise((resolve, reject) => {
    let buffer = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${file}: no port within ${timeoutMs} ms`))
    }, timeoutMs)
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before listening`)))
    child.stdout.on('data', (chunk) => {
      buffer += chunk
      const line = buffer.split('\n').find((l) => l.startsWith('{"port"'))
      if (!line) return
      clearTimeout(timer)
      child.removeAllListeners('exit')
      const { port } = JSON.parse(line)
      resolve({
        port,
        url: `http://127.0.0.1:${port}`,
        child,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done(undefined)
            child.once('exit', () => done(undefined))
            child.kill('SIGTERM')
            setTimeout(() => child.kill('SIGKILL'), 3000).unref()
          }),
      })
    })
  })
}
