/**
 * The data layer under faults, through the real provider and hooks, the real
 * linekit/server handler and the mock (test/support/renderWithBackend.tsx):
 * - 500 user sends through `useSendMessage` while ~30 % of requests fail: refused by the mock
 *   (its fault injection: 502, 503), cut by the network before or after the service processed
 *   them, or answered after the client's timeout. The mock ends up holding exactly one message
 *   per user send; every send that failed for good is visible in its thread (`useThread`) as a
 *   failed optimistic item whose `retry()` delivers it — still exactly once.
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
  it('the mock holds exactly one message per send; failed sends stay visible and retry to exactly one', async () => {
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
      { client, handlers: [flaky], sendRetry: { maxAttempts: 2, baseDelayMs: 2, maxDelayMs: 8 } },
    )
    const texts = Array.from({ length: 500 }, (_, i) => ({ phone: PEERS[i % PEERS.length]!, message: `send ${i}` }))
    let outcomes: Awaited<ReturnType<typeof result.current.sender.send>>[] = []
    await act(async () => {
      outcomes = await Promise.all(texts.map((body) => result.current.sender.send(body)))
    })
    const failedIds = outcomes.filter((o) => !o.ok).map((o) => o.localId)
    expect(failedIds.length).toBeGreaterThan(10)
    // Each failed send says why. (The hook's own `error` is the last settled send's, which depends
    // on the order 500 concurrent sends settle in, so it is not asserted here.)
    for (const o of outcomes) if (!o.ok) expect(o.error).toBeTruthy()

    // Every failed send is visible in its thread: as a failed item with a retry, or — when an
    // earlier attempt did reach the service and only the answer was lost — as the stored message
    // the thread reconciled it with (then it is not a failure the user must act on).
    const failedItems = () =>
      result.current.threads
        .flatMap((t) => t.items)
        .filter((i): i is ThreadOptimisticItem => i.kind === 'optimistic' && i.state === 'failed')
    const storedTexts = () =>
      new Set(
        result.current.threads
          .flatMap((t) => t.items)
          .flatMap((i) => (i.kind === 'message' ? [i.message.content] : [])),
      )
    const textOf = new Map(outcomes.map((o, i) => [o.localId, texts[i]!.message]))
    await act(async () => {
      for (const t of result.current.threads) t.refetch()
    })
    await waitFor(() => {
      const visible = new Set(failedItems().map((i) => i.localId))
      const stored = storedTexts()
      const missing = failedIds.filter((id) => !visible.has(id) && !stored.has(textOf.get(id)!))
      expect(missing).toEqual([])
    })
    const visibleFailed = failedItems().length
    expect(visibleFailed).toBeGreaterThan(5)
    // The user retries until none is left (the faults keep firing on retries too). Each round
    // waits until every retry has settled (accepted or failed again), however long that takes.
    const inFlight = () =>
      result.current.threads
        .flatMap((t) => t.items)
        .filter((i) => i.kind === 'optimistic' && i.state === 'pending' && !i.accepted)
    for (let round = 0; round < 20 && failedItems().length > 0; round++) {
      act(() => {
        for (const item of failedItems()) item.retry()
      })
      await waitFor(() => expect(inFlight()).toEqual([]), { timeout: 10_000 })
    }
    expect(failedItems()).toEqual([])

    const injected = faults.mock502 + faults.mock503 + faults.networkBefore + faults.networkAfter + faults.slowAfter
    expect(injected / (injected + faults.passed)).toBeGreaterThan(0.2)
    expect(faults.slowAfter).toBeGreaterThan(10)
    expect(faults.networkAfter).toBeGreaterThan(10)
    // Ground truth: exactly one stored message per user send.
    for (const { phone, message } of texts) expect(backend.outboundTo(phone, message), message).toHaveLength(1)
    expect(
      PEERS.reduce((n, p) => n + backend.outboundTo(p).filter((m) => m.content.startsWith('send ')).length, 0),
    ).toBe(500)
    unmount()
  }, 60_000)
})
