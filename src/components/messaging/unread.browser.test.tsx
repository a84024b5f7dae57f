import { cleanup, screen, within } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '../../styles.css'
import { Conversation } from './Conversation/Conversation'
import { ConversationList } from './ConversationList/ConversationList'
import { readMarks } from '../../hooks/internal/readMarks'
import { renderWithBackend, createStoryBackend, setups, storyNumbers } from '../../../test/support/renderWithBackend'

// Real Chromium, real chain: unread is what the agent has not seen.
beforeEach(() => {
  for (const key of Object.keys(readMarks.snapshot())) readMarks.delete(key)
})
afterEach(() => cleanup())

const inbox = (
  <div style={{ display: 'flex', height: 600, width: 900 }}>
    <div style={{ width: 340, display: 'flex', flexDirection: 'column' }}>
      <ConversationList />
    </div>
    <div style={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
      <Conversation phoneNumber={storyNumbers.chat} composerProps={{ showLinePicker: false }} />
    </div>
  </div>
)
const row = (name: string) =>
  within(screen.getByRole('listbox', { name: 'Threads' }))
    .getAllByRole('option')
    .find((b) => b.textContent?.includes(name))!
const messages = () => screen.getByRole('region', { name: 'Messages' })

describe('unread', () => {
  it('the open thread, scrolled to its newest message, does not count what arrives as unread', async () => {
    const r = renderWithBackend(await createStoryBackend(), inbox, { events: 'bus' })
    await vi.waitFor(() => expect(row('Ava Stone')).toBeDefined(), { timeout: 10_000 })
    await r.backend.control.injectInboundMessage({ from: storyNumbers.chat, message: 'Still there?' })
    await within(messages()).findByText('Still there?', undefined, { timeout: 10_000 })
    await vi.waitFor(() => expect(row('Ava Stone')).toHaveTextContent('Still there?'), { timeout: 10_000 })
    expect(row('Ava Stone')).not.toHaveTextContent(/unread/)
    // A thread that is not open still counts.
    await r.backend.control.injectInboundMessage({ from: storyNumbers.sms, message: 'Ben here', service: 'SMS' })
    await vi.waitFor(() => expect(row('Ben Ortiz')).toHaveTextContent('1 unread message'), { timeout: 10_000 })
  })

  it('a thread whose pane is hidden (a narrow inbox shows only the list) is not marked read', async () => {
    const hiddenPane = (
      <div style={{ display: 'flex', height: 600, width: 390 }}>
        <div style={{ width: 390, display: 'flex', flexDirection: 'column' }}>
          <ConversationList />
        </div>
        <div style={{ display: 'none' }}>
          <Conversation phoneNumber={storyNumbers.chat} composerProps={{ showLinePicker: false }} />
        </div>
      </div>
    )
    const r = renderWithBackend(await createStoryBackend(), hiddenPane, { events: 'bus' })
    await vi.waitFor(() => expect(row('Ava Stone')).toBeDefined(), { timeout: 10_000 })
    await r.backend.control.injectInboundMessage({ from: storyNumbers.chat, message: 'Anyone there?' })
    await vi.waitFor(() => expect(row('Ava Stone')).toHaveTextContent('Anyone there?'), { timeout: 10_000 })
    await vi.waitFor(() => expect(row('Ava Stone')).toHaveTextContent(/unread/), { timeout: 10_000 })
  })

  it('marks where the agent stopped with a "New" divider and jumps back to it', async () => {
    const texts = Array.from({ length: 30 }, (_, i) => `Unread ${i + 1}`)
    renderWithBackend(
      await createStoryBackend({ setup: setups.inboundMessages(storyNumbers.chat, texts) }),
      <div style={{ height: 480, width: 420, display: 'flex', flexDirection: 'column' }}>
        <Conversation phoneNumber={storyNumbers.chat} composerProps={{ showLinePicker: false }} />
      </div>,
    )
    await screen.findByRole('region', { name: 'Messages' }, { timeout: 10_000 })
    await within(messages()).findByText('Unread 30', undefined, { timeout: 10_000 })
    // Thirty messages do not fit: the divider is above the view, and a button leads to it.
    const jump = await screen.findByRole('button', { name: /Jump to first unread/ })
    await userEvent.click(jump)
    const divider = await screen.findByRole('separator', { name: 'New messages start here' })
    await vi.waitFor(() => {
      const top = messages().getBoundingClientRect()
      const at = divider.getBoundingClientRect()
      expect(at.top).toBeGreaterThanOrEqual(top.top - 1)
      expect(at.bottom).toBeLessThanOrEqual(top.bottom + 1)
    })
    // The first unread message follows the divider; our own reply before it does not.
    const first = divider.closest('.lk-MessageList-row')!
    expect(first).toHaveTextContent('Unread 1')
    expect(screen.queryByRole('button', { name: /Jump to first unread/ })).toBeNull()
  })
})
