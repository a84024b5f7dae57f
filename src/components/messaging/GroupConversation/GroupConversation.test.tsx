import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import { GroupConversation } from './GroupConversation'
import { stubLayout } from '../../../../test/support/layout'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../../../test/support/renderWithBackend'
import { asScriptedRequest } from '../../../../stories/support/serviceChain'

let restore: () => void
beforeAll(() => {
  restore = stubLayout()
})
afterAll(() => restore())
afterEach(() => {
  vi.useRealTimers()
})
// The seed's "Team lunch" group: Ava, Cara and Dan on the main line.
const chatId = 'chat000000000000001'
const participants = [storyNumbers.chat, storyNumbers.chat2, storyNumbers.chat3]
const lineId = '3f6c1a52-8d4e-4b7a-9c21-5e8f0a1b2c3d'

describe('<GroupConversation>', () => {
  it('shows the group thread with each reply attributed to its sender', async () => {
    renderWithBackend(
      await createStoryBackend(),
      <GroupConversation chatId={chatId} participants={participants} lineId={lineId} />,
      { events: 'bus' },
    )
    const reply = await screen.findByText("I'm in!")
    const bubble = reply.closest('.lk-MessageBubble') as HTMLElement
    // The sender's name comes from the contacts query, which may answer after the messages.
    expect(await within(bubble).findByText('Cara', undefined, { timeout: 8000 })).toBeInTheDocument()
    expect(screen.getByText('Team lunch on Friday?')).toBeInTheDocument()
    // Not a 1:1 message of another thread.
    expect(screen.queryByText('Call me when you are free.')).toBeNull()
  })

  it('sends to the same participant set, so the service reuses the thread', async () => {
    const r = renderWithBackend(
      await createStoryBackend(),
      <GroupConversation chatId={chatId} participants={participants} lineId={lineId} />,
      { events: 'bus' },
    )
    const user = userEvent.setup()
    await screen.findByText("I'm in!")
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Noon works{Enter}')
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(''))
    const body = r.requests.find((q) => q.path === '/send-group-message')?.body as Record<string, unknown>
    expect(body.numbers).toEqual(participants)
    expect(body.message).toBe('Noon works')
    await screen.findByText('Noon works', { selector: '.lk-MessageBubble-text' })
  })

  it('on a 429 it says the send waits for the service and counts the Retry-After down (fake timers)', async () => {
    const backend = await createStoryBackend()
    let refused = 0
    const client = createLinekitClient({
      baseUrl: `http://localhost${backend.prefix}`,
      fetch: async (input, init) => {
        const request = new Request(input, init)
        if (new URL(request.url).pathname.endsWith('/send-group-message') && refused++ === 0)
          // linekit/server's answer when the key's budget is spent (spec: Errors — 429 `rate_limited`).
          return Response.json(
            { error: 'Too many requests', code: 'rate_limited' },
            { status: 429, headers: { 'retry-after': '12' } },
          )
        return backend.server.handle(asScriptedRequest(request))
      },
    })
    renderWithBackend(backend, <GroupConversation chatId={chatId} participants={participants} lineId={lineId} />, {
      client,
    })
    await screen.findByText("I'm in!")
    const box = screen.getByRole('textbox', { name: 'Message' })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    // Typed with fireEvent: user-event's pointer steps wait on timers that the fake clock holds.
    fireEvent.change(box, { target: { value: 'Noon works' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(screen.getByText('Waiting for the service — retrying in 12 s')).toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000)
    })
    expect(screen.getByText('Waiting for the service — retrying in 8 s')).toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(8_000)
    })
    vi.useRealTimers()
    await waitFor(() => expect(box).toHaveValue(''))
    expect(screen.queryByText(/Waiting for the service/)).toBeNull()
  })
})
