import type { SendMessageRequest } from '../api'
import { act, waitFor } from '@testing-library/react'
import { useIsMutating } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { LinekitError } from '../api/errors'
import { linekitKeys } from '../provider/keys'
import { useSendMessage } from './useSendMessage'
import { useThread } from './useThread'
import type { ThreadOptimisticItem } from './useThread'
import { createBackend, renderWithBackend } from '../../test/support/renderWithBackend'
import { installMsw, recordRequests } from '../../test/support/msw'

installMsw()
const AVA = '+14155550124'

function useConversation(phoneNumber: string, lineId?: string) {
  const thread = useThread({ phoneNumber, ...(lineId ? { lineId } : {}), confirmPollMs: 20 })
  const { mutateAsync } = useSendMessage()
  // The service's answer, or the error a send failed with for good, as one value to assert on.
  const send = (body: SendMessageRequest) =>
    mutateAsync(body).then(
      (response) => ({ ok: true as const, response }),
      (error: unknown) => ({ ok: false as const, error }),
    )
  return { thread, send }
}

const optimistic = (items: ReturnType<typeof useThread>['items']) =>
  items.filter((i): i is ThreadOptimisticItem => i.kind === 'optimistic')

describe('useSendMessage + useThread against the mock through the real server handler', () => {
  it('shows the send at once as pending, then reconciles it with the listed record (one message, no duplicate row)', async () => {
    const backend = createBackend()
    const main = backend.lines.find((l) => l.name === 'main') ?? backend.lines[0]!
    const { result } = renderWithBackend(backend, () => useConversation(AVA, main.lineId))
    await waitFor(() => expect(result.current.thread.status).toBe('success'))
    const before = result.current.thread.items.length
    expect(before).toBeGreaterThan(0) // seeded history with Ava

    let pending!: Promise<unknown>
    act(() => {
      pending = result.current.send({ phone: AVA, lineId: main.lineId, message: 'See you at 6' })
    })
    // Optimistic, before any response.
    const [item] = optimistic(result.current.thread.items)
    expect(item).toMatchObject({ kind: 'optimistic', state: 'pending', body: { message: 'See you at 6' } })
    expect(result.current.thread.items.at(-1)).toBe(item)

    await act(async () => {
      await pending
    })
    await waitFor(() => expect(optimistic(result.current.thread.items)).toHaveLength(0))
    const items = result.current.thread.items
    expect(items).toHaveLength(before + 1)
    const last = items.at(-1)!
    expect(last.kind).toBe('message')
    expect(last.kind === 'message' && last.message.content).toBe('See you at 6')
    expect(backend.outboundTo(AVA, 'See you at 6')).toHaveLength(1)
  })

  it('follows the delivery status of a sent message (pending → delivered) with no webhook to announce it', async () => {
    const backend = createBackend()
    const main = backend.lines.find((l) => l.name === 'main') ?? backend.lines[0]!
    const { result } = renderWithBackend(backend, () => useConversation(AVA, main.lineId))
    await waitFor(() => expect(result.current.thread.status).toBe('success'))
    await act(async () => {
      await result.current.send({ phone: AVA, lineId: main.lineId, message: 'Delivered yet?' })
    })
    const sent = () => {
      const last = result.current.thread.items.at(-1)
      return last?.kind === 'message' && last.message.content === 'Delivered yet?' ? last.message.status : undefined
    }
    await waitFor(() => expect(sent()).toBe('pending'))
    act(() => backend.clock.advance(5_000)) // the mock delivers after 1 s of its clock
    await waitFor(() => expect(sent()).toBe('delivered'))
  })

  it('retries retry-safe failures automatically with the same idempotency key: the mock holds exactly one message', async () => {
    const backend = createBackend()
    const requests = recordRequests()
    // 1st attempt: the service processes the send but the response is lost on the way back.
    let lost = 0
    const loseFirstResponse = http.post('*/api/linekit/send-api-message', async ({ request }) => {
      if (lost > 0) return undefined
      lost += 1
      const headers = new Headers(request.headers)
      headers.set('x-linekit-csrf', '1')
      const processed = await backend.server.handle(new Request(request, { headers }))
      expect(processed.status).toBe(200)
      // 2nd attempt: a 503 from the service.
      backend.mock.control.addFault({ path: '/send-api-message', status: 503, count: 1 })
      return HttpResponse.error()
    })
    const { result } = renderWithBackend(backend, () => useConversation(AVA), {
      handlers: [loseFirstResponse],
      sendRetry: { baseDelayMs: 1, maxDelayMs: 2 },
    })
    await waitFor(() => expect(result.current.thread.status).toBe('success'))
    // Attempt 1 lost, attempt 2 503 (no send), attempt 3 replays the key: deduped, no second message.
    let outcome: Awaited<ReturnType<typeof result.current.send>> | undefined
    await act(async () => {
      outcome = await result.current.send({ phone: AVA, message: 'only once please' })
    })
    expect(outcome).toMatchObject({ ok: true, response: { deduped: true } })
    const sends = requests.to('/send-api-message')
    expect(sends).toHaveLength(3)
    await waitFor(() => expect(sends.every((s) => s.body !== undefined)).toBe(true))
    const keys = new Set(sends.map((s) => (s.body as { idempotencyKey?: string }).idempotencyKey))
    expect(keys.size).toBe(1)
    expect([...keys][0]).toMatch(/^lk-/)
    expect(backend.outboundTo(AVA, 'only once please')).toHaveLength(1)
    await waitFor(() => expect(optimistic(result.current.thread.items)).toHaveLength(0))
    requests.stop()
  })

  it('keeps a send that failed for good visible, and its manual retry reuses the key', async () => {
    const backend = createBackend()
    const requests = recordRequests()
    backend.mock.control.addFault({ path: '/send-api-message', status: 502, count: 4 })
    const { result } = renderWithBackend(backend, () => useConversation(AVA), {
      sendRetry: { baseDelayMs: 1, maxDelayMs: 2, maxAttempts: 4 },
    })
    await waitFor(() => expect(result.current.thread.status).toBe('success'))
    await act(async () => {
      await result.current.send({ phone: AVA, message: 'third time lucky' })
    })
    const [failed] = optimistic(result.current.thread.items)
    expect(failed).toMatchObject({ state: 'failed', error: { status: 502, retrySafe: true } })
    expect(backend.outboundTo(AVA, 'third time lucky')).toHaveLength(0)

    act(() => failed!.retry())
    await waitFor(() => expect(optimistic(result.current.thread.items)).toHaveLength(0))
    expect(backend.outboundTo(AVA, 'third time lucky')).toHaveLength(1)
    const sends = requests.to('/send-api-message')
    expect(sends).toHaveLength(5)
    await waitFor(() => expect(sends.every((s) => s.body !== undefined)).toBe(true))
    expect(new Set(sends.map((s) => (s.body as { idempotencyKey?: string }).idempotencyKey)).size).toBe(1)
    requests.stop()
  })

  it('does not retry a refusal (400) and lets the user discard it', async () => {
    const backend = createBackend()
    const requests = recordRequests()
    const { result } = renderWithBackend(backend, () => useConversation('+14155550137'), {
      sendRetry: { baseDelayMs: 1 },
    })
    await waitFor(() => expect(result.current.thread.status).toBe('success'))
    // Ben is SMS-only: an effect is refused with 400 (spec: effect on an SMS destination).
    await act(async () => {
      await result.current.send({ phone: '+14155550137', message: 'boom', effect: 'confetti' })
    })
    const [failed] = optimistic(result.current.thread.items)
    expect(failed).toMatchObject({ state: 'failed', error: { status: 400, retrySafe: false } })
    expect(requests.to('/send-api-message')).toHaveLength(1)
    act(() => failed!.discard())
    expect(optimistic(result.current.thread.items)).toHaveLength(0)
    requests.stop()
  })
})

