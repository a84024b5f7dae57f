import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GroupConversation } from './GroupConversation'
import { stubLayout } from '../../test/support/layout'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../test/support/renderWithBackend'

let restore: () => void
beforeAll(() => {
  restore = stubLayout()
})
afterAll(() => restore())
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
    expect(within(bubble).getByText('Cara')).toBeInTheDocument()
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
})
