// Starts a benchmark server in its own process and waits for the {"port"} line it prints.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Spawns `node [...nodeArgs] file ...args` from the repo root; resolves { port, url, child, stop() }. */
export function startServer(file, args = [], { nodeArgs = [], timeoutMs = 60_000 } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, file, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
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
