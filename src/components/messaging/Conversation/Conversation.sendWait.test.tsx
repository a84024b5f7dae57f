/**
 * What a waiting send says. When linekit/server answers a send with 429 and `Retry-After: 12` (the
 * key's 60 requests a minute are used up), the bubble says "Waiting for the service — retrying in
 * 12 s" and counts down, rather than a bare "Sending…"; a message typed meanwhile says it waits for
 * the earlier one and goes out after it. On fake timers: the test moves the clock.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import { Conversation } from './Conversation'
import { stubLayout } from '../../../../test/support/layout'
import { BASE, createBackend, renderWithBackend } from '../../../../test/support/renderWithBackend'
import { asScriptedRequest } from '../../../../stories/support/serviceChain'

let restore: () => void
beforeAll(() => {
  restore = stubLayout()
})
afterAll(() => restore())
afterEach(() => {
  vi.useRealTimers()
})

const PEER = '+14155550142'

const bubbleOf = (text: string) =>
  screen
    .getAllByText((_, el) => el?.classList.contains('lk-MessageBubble-text') === true && el.textContent === text)[0]!
    .closest('.lk-MessageBubble')!

describe('a send that waits says why', () => {
  it('on a 429 it shows the Retry-After counting down, and the next message waits for it, then both go in order', async () => {
    const backend = createBackend()
    const sent: string[] = []
    let refused = 0
    const client = createLinekitClient({
      baseUrl: BASE,
      fetch: async (input, init) => {
        const request = new Request(input, init)
        if (new URL(request.url).pathname.endsWith('/send-api-message')) {
          const body = (await request.clone().json()) as { message: string }
          if (refused++ === 0)
            // linekit/server's answer when the key's budget is spent (spec: Errors — 429 `rate_limited`).
            return Response.json(
              { error: 'Too many requests', code: 'rate_limited', hint: 'Retry after 12 s (Retry-After).' },
              { status: 429, headers: { 'retry-after': '12' } },
            )
          sent.push(body.message)
        }
        return backend.server.handle(asScriptedRequest(request))
      },
    })
    renderWithBackend(backend, <Conversation phoneNumber={PEER} />, { client })
    const box = await screen.findByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(document.querySelector('.lk-MessageList')).not.toHaveAttribute('data-state', 'loading'))

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    // Typed with fireEvent: user-event's pointer steps wait on timers that the fake clock holds.
    const type = async (text: string) => {
      fireEvent.change(box, { target: { value: text } })
      fireEvent.keyDown(box, { key: 'Enter' })
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0)
      })
    }
    await type('First')
    expect(bubbleOf('First')).toHaveAttribute('data-wait', 'rateLimited')
    expect(bubbleOf('First')).toHaveTextContent('Waiting for the service — retrying in 12 s')

    await type('Second')
    expect(bubbleOf('Second')).toHaveAttribute('data-wait', 'queued')
    expect(bubbleOf('Second')).toHaveTextContent('Waiting for the earlier messages')

    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000)
    })
    expect(bubbleOf('First')).toHaveTextContent('Waiting for the service — retrying in 7 s')
    expect(sent).toEqual([])

    await act(async () => {
      await vi.advanceTimersByTimeAsync(7_000)
    })
    vi.useRealTimers()
    await waitFor(() => expect(backend.outboundTo(PEER).map((m) => m.content)).toEqual(['First', 'Second']))
    expect(sent).toEqual(['First', 'Second'])
  })
})
