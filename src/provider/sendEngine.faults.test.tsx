import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import { createSendEngine } from './sendEngine'
import { gateClient } from './wrapClient'
import { BASE, createBackend } from '../../test/support/renderWithBackend'
import { installMsw, msw } from '../../test/support/msw'
import { seededRandom } from '../../test/support/random'

installMsw()

describe('sends under faults (through the real server handler)', () => {
  it('120 sends with 30% of requests failing (refused, 5xx, or processed with the response lost): exactly one message each, in order', async () => {
    const backend = createBackend()
    const random = seededRandom(7)
    const counts = { refused: 0, lostAfterProcessing: 0, badGateway: 0, passed: 0 }
    const flaky = http.post('*/api/linekit/send-api-message', async ({ request }) => {
      const roll = random()
      const forward = async () => {
        const headers = new Headers(request.headers)
        headers.set('x-linekit-csrf', '1')
        const response = await backend.server.handle(new Request(request, { headers }))
        await response.text() // the service finished answering; only the way back fails
      }
      if (roll < 0.1) {
        counts.refused++
        return HttpResponse.json({ error: 'unavailable', code: 'service_unavailable' }, { status: 503 })
      }
      if (roll < 0.2) {
        counts.lostAfterProcessing++
        await forward()
        return HttpResponse.error()
      }
      if (roll < 0.3) {
        counts.badGateway++
        await forward()
        return new HttpResponse('<html>Bad gateway</html>', { status: 502 })
      }
      counts.passed++
      return undefined
    })
    msw.use(flaky, ...backend.handlers)
    const client = gateClient(createLinekitClient({ baseUrl: BASE }))
    const engine = createSendEngine({ sleep: async () => {}, retry: { maxAttempts: 4 } })
    const peer = '+14155550142'
    const texts = Array.from({ length: 120 }, (_, i) => `message ${i}`)
    for (const message of texts) void engine.send(client, { phone: peer, message })
    const snapshot = () => engine.getSnapshot()
    // A send that failed for good stays visible and holds the later sends of its thread; the user
    // retries it (same key) until it goes, and the held ones follow in order.
    for (let round = 0; ; round++) {
      await vi.waitFor(
        () =>
          expect(snapshot().every((m) => m.accepted || m.state === 'failed' || m.wait?.reason === 'held')).toBe(true),
        { timeout: 15_000 },
      )
      const failed = snapshot().filter((m) => m.state === 'failed')
      if (failed.length === 0) break
      expect(round).toBeLessThan(20)
      expect(failed).toHaveLength(1)
      const unsent = snapshot().filter((m) => !m.accepted && m.state === 'pending')
      expect(unsent.every((m) => m.wait?.reason === 'held')).toBe(true)
      await engine.retry(failed[0]!.localId)
    }
    expect(snapshot().every((m) => m.accepted)).toBe(true)
    expect(counts.refused + counts.lostAfterProcessing + counts.badGateway).toBeGreaterThan(30)
    for (const text of texts) expect(backend.outboundTo(peer, text), text).toHaveLength(1)
    expect(backend.outboundTo(peer)).toHaveLength(120)
    // …and in the order they were made.
    expect(backend.outboundTo(peer).map((m) => m.content)).toEqual(texts)
  })
})

describe('client-side timeout', () => {
  it('a send slower than the client timeout fails as retryable, and its retry (same key) cannot double-send', async () => {
    const backend = createBackend()
    let first = true
    let gaveUp = () => {}
    const clientGaveUp = new Promise<void>((resolve) => (gaveUp = resolve))
    const slow = http.post('*/api/linekit/send-api-message', async ({ request }) => {
      if (!first) return undefined
      first = false
      const body = await request.clone().text()
      // The service processes it only after the client's 50 ms timeout has given up on it
      // (ordered by state, not by a longer sleep that a busy machine could outrun).
      await clientGaveUp
      await backend.server.handle(
        new Request(request.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-linekit-csrf': '1' },
          body,
        }),
      )
      return HttpResponse.json({})
    })
    msw.use(slow, ...backend.handlers)
    const client = gateClient(createLinekitClient({ baseUrl: BASE, timeoutMs: 50 }))
    // One attempt, and a timeout counted as one (by default a send waits for the connection instead).
    const engine = createSendEngine({ sleep: async () => {}, retry: { maxAttempts: 1, waitForConnection: false } })
    const initial = await engine.send(client, { phone: '+14155550124', message: 'slow one' }).result
    expect(initial).toMatchObject({ ok: false, error: { code: 'timeout', retrySafe: true } })
    expect(engine.getSnapshot()[0]).toMatchObject({ state: 'failed' })
    gaveUp()
    // The slow first attempt lands at the service after the client gave up on it.
    await vi.waitFor(() => expect(backend.outboundTo('+14155550124', 'slow one')).toHaveLength(1), {
      timeout: 10_000,
    })
    const again = await engine.retry(initial.localId)
    expect(again).toMatchObject({ ok: true, response: { deduped: true } })
    expect(backend.outboundTo('+14155550124', 'slow one')).toHaveLength(1)
  })
})
