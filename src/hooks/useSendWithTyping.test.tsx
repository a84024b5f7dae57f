import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import { sendWithTyping } from './sendWithTyping'
import { useSendWithTyping } from './useSendWithTyping'
import { useThread } from './useThread'
import { BASE, createBackend, renderWithBackend } from '../../test/support/renderWithBackend'
import { installMsw, msw, recordRequests } from '../../test/support/msw'

installMsw()
const AVA = '+14155550124'

describe('typing indicator, then the message', () => {
  it('sendWithTyping: indicator first, pause, then one keyed send', async () => {
    const backend = createBackend()
    msw.use(...backend.handlers)
    const requests = recordRequests()
    const sleeps: number[] = []
    const response = await sendWithTyping(
      createLinekitClient({ baseUrl: BASE }),
      { phone: AVA, message: 'typed' },
      { sleep: async (ms) => void sleeps.push(ms) },
    )
    expect(response.success).toBe(true)
    expect(sleeps).toEqual([2500])
    expect(requests.seen.map((r) => r.url.pathname.split('/').at(-1))).toEqual([
      'send-typing-indicator',
      'send-api-message',
    ])
    await waitFor(() =>
      expect((requests.to('/send-api-message')[0]!.body as { idempotencyKey?: string }).idempotencyKey).toMatch(/^lk-/),
    )
    requests.stop()
  })

  it('sendWithTyping: the indicator carries the number in E.164 (spec), whatever the send’s format', async () => {
    const backend = createBackend()
    msw.use(...backend.handlers)
    const requests = recordRequests()
    await sendWithTyping(
      createLinekitClient({ baseUrl: BASE }),
      { phone: '(415) 555-0124', message: 'typed' },
      { sleep: async () => undefined },
    )
    expect(requests.to('/send-typing-indicator')[0]!.body).toMatchObject({ phoneNumber: AVA })
    requests.stop()
  })

  it('useSendWithTyping: the optimistic message shows at once; an ERROR indicator does not stop the send', async () => {
    const backend = createBackend()
    backend.mock.control.addFault({ path: '/send-typing-indicator', mode: 'device', count: 1 })
    const requests = recordRequests()
    const { result } = renderWithBackend(backend, () => ({
      thread: useThread({ phoneNumber: AVA, confirmPollMs: 20 }),
      typing: useSendWithTyping({ delayMs: 5 }),
    }))
    await waitFor(() => expect(result.current.thread.status).toBe('success'))
    let done!: Promise<unknown>
    act(() => {
      done = result.current.typing.mutateAsync({ phone: AVA, message: 'after typing' })
    })
    expect(result.current.thread.items.at(-1)).toMatchObject({ kind: 'optimistic', state: 'pending' })
    await act(async () => {
      await done
    })
    await waitFor(() => {
      const last = result.current.thread.items.at(-1)
      expect(last?.kind === 'message' && last.message.content).toBe('after typing')
    })
    expect(requests.to('/send-typing-indicator')).toHaveLength(1)
    expect(backend.outboundTo(AVA, 'after typing')).toHaveLength(1)
    requests.stop()
  })
})
