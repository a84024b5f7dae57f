/**
 * Shutting an instance down with the SIGTERM hook server-helpers/README.md documents, in real
 * processes: linekit/server through the Node adapter over a real redis-server (the event bus),
 * each publish slowed as a busy Redis does. Nothing it acknowledged is dropped: every webhook it
 * answered 200 is on the bus, a request in flight gets its answer, then the process exits 0.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasRedisServer, redisServer } from '../test/support/redisServer'
import { req, setup } from '../test/support/server/setup'
import type { RedisServer } from '../test/support/redisServer'

const root = fileURLToPath(new URL('..', import.meta.url))
const LINE = '3f6c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b'
const NUMBER = '+14155550100'
const SECRET = 'whsec_shutdown_0123456789'

let redis: RedisServer | undefined
const children: ChildProcess[] = []

beforeAll(async () => {
  if (!hasRedisServer) return
  redis = await redisServer()
  await redis.start()
})

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  await redis?.stop()
})

/** Starts the app in its own process; resolves its URL and a wait for each line it prints. */
async function startApp(prefix: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/shutdownApp.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      SHUTDOWN_REDIS_PORT: String(redis!.port),
      SHUTDOWN_PREFIX: prefix,
      SHUTDOWN_LINE: LINE,
      SHUTDOWN_NUMBER: NUMBER,
      SHUTDOWN_SECRET: SECRET,
    },
  })
  children.push(child)
  const lines: string[] = []
  const waiters: { test: (line: string) => boolean; resolve: (line: string) => void }[] = []
  let buffer = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString()
    const parts = buffer.split('\n')
    buffer = parts.pop() ?? ''
    for (const line of parts) {
      lines.push(line)
      for (const waiter of waiters.splice(0)) {
        if (waiter.test(line)) waiter.resolve(line)
        else waiters.push(waiter)
      }
    }
  })
  const printed = (test: (line: string) => boolean) =>
    new Promise<string>((resolve) => {
      const seen = lines.find(test)
      if (seen !== undefined) resolve(seen)
      else waiters.push({ test, resolve })
    })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const { port } = JSON.parse(await printed((line) => line.startsWith('{"port"'))) as { port: number }
  return { child, url: `http://127.0.0.1:${port}`, printed, exited }
}

const webhook = (i: number) => ({
  message: `before the deploy ${i}`,
  destination: '+14155550999',
  receivedAt: '2026-03-02T12:00:00.000Z',
  direction: 'inbound',
  messageId: 7000 + i,
  guid: `shutdown-${i}`,
  linePhoneNumber: NUMBER,
})

describe.skipIf(!hasRedisServer)('SIGTERM with the documented hook, in real processes', () => {
  it('every webhook acknowledged before SIGTERM reaches the bus, a request in flight is answered, the process exits 0', async () => {
    const prefix = 'shutdown-drain'
    const app = await startApp(prefix)
    // A proxied read in flight when SIGTERM comes (its upstream answers after a while).
    const inFlight = fetch(`${app.url}/api/linekit/get-effects`)
    await app.printed((line) => line.startsWith('{"upstream"'))
    const acknowledged = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${app.url}/api/linekit/webhooks/${SECRET}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(webhook(i)),
        }).then((response) => response.status),
      ),
    )
    expect(acknowledged).toEqual(Array(40).fill(200))
    app.child.kill('SIGTERM')
    const answer = await inFlight
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual([])
    expect(await app.exited).toBe(0)
    const reader = new Redis({ host: '127.0.0.1', port: redis!.port })
    const entries = (await reader.xrange(`${prefix}:events`, '-', '+')) as [string, string[]][]
    reader.disconnect()
    const guids = entries.map(([, fields]) => (JSON.parse(fields[1]!) as { data: { guid: string } }).data.guid)
    expect(guids.sort()).toEqual(Array.from({ length: 40 }, (_, i) => `shutdown-${i}`).sort())
  }, 60_000)
})

describe('close()', () => {
  it('ends every open event stream: its browser reconnects, through the balancer, to another instance', async () => {
    const { server } = setup()
    const stream = await server.handle(req('/api/linekit/events', { user: 'alice' }))
    expect(stream.status).toBe(200)
    const reader = stream.body!.getReader()
    const first = new TextDecoder().decode((await reader.read()).value)
    // The stream said how soon to reconnect before anything else (spec of SSE: `retry:`).
    expect(first).toMatch(/^retry: \d+/)
    await server.close()
    for (;;) if ((await reader.read()).done) break
  })
})
