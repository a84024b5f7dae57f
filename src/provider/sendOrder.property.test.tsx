/**
 * A customer reads messages in the order the agent typed them. An agent types a burst of
 * messages into one thread (`useSendMessage`, shown by `useThread`) or one group
 * (`useSendGroupMessage`) while the requests meet faults drawn by fast-check: the mock's own fault
 * injection (500, 503, and 429 `rate_limited`), the network failing before the service, the
 * answer lost after the service stored the message, and the answer arriving only after the
 * client's timeout. The agent retries whatever ends up "Not sent", top first. The property: the
 * mock stores every message exactly once, in the typed order.
 *
 * The 429s carry `retryAfterSeconds: 0` so that no run waits on the wall clock; the wait itself
 * (and what the bubble says meanwhile) is `Conversation.sendWait.test.tsx`, on fake timers.
 */
import { act, waitFor } from '@testing-library/react'
import fc from 'fast-check'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import { useSendMessage } from '../hooks/useSendMessage'
import { useSendGroupMessage } from '../hooks/useSendGroupMessage'
import { useThread, type ThreadOptimisticItem } from '../hooks/useThread'
import { createRateGate } from './rateGate'
import { gateClient } from './wrapClient'
import { BASE, createBackend, renderWithBackend, type Backend } from '../../test/support/renderWithBackend'
import { installMsw } from '../../test/support/msw'

installMsw()

const PEER = '+14155550142'
const GROUP = ['+14155550144', '+14155550146', '+14155550148']
const CLIENT_TIMEOUT_MS = 50

type Fault = 'ok' | '500' | '503' | '429' | 'network' | 'lost' | 'late'
const fault = fc.constantFrom<Fault>('ok', 'ok', '500', '503', '429', 'network', 'lost', 'late')

/** Each request to `path` meets the next fault of `script` (then none). */
function faulty(backend: Backend, path: string, script: Fault[]) {
  return http.post(`*/api/linekit${path}`, async ({ request }) => {
    const next = script.shift() ?? 'ok'
    const forward = () => {
      const headers = new Headers(request.headers)
      headers.set('x-linekit-csrf', '1')
      return backend.server.handle(new Request(request, { headers }))
    }
    switch (next) {
      case '500':
      case '503':
        backend.mock.control.addFault({ path, status: Number(next) })
        return forward()
      case '429':
        // spec: Errors — 429 `rate_limited`, the body carries `retryAfterSeconds`.
        backend.mock.control.addFault({
          path,
          status: 429,
          body: { error: 'Too many requests', code: 'rate_limited', retryAfterSeconds: 0 },
        })
        return forward()
      case 'network':
        return HttpResponse.error()
      case 'lost':
        // The service stored it; the answer is lost on the way back.
        await (await forward()).text()
        return HttpResponse.error()
      case 'late': {
        // The service stored it; the answer comes after the client gave up waiting.
        const answer = await forward()
        await answer.text()
        if (!request.signal.aborted) {
          await new Promise((resolve) => request.signal.addEventListener('abort', resolve, { once: true }))
        }
        return HttpResponse.error()
      }
      default:
        return undefined
    }
  })
}

/** A client with the test's timeout, gated (as the provider would) without pacing. */
const testClient = () =>
  gateClient(createLinekitClient({ baseUrl: BASE, timeoutMs: CLIENT_TIMEOUT_MS }), {
    api: createRateGate(),
    mint: createRateGate(),
  })

/** Messages of this run the mock stored, in the order it stored them. */
const stored = (backend: Backend, run: string, to: (m: { to_number: string }) => boolean) =>
  [...backend.mock.state.messagesByHandle.values()]
    .filter((m) => m.direction === 'outbound' && to(m) && m.content.startsWith(`${run} `))
    .map((m) => m.content)

let runs = 0

describe('typed order is stored order', () => {
  it('1:1: a burst into one thread under 429s, 5xx, timeouts and lost answers is stored once each, in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 8 }), fc.array(fault, { maxLength: 24 }), async (count, faults) => {
        const backend = createBackend()
        const run = `run${++runs}`
        const script = [...faults]
        const { result, unmount } = renderWithBackend(
          backend,
          () => ({ sender: useSendMessage(), thread: useThread({ phoneNumber: PEER, confirmPollMs: 10 }) }),
          {
            client: testClient(),
            handlers: [faulty(backend, '/send-api-message', script)],
            sendRetry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 4 },
          },
        )
        const typed = Array.from({ length: count }, (_, i) => `${run} typed ${i}`)
        act(() => {
          for (const message of typed) result.current.sender.mutate({ phone: PEER, message })
        })
        const mine = () => result.current.thread.items.filter((i): i is ThreadOptimisticItem => i.kind === 'optimistic')
        // The agent: once nothing is on its way, retry what is "Not sent" (top first), until all went.
        const sent = () => stored(backend, run, (m) => m.to_number === PEER)
        for (let round = 0; sent().length < count; round++) {
          expect(round).toBeLessThan(40)
          await waitFor(() =>
            expect(
              mine().every(
                (i) =>
                  i.accepted || i.state === 'failed' || (i as { wait?: { reason: string } }).wait?.reason === 'held',
              ),
            ).toBe(true),
          )
          await act(async () => {
            for (const item of mine()) if (item.state === 'failed') item.retry()
          })
        }
        expect(sent()).toEqual(typed)
        // Every send reconciled with its record: nothing of this run is left to go out later.
        await waitFor(() => expect(mine()).toEqual([]))
        unmount()
      }),
      { numRuns: 25 },
    )
  }, 120_000)

  it('group: a burst to one group under the same faults is stored once each, in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 6 }), fc.array(fault, { maxLength: 12 }), async (count, faults) => {
        const backend = createBackend()
        backend.mock.control.updateSettings({ groupCreatingMs: 0 })
        const run = `run${++runs}`
        const script = [...faults]
        const { result, unmount } = renderWithBackend(backend, () => useSendGroupMessage(), {
          client: testClient(),
          handlers: [faulty(backend, '/send-group-message', script)],
          // Enough automatic attempts for every drawn fault: a failed group send is the caller's
          // to send again (its order under failure is the "held" test of useSendGroupMessage).
          sendRetry: { maxAttempts: 14, baseDelayMs: 1, maxDelayMs: 4 },
        })
        const typed = Array.from({ length: count }, (_, i) => `${run} typed ${i}`)
        let sends: Promise<unknown>[] = []
        act(() => {
          sends = typed.map((message) => result.current.mutateAsync({ numbers: GROUP, message }))
        })
        await act(async () => {
          await Promise.all(sends)
        })
        // Group messages are stored when the chat exists: let the mock's clock reach it.
        act(() => backend.clock.advance(1))
        backend.mock.control.settings()
        const sent = () => stored(backend, run, (m) => m.to_number.startsWith('chat'))
        await waitFor(() => expect(sent()).toHaveLength(count))
        expect(sent()).toEqual(typed)
        unmount()
      }),
      { numRuns: 25 },
    )
  }, 120_000)
})
