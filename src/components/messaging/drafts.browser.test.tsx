import { cleanup, screen, within } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '../../styles.css'
import { Conversation } from './Conversation/Conversation'
import { GroupConversation } from './GroupConversation/GroupConversation'
import { drafts } from '../../hooks/internal/drafts'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../../test/support/renderWithBackend'

// Real Chromium, real chain. An agent's unsent text belongs to its thread.
beforeEach(() => {
  localStorage.clear()
  // The map keeps what it read: clear it too, so no test starts with another's draft.
  for (const key of Object.keys(drafts.snapshot())) drafts.delete(key)
})
afterEach(() => cleanup())

const thread = (phone: string) => (
  <div style={{ height: 600, width: 420, display: 'flex', flexDirection: 'column' }}>
    <Conversation key={phone} phoneNumber={phone} composerProps={{ showLinePicker: false }} />
  </div>
)
const box = () => screen.getByRole('textbox', { name: 'Message' })

describe('drafts', () => {
  it('survive switching to another thread and back, and a reload', async () => {
    const r = renderWithBackend(await createStoryBackend(), thread(storyNumbers.chat))
    await userEvent.type(box(), 'Half-written answer')
    r.rerender(thread(storyNumbers.sms))
    await vi.waitFor(() => expect(box()).toHaveValue(''))
    await userEvent.type(box(), 'For Ben')
    r.rerender(thread(storyNumbers.chat))
    await vi.waitFor(() => expect(box()).toHaveValue('Half-written answer'))
    // A reload starts from what the browser kept.
    expect(Object.values(JSON.parse(localStorage.getItem('linekit:draft:v1') ?? '{}'))).toEqual([
      'Half-written answer',
      'For Ben',
    ])
  })

  it('follow the thread opened with a line or without, and an older key (line, number as written) is taken over', async () => {
    const lineId = (await createStoryBackend()).account.lines[0]!.lineId
    // A draft kept by an older version under the line and the number as the row wrote it.
    const written = storyNumbers.chat.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '+1 ($1) $2-$3')
    drafts.set(`${lineId}|${written}`, 'Started before')
    const withLine = (line: string | undefined) => (
      <div style={{ height: 600, width: 420, display: 'flex', flexDirection: 'column' }}>
        <Conversation
          key={line ?? 'none'}
          phoneNumber={storyNumbers.chat}
          {...(line ? { lineId: line } : {})}
          composerProps={{ showLinePicker: false }}
        />
      </div>
    )
    const r = renderWithBackend(await createStoryBackend(), withLine(undefined))
    await vi.waitFor(() => expect(box()).toHaveValue('Started before'))
    await userEvent.type(box(), ', then more')
    r.rerender(withLine(lineId))
    await vi.waitFor(() => expect(box()).toHaveValue('Started before, then more'))
    expect(JSON.parse(localStorage.getItem('linekit:draft:v1') ?? '{}')).toEqual({
      [`*|${storyNumbers.chat}`]: 'Started before, then more',
    })
  })

  it('restored after a reload puts the caret at its end: what is typed next continues it', async () => {
    const first = renderWithBackend(await createStoryBackend(), thread(storyNumbers.chat))
    await userEvent.type(box(), 'Your order ships')
    first.unmount()
    renderWithBackend(await createStoryBackend(), thread(storyNumbers.chat))
    await vi.waitFor(() => expect(box()).toHaveValue('Your order ships'))
    box().focus()
    await userEvent.keyboard(' tomorrow')
    expect(box()).toHaveValue('Your order ships tomorrow')
  })

  it('is forgotten once sent', async () => {
    renderWithBackend(await createStoryBackend(), thread(storyNumbers.chat), { events: 'bus' })
    await userEvent.type(box(), 'Sent now{Enter}')
    await vi.waitFor(() => expect(box()).toHaveValue(''))
    expect(JSON.parse(localStorage.getItem('linekit:draft:v1') ?? '{}')).not.toHaveProperty([`*|${storyNumbers.chat}`])
  })

  it('of a group thread survive a remount', async () => {
    const group = (
      <GroupConversation chatId="chat-draft" participants={[storyNumbers.chat, storyNumbers.chat2]} title="Team" />
    )
    const r = renderWithBackend(await createStoryBackend(), group)
    await userEvent.type(box(), 'Lunch at 1?')
    r.unmount()
    renderWithBackend(await createStoryBackend(), group)
    expect(box()).toHaveValue('Lunch at 1?')
  })
})

describe('the options tray', () => {
  it('closes after a send, so the new bubble and its status show', async () => {
    renderWithBackend(await createStoryBackend(), thread(storyNumbers.chat), { events: 'bus' })
    const more = screen.getByRole('button', { name: 'Attachment, effect and line' })
    await userEvent.click(more)
    expect(more).toHaveAttribute('aria-expanded', 'true')
    await userEvent.type(box(), 'Tray test{Enter}')
    await vi.waitFor(() => expect(more).toHaveAttribute('aria-expanded', 'false'))
    expect(screen.queryByRole('textbox', { name: /Attachment link/ })).toBeNull()
    // The send can go before the thread's history has loaded; the list appears once it has.
    const messages = await screen.findByRole('region', { name: 'Messages' }, { timeout: 8000 })
    const bubble = await within(messages).findByText('Tray test', undefined, { timeout: 8000 })
    await vi.waitFor(() => {
      const row = bubble.closest('.lk-MessageBubble')!.getBoundingClientRect()
      expect(row.bottom).toBeLessThanOrEqual(messages.getBoundingClientRect().bottom + 1)
    })
    expect(box()).toHaveFocus()
  })
})