describe('useSendMessage is a TanStack mutation, as every action hook', () => {
  it('mutateAsync resolves with the service answer; a refusal is a LinekitError in `error`, and stays in its thread', async () => {
    const BEN = '+14155550137'
    const backend = createBackend()
    const { result } = renderWithBackend(
      backend,
      () => ({ thread: useThread({ phoneNumber: BEN, confirmPollMs: 20 }), sender: useSendMessage() }),
      { sendRetry: { baseDelayMs: 1 } },
    )
    await waitFor(() => expect(result.current.thread.status).toBe('success'))
    let answer: unknown
    await act(async () => {
      answer = await result.current.sender.mutateAsync({ phone: BEN, message: 'plain text' })
    })
    expect(answer).toMatchObject({ success: true })
    await waitFor(() => expect(result.current.sender.data).toBe(answer))
    expect(backend.outboundTo(BEN, 'plain text')).toHaveLength(1)

    // Ben is SMS-only: an effect is refused with 400 (spec: effect on an SMS destination).
    act(() => result.current.sender.mutate({ phone: BEN, message: 'boom', effect: 'confetti' }))
    await waitFor(() => expect(result.current.sender.isError).toBe(true))
    const error = result.current.sender.error
    expect(LinekitError.is(error) && error.status).toBe(400)
    const failed = optimistic(result.current.thread.items).filter((i) => i.state === 'failed')
    expect(failed).toMatchObject([{ body: { message: 'boom' }, error: { status: 400 } }])
  })

  it('is keyed by its endpoint: a page can tell that a message is being sent', async () => {
    const backend = createBackend()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    // The send waits here until the test lets it go on to the server.
    const hold = http.post('*/api/linekit/send-api-message', async () => {
      await held
      return undefined
    })
    const { result } = renderWithBackend(
      backend,
      () => ({ sender: useSendMessage(), sending: useIsMutating({ mutationKey: linekitKeys.mutations.all }) }),
      { handlers: [hold] },
    )
    expect(result.current.sending).toBe(0)
    act(() => result.current.sender.mutate({ phone: AVA, message: 'on its way' }))
    await waitFor(() => expect(result.current.sending).toBe(1))
    release()
    await waitFor(() => expect(result.current.sending).toBe(0))
    expect(result.current.sender.isSuccess).toBe(true)
    expect(backend.outboundTo(AVA, 'on its way')).toHaveLength(1)
  })
})
