import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockClock, createMockService, seedKeys } from 'linekit/mocks'
import { startMockServer, type MockServer } from 'linekit/mocks/node'

const auth = { authorization: `Bearer ${seedKeys.production}`, 'content-type': 'application/json' }

let server: MockServer | undefined
let receiver: Server | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
  if (receiver) {
    const r = receiver
    r.closeAllConnections()
    await new Promise<void>((resolve) => r.close(() => resolve()))
  }
  receiver = undefined
})

/** A webhook receiver on a free loopback port that records every JSON body it gets. */
async function listen(): Promise<{ url: string; bodies: Record<string, unknown>[] }> {
  const bodies: Record<string, unknown>[] = []
  receiver = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => (text += chunk.toString()))
    req.on('end', () => {
      bodies.push(JSON.parse(text) as Record<string, unknown>)
      res.writeHead(204).end()
    })
  })
  const r = receiver
  await new Promise<void>((resolve) => r.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(r.address() as AddressInfo).port}/hook`, bodies }
}

async function waitFor(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('the standalone server runs in real time', () => {
  it('fires due work with no request: a processing send, a group waiting for its group, a ring timeout', async () => {
    server = await startMockServer({ port: 0 })
    const { url: hook, bodies } = await listen()
    const control = (path: string, body: unknown) =>
      fetch(`${server!.url}/__mock${path}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json())
    await control('/webhooks', { url: hook, audioCalls: true })
    await control('/settings', { sendProcessingMs: 300, groupCreatingMs: 300 })
    await control('/calls/settings', { ringTimeoutMs: 300 })
    const sent = await fetch(`${server.url}/send-api-message`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ phone: '+14155550178', message: 'processing, then done' }),
    }).then((r) => r.json())
    expect(sent.status).toBe('processing')
    const group = await fetch(`${server.url}/send-group-message`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ numbers: ['+14155550170', '+14155550172'], message: 'group, once created' }),
    }).then((r) => r.json())
    expect(group.groupStatus).toBe('creating')
    await control('/calls/inbound', { from: '+14155550199' })

    // No request reaches the mock from here on; only its own timer moves things. The ring's
    // timeout falls due after the last request whatever the machine's speed, so its end proves
    // the timer; on a busy machine the send and the group may already be done by now.
    await waitFor(() => bodies.some((b) => b.event === 'audiocall.inbound.ended'))
    await waitFor(() => bodies.filter((b) => b.direction === 'outbound').length === 2)
    expect(bodies.find((b) => b.event === 'audiocall.inbound.ended')).toMatchObject({ status: 'no_answer' })
    expect(bodies.filter((b) => b.direction === 'outbound').map((b) => b.message)).toEqual(
      expect.arrayContaining(['processing, then done', 'group, once created']),
    )
    const stored = [...server.service.state.messagesByHandle.values()].map((m) => m.content)
    expect(stored).toEqual(expect.arrayContaining(['processing, then done', 'group, once created']))
  })

  it('a server given a manual-clock service keeps the manual clock (tests move it)', async () => {
    const service = createMockService({ clock: createMockClock({ now: '2026-01-01T00:00:00Z' }) })
    server = await startMockServer({ port: 0, service })
    service.control.updateSettings({ sendProcessingMs: 50 })
    const sent = await fetch(`${server.url}/send-api-message`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ phone: '+14155550178', message: 'waits for advance' }),
    }).then((r) => r.json())
    expect(sent.status).toBe('processing')
    await new Promise((resolve) => setTimeout(resolve, 200))
    const has = () => [...service.state.messagesByHandle.values()].some((m) => m.content === 'waits for advance')
    expect(has()).toBe(false)
    expect(service.clock.iso()).toBe('2026-01-01T00:00:00.000Z')
    service.clock.advance(50)
    expect(has()).toBe(true)
  })
})
