/**
 * The data layer under faults, through the real provider and hooks, the real
 * linekit/server handler and the mock (test/support/renderWithBackend.tsx):
 * - 500 user sends through `useSendMessage` while ~30 % of requests fail: refused by the mock
 *   (its fault injection: 502, 503), cut by the network before or after the service processed
 *   them, or answered after the client's timeout. The mock ends up holding exactly one message
 *   per user send, in each thread's typed order; every send that failed for good is visible in its
 *   thread (`useThread`) as a failed optimistic item, holding the later sends of that thread, whose
 *   `retry()` delivers it — still exactly once.
 */
import { act, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import { useSendMessage } from './useSendMessage'
import { createRateGate } from '../provider/rateGate'
import { gateClient } from '../provider/wrapClient'
import { useThread } from './useThread'
import type { ThreadOptimisticItem } from './useThread'
import { BASE, createBackend, renderWithBackend } from '../../test/support/renderWithBackend'
import { installMsw } from '../../test/support/msw'
import { seededRandom } from '../../test/support/random'

installMsw()

const PEERS = ['+14155550142', '+14155550144', '+14155550146', '+14155550148', '+14155550150']
const CLIENT_TIMEOUT_MS = 100

describe('500 user sends with 30 % of requests failing or timing out', () => {
  it('the mock holds exactly one message per send, in typed order; failed sends stay visible and retry to exactly one', async () => {
    const backend = createBackend()
    const random = seededRandom(12)
    const faults = { mock502: 0, mock503: 0, networkBefore: 0, networkAfter: 0, slowAfter: 0, passed: 0 }
    const forward = (request: Request) => {
      const headers = new Headers(request.headers)
      headers.set('x-linekit-csrf', '1')
      return backend.server.handle(new Request(request, { headers }))
    }
    const flaky = http.post('*/api/linekit/send-api-message', async ({ request }) => {
      const roll = random()
      if (roll < 0.06) {
        faults.mock502++
        backend.mock.control.addFault({ path: '/send-api-message', status: 502 })
        return forward(request)
      }
      if (roll < 0.12) {
        faults.mock503++
        backend.mock.control.addFault({ path: '/send-api-message', status: 503 })
        return forward(request)
      }
      if (roll < 0.16) {
        faults.networkBefore++
        return HttpResponse.error()
      }
      if (roll < 0.23) {
        // The service did it; the answer is lost on the way back.
        faults.networkAfter++
        await forward(request)
        return HttpResponse.error()
      }
      if (roll < 0.3) {
        // The service did it; the answer comes after the client gave up.
        faults.slowAfter++
        const response = await forward(request)
        await new Promise((resolve) => setTimeout(resolve, CLIENT_TIMEOUT_MS * 3))
        return response
      }
      faults.passed++
      return forward(request)
    })
    // The mock's 60/min is off here (faults are the subject; pacing is server-helpers/gate/budgetGate.burst.test.ts):
    // hand the provider a client gated without pacing, which it keeps as is.
    const client = gateClient(createLinekitClient({ baseUrl: BASE, timeoutMs: CLIENT_TIMEOUT_MS }), {
      api: createRateGate(),
      mint: createRateGate(),
    })
    const { result, unmount } = renderWithBackend(
      backend,
      () => ({
        sender: useSendMessage(),
        threads: PEERS.map((phoneNumber) => useThread({ phoneNumber, confirmPollMs: 60_000, pageSize: 100 })),
      }),
      // Two automatic attempts (fast back-off) so that plenty of sends fail for good and must be retried by hand.
      // Network failures count as attempts here (by default they wait for the connection, see
      // offlineSend.browser.test.tsx), so that sends fail for good and their manual retry is exercised.
      {
        client,
        handlers: [flaky],
        sendRetry: { maxAttempts: 2, baseDelayMs: 2, maxDelayMs: 8, waitForConnection: false },
      },
    )
    const texts = Array.from({ length: 500 }, (_, i) => ({ phone: PEERS[i % PEERS.length]!, message: `send ${i}` }))
    act(() => {
      for (const body of texts) result.current.sender.mutate(body)
    })
    const optimisticItems = () =>
      result.current.threads.flatMap((t) => t.items).filter((i): i is ThreadOptimisticItem => i.kind === 'optimistic')
    // Nothing on its way: each send was accepted, failed for good, or waits behind one that failed.
    const settled = () =>
      optimisticItems().every((i) => i.accepted || i.state === 'failed' || i.wait?.reason === 'held')
    // A send that failed for good stays visible in its thread with the reason, and holds the later
    // sends of that thread; the user retries it until it goes (the faults keep firing on retries too).
    let failures = 0
    for (let round = 0; ; round++) {
      await waitFor(() => expect(settled()).toBe(true), { timeout: 20_000 })
      const failed = optimisticItems().filter((i) => i.state === 'failed')
      if (failed.length === 0) break
      expect(round).toBeLessThan(200)
      for (const item of failed) expect(item.error).toBeTruthy()
      // At most one per thread: the later ones were held, never sent past it.
      expect(new Set(failed.map((i) => i.body.phone)).size).toBe(failed.length)
      failures += failed.length
      await act(async () => {
        for (const item of failed) item.retry()
      })
    }
    expect(failures).toBeGreaterThan(10)

    const injected = faults.mock502 + faults.mock503 + faults.networkBefore + faults.networkAfter + faults.slowAfter
    expect(injected / (injected + faults.passed)).toBeGreaterThan(0.2)
    expect(faults.slowAfter).toBeGreaterThan(10)
    expect(faults.networkAfter).toBeGreaterThan(10)
    // Ground truth: exactly one stored message per user send.
    for (const { phone, message } of texts) expect(backend.outboundTo(phone, message), message).toHaveLength(1)
    expect(
      PEERS.reduce((n, p) => n + backend.outboundTo(p).filter((m) => m.content.startsWith('send ')).length, 0),
    ).toBe(500)
    // …in the order they were typed, thread by thread.
    for (const peer of PEERS) {
      const typed = texts.filter((t) => t.phone === peer).map((t) => t.message)
      expect(backend.outboundTo(peer).flatMap((m) => (m.content.startsWith('send ') ? [m.content] : []))).toEqual(typed)
    }
    unmount()
  }, 120_000)
})
