import { cleanup, screen, within } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../styles.css'
import { Conversation } from './Conversation/Conversation'
import { GroupConversation } from './GroupConversation/GroupConversation'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../../test/support/renderWithBackend'

// Real Chromium, real chain: every message offers its actions, by keyboard too.
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('message actions', () => {
  it('copy the text of any message, inbound or sent, from the keyboard', async () => {
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    renderWithBackend(
      await createStoryBackend(),
      <div style={{ height: 600, width: 420, display: 'flex', flexDirection: 'column' }}>
        <Conversation phoneNumber={storyNumbers.chat} composerProps={{ showLinePicker: false }} />
      </div>,
    )
    const messages = await screen.findByRole('region', { name: 'Messages' }, { timeout: 10_000 })
    await within(messages).findByText('Tomorrow before 5pm.', undefined, { timeout: 10_000 })
    const bubbles = messages.querySelectorAll('.lk-MessageBubble')
    expect(within(messages).getAllByRole('button', { name: 'Copy message text' })).toHaveLength(bubbles.length)
    // Keyboard: the history is one tab stop; the arrow keys reach a message, → its actions.
    messages.focus()
    await userEvent.keyboard('{ArrowUp}{Home}')
    expect(document.activeElement).toHaveTextContent('Hi Ava, your order has shipped.')
    await userEvent.keyboard('{ArrowRight}')
    expect(document.activeElement).toHaveAccessibleName('Copy message text')
    await userEvent.keyboard('{Enter}')
    expect(write).toHaveBeenCalledWith('Hi Ava, your order has shipped.')
    await vi.waitFor(() =>
      expect(within(document.activeElement as HTMLElement).getByRole('status')).toHaveTextContent('Copied'),
    )
    expect(document.activeElement).toBeVisible()
  })

  it("copy the thread's number from its header", async () => {
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    renderWithBackend(await createStoryBackend(), <Conversation phoneNumber={storyNumbers.chat} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Copy number' }))
    expect(write).toHaveBeenCalledWith(storyNumbers.chat)
  })

  it('copy in group threads too', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    renderWithBackend(await createStoryBackend(), <GroupConversation chatId="chat000000000000001" />)
    const messages = await screen.findByRole('region', { name: 'Messages' }, { timeout: 10_000 })
    await within(messages).findByText("I'm in!", undefined, { timeout: 10_000 })
    expect(within(messages).getAllByRole('button', { name: 'Copy message text' }).length).toBeGreaterThan(0)
  })
})
