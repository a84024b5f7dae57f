/**
 * Issue-5 routes on the standalone server over real loopback HTTP: the mint on the same origin
 * and on a separate {app_url} origin (`appPort`), and webhooks delivered as real POSTs.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { mintErrorBodySchema, voiceTokenResponseSchema } from 'linekit/api'
import { seedKeys, seedLines } from 'linekit/mocks'
import { startMockServer, type MockServer } from 'linekit/mocks/node'

let server: MockServer | undefined
let receiver: Server | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
  if (receiver) {
    const r = receiver
    receiver = undefined
    r.closeAllConnections()
    await new Promise<void>((resolve) => r.close(() => resolve()))
  }
})

const auth = { authorization: `Bearer ${seedKeys.production}`, 'content-type': 'application/json' }
const mintBody = JSON.stringify({ lineId: seedLines.main.lineId })

describe('standalone server', () => {
  it('serves the mint on the same origin, and on the app origin when configured apart', async () => {
    server = await startMockServer({ port: 0, appPort: 0 })
    expect(server.appUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(server.appUrl).not.toBe(server.url)
    for (const origin of [server.url, server.appUrl]) {
      const res = await fetch(`${origin}/api/v1/dialer/token`, { method: 'POST', headers: auth, body: mintBody })
      expect(res.status).toBe(200)
      expect(voiceTokenResponseSchema.safeParse(await res.json()).success).toBe(true)
    }
    // Only the mint lives on the app origin.
    expect((await fetch(`${server.appUrl}/get-lines`, { headers: auth })).status).toBe(404)
    const refused = await fetch(`${server.appUrl}/api/v1/dialer/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: mintBody,
    })
    expect(refused.status).toBe(401)
    expect(mintErrorBodySchema.safeParse(await refused.json()).success).toBe(true)
  })

  it('without appPort there is no app origin', async () => {
    server = await startMockServer({ port: 0 })
    expect(server.appUrl).toBeUndefined()
  })

  it('delivers webhooks as real POSTs to the configured URL', async () => {
    const received: unknown[] = []
    receiver = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        received.push(JSON.parse(body))
        res.statusCode = 200
        res.end('ok')
      })
    })
    const r = receiver
    await new Promise<void>((resolve) => r.listen(0, '127.0.0.1', resolve))
    const hook = `http://127.0.0.1:${(r.address() as AddressInfo).port}/hook`
    server = await startMockServer({ port: 0 })
    const control = (path: string, body: unknown) =>
      fetch(`${server?.url}/__mock${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect((await control('/webhooks', { url: hook, audioCalls: true })).status).toBe(201)
    expect((await control('/calls/inbound', { from: '+14155550199' })).status).toBe(201)
    expect((await control('/inbound', { from: '+14155550124', message: 'wire' })).status).toBe(201)
    const deliveries = (await (await fetch(`${server.url}/__mock/webhooks/deliveries`)).json()) as {
      deliveries: Array<{ event: string; outcome: string; status: number }>
    }
    expect(deliveries.deliveries.map((d) => [d.event, d.outcome, d.status])).toEqual([
      ['audiocall.inbound.ringing', 'success', 200],
      ['message.inbound', 'success', 200],
    ])
    expect(received).toEqual([
      expect.objectContaining({ event: 'audiocall.inbound.ringing', from: '+14155550199' }),
      expect.objectContaining({ message: 'wire', direction: 'inbound' }),
    ])
  })
})
