import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { messagingErrorBodySchema } from 'linekit/api'
import { createMockClock, createMockService, seedKeys } from 'linekit/mocks'
import { startMockServer, type MockServer } from 'linekit/mocks/node'

let server: MockServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const auth = { authorization: `Bearer ${seedKeys.production}`, 'content-type': 'application/json' }

describe('startMockServer (real loopback HTTP)', () => {
  it('serves the service at / and the control API at /__mock/, then stops', async () => {
    server = await startMockServer({ port: 0 })
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const lines = await fetch(`${server.url}/get-lines`, { headers: auth })
    expect(lines.status).toBe(200)
    expect(lines.headers.get('content-type')).toContain('application/json')
    expect(Array.isArray(await lines.json())).toBe(true)

    const sent = await fetch(`${server.url}/send-api-message`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ phone: '(415) 555-0178', message: 'over HTTP' }),
    })
    expect(await sent.json()).toMatchObject({ status: 'done', phone: '+14155550178' })

    const bad = await fetch(`${server.url}/send-api-message`, { method: 'POST', headers: auth, body: '{oops' })
    expect(bad.status).toBe(400)
    expect(messagingErrorBodySchema.safeParse(await bad.json()).success).toBe(true)

    const unauth = await fetch(`${server.url}/get-lines`)
    expect(unauth.status).toBe(401)

    const clock = await fetch(`${server.url}/__mock/clock/advance`, {
      method: 'POST',
      body: JSON.stringify({ ms: 1000 }),
    })
    expect(clock.status).toBe(200)
    const inbound = await fetch(`${server.url}/__mock/inbound`, {
      method: 'POST',
      body: JSON.stringify({ from: '+14155550178', message: 'hi back' }),
    })
    expect(inbound.status).toBe(201)
    const list = await (await fetch(`${server.url}/get-messages-api?limit=2`, { headers: auth })).json()
    expect(list.data.map((m: { content: string }) => m.content)).toEqual(['hi back', 'over HTTP'])

    const { url } = server
    await server.close()
    server = undefined
    await expect(fetch(`${url}/get-lines`, { headers: auth })).rejects.toThrow()
  })

  it('can serve an instance the test also drives in-process', async () => {
    const service = createMockService({ clock: createMockClock({ now: '2026-01-01T00:00:00Z' }) })
    server = await startMockServer({ port: 0, service })
    service.control.setNumber({ phone: '+14155550178', reachable: false })
    const r = await fetch(`${server.url}/api-check-native-availability`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ phone: '+14155550178' }),
    })
    expect((await r.json()).available).toBe(false)
    expect((await (await fetch(`${server.url}/__mock/clock`)).json()).now).toBe('2026-01-01T00:00:00.000Z')
  })
})

describe('startMockServer({ webhooks })', () => {
  it('registers them at start and again after every reset, over HTTP and in-process', async () => {
    const service = createMockService({ clock: createMockClock({ now: '2026-01-01T00:00:00Z' }) })
    const hook = { url: 'http://127.0.0.1:9/api/linekit/webhooks/s', audioCalls: true }
    server = await startMockServer({ port: 0, service, webhooks: [hook] })
    const urls = () => service.control.webhooks.list().map((w) => [w.url, w.accountId, w.audioCalls])
    const expected = [[hook.url, 'acct_production', true]]
    expect(urls()).toEqual(expected)
    expect((await fetch(`${server.url}/__mock/reset`, { method: 'POST' })).status).toBe(200)
    expect(urls()).toEqual(expected)
    service.control.reset()
    expect(urls()).toEqual(expected)
    // Once the server is closed, the service's reset is its own again.
    await server.close()
    server = undefined
    service.control.reset()
    expect(urls()).toEqual([])
  })
})

describe('npm run mock (cli)', () => {
  it('prints the listening line when ready and exits cleanly on SIGTERM', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', 'mocks/node/cli.ts', '--port', '0'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = ''
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          const m = /^linekit mock listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out)
          if (m) resolve(m[1]!)
        })
        child.once('exit', (code) => reject(new Error(`exited early (${code}): ${out}`)))
      })
      expect((await fetch(`${url}/get-effects`, { headers: auth })).status).toBe(200)
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  }, 30_000)
})
