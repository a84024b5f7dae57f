/**
 * `linekit-mock` (mocks/node/cli.ts, run from source here; the built `dist/mock-cli.js` is run by
 * scripts/check-package.mjs): help, what it prints for `.env.local`, the app's webhook registered
 * at start and again after a reset, a clean stop; and the sentence for missing optional peers.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { envLines, missingPeers, missingPeersMessage, parseCliArgs } from './cliSupport'

const root = fileURLToPath(new URL('../..', import.meta.url))
const children: ChildProcess[] = []
const servers: Server[] = []
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
})

function cli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mocks/node/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let out = ''
  let err = ''
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    child,
    exited,
    output: () => out,
    errors: () => err,
    /** Resolves with stdout once it matches `pattern` (rejects if the process exits first). */
    waitFor: (pattern: RegExp) =>
      new Promise<string>((resolve, reject) => {
        const check = () => (pattern.test(out) ? resolve(out) : undefined)
        child.stdout!.on('data', check)
        check()
        void exited.then((code) => reject(new Error(`exited (${code}) before ${pattern}: ${out}${err}`)))
      }),
  }
}

/** A stand-in for the app's webhook route: records each delivered body. */
async function receiver() {
  const bodies: Array<{ event?: string; message?: string }> = []
  const waiters: Array<() => void> = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      bodies.push(JSON.parse(body))
      res.writeHead(200).end('{}')
      waiters.splice(0).forEach((wake) => wake())
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/api/linekit/webhooks/test-secret`,
    bodies,
    /** Resolves once a delivered body contains `text`. */
    received: (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => (JSON.stringify(bodies).includes(text) ? resolve() : waiters.push(check))
        check()
      }),
  }
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('linekit-mock', () => {
  it('--help says how to start it, with a webhook, and exits 0', async () => {
    const run = cli(['--help'])
    expect(await run.exited).toBe(0)
    expect(run.output()).toMatch(/^Usage: npx linekit-mock/m)
    expect(run.output()).toContain('--webhook <url>')
    expect(run.output()).toContain('npm install --save-dev msw@~2.15.0 @hono/node-server')
  }, 30_000)

  it('a bad argument is one sentence and exit code 2', async () => {
    const run = cli(['--port', 'nine'])
    expect(await run.exited).toBe(2)
    expect(run.errors().trim()).toBe(
      'linekit-mock: --port must be an integer from 0 to 65535 (got "nine")\n(see --help)',
    )
  }, 30_000)

  it('serves on 127.0.0.1, prints the .env.local lines, keeps the webhook across a reset, stops on SIGTERM', async () => {
    const app = await receiver()
    const run = cli(['--port', '0', '--webhook', app.url])
    const out = await run.waitFor(/LINEKIT_WEBHOOK_SECRET=.*\n/)
    const url = /^linekit mock listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out)?.[1]
    expect(url).toBeDefined()
    expect(out).toContain(
      [
        'LINEKIT_API_KEY=lk_mock_production',
        `LINEKIT_BASE_URL=${url}`,
        `LINEKIT_APP_URL=${url}`,
        'LINEKIT_WEBHOOK_SECRET=test-secret',
      ].join('\n'),
    )

    expect((await post(`${url}/__mock/inbound`, { from: '+14155550124', message: 'before reset' })).status).toBe(201)
    await app.received('before reset')
    expect((await post(`${url}/__mock/reset`, {})).status).toBe(200)
    const listed = (await (await fetch(`${url}/__mock/webhooks`)).json()) as { webhooks: Array<{ url: string }> }
    // The control API never echoes the secret: the URL's last segment is masked.
    expect(listed.webhooks.map((w) => w.url)).toEqual([app.url.replace(/[^/]+$/, '***')])
    expect((await post(`${url}/__mock/inbound`, { from: '+14155550124', message: 'after reset' })).status).toBe(201)
    await app.received('after reset')
    // Calls too: the webhook is registered with audio-call events on.
    expect((await post(`${url}/__mock/calls/inbound`, { from: '+14155550124' })).status).toBe(201)
    await app.received('audiocall.inbound')

    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
  }, 30_000)
})

describe('linekit-mock pieces', () => {
  it('names exactly the missing optional peers and the command that installs them', () => {
    const absent = new Set(['msw'])
    const resolve = (name: string) => {
      if (absent.has(name)) throw new Error(`Cannot find package '${name}'`)
      return `file:///node_modules/${name}/index.js`
    }
    expect(missingPeers(resolve)).toEqual(['msw'])
    expect(missingPeersMessage(['msw'])).toBe(
      'linekit-mock needs msw (optional peers of linekit, used only by the mock): npm install --save-dev msw@~2.15.0',
    )
    absent.add('@hono/node-server')
    expect(missingPeersMessage(missingPeers(resolve))).toMatch(
      /needs msw and @hono\/node-server .*: npm install --save-dev msw@~2\.15\.0 @hono\/node-server$/,
    )
  })

  it('without a webhook it says what is missing and how to add it', () => {
    const text = envLines({ url: 'http://127.0.0.1:4010', webhooks: [] })
    expect(text).toContain('LINEKIT_WEBHOOK_SECRET=dev-secret')
    expect(text).toContain('--webhook http://127.0.0.1:3000/api/linekit/webhooks/dev-secret')
    expect(parseCliArgs(['--webhook', 'localhost:3000'])).toEqual({
      kind: 'error',
      error:
        'linekit-mock: --webhook must be an absolute http(s) URL such as http://127.0.0.1:3000/api/linekit/webhooks/dev-secret (got "localhost:3000")\n(see --help)',
    })
  })

  it('names every malformed option at once, each with what it should look like (a bad seed was silently 1)', () => {
    const answer = parseCliArgs(['--port', '', '--app-port', '70000', '--seed', 'abc', '--host', ' ', '--webhook', 'x'])
    expect(answer.kind).toBe('error')
    const lines = answer.kind === 'error' ? answer.error.split('\n') : []
    expect(lines).toEqual([
      'linekit-mock: --port must be an integer from 0 to 65535 (got "")',
      'linekit-mock: --app-port must be an integer from 0 to 65535 (got "70000")',
      'linekit-mock: --host must be a host name or address such as 127.0.0.1 (got "")',
      expect.stringMatching(/^linekit-mock: --webhook must be an absolute http\(s\) URL such as .* \(got "x"\)$/),
      'linekit-mock: --seed must be an integer (got "abc")',
      '(see --help)',
    ])
    expect(parseCliArgs(['--seed', '7'])).toMatchObject({ kind: 'serve', seed: 7, port: 4010 })
  })
})
