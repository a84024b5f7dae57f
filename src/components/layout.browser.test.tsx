import { cleanup, render, screen, within } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../styles.css'
import { CallLogTable } from './calling/CallLogTable/CallLogTable'
import { Conversation } from './messaging/Conversation/Conversation'
import { ConversationList } from './messaging/ConversationList/ConversationList'
import { MessageBubble } from './messaging/MessageBubble/MessageBubble'
import type { ThreadItem } from './shared/types'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../test/support/renderWithBackend'
import { callHistory } from '../../stories/calling/callingSetups'

// Real Chromium with the kit's stylesheet: keyboard paths and layout.
afterEach(() => cleanup())

const lines = (el: Element) => {
  const range = document.createRange()
  range.selectNodeContents(el)
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
}

describe('the thread list', () => {
  it('is one Tab stop; arrow keys, Home and End move inside it, Enter opens', async () => {
    const onSelect = vi.fn()
    renderWithBackend(
      await createStoryBackend(),
      <div style={{ height: 560, width: 380, display: 'flex', flexDirection: 'column' }}>
        <button type="button">Before</button>
        <ConversationList onSelect={onSelect} />
        <button type="button">After</button>
      </div>,
    )
    const list = await screen.findByRole('listbox', { name: 'Threads' }, { timeout: 10_000 })
    await vi.waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThanOrEqual(5))
    const options = within(list).getAllByRole('option')
    screen.getByRole('button', { name: 'Before' }).focus()
    await userEvent.tab() // the search box
    await userEvent.tab()
    expect(options[0]).toHaveFocus()
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus()
    await userEvent.tab({ shift: true })
    expect(options[0]).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    expect(options[2]).toHaveFocus()
    await userEvent.keyboard('{ArrowUp}')
    expect(options[1]).toHaveFocus()
    await userEvent.keyboard('{End}')
    expect(within(list).getAllByRole('option').at(-1)).toHaveFocus()
    await userEvent.keyboard('{Home}')
    expect(options[0]).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}{Enter}')
    expect(onSelect).toHaveBeenCalledTimes(1)
    expect(options[1]).toHaveAttribute('aria-selected', 'true')
  })
})

describe('layout', () => {
  const bubble = (content: string): ThreadItem => ({
    kind: 'message',
    key: 'k',
    message: {
      message_handle: 'pbm_1',
      content,
      from_number: storyNumbers.chat,
      to_number: '+14155550100',
      line_id: 'line',
      service: 'nativechat',
      direction: 'inbound',
      status: 'delivered',
      created_at: '2026-03-03T10:42:00Z',
      sent_at: '2026-03-03T10:42:00Z',
      media_attachment_url: null,
      voice_attachment_url: null,
    },
  })

  it('a short bubble stays on one line', () => {
    render(
      <div style={{ width: 420 }}>
        <MessageBubble item={bubble('Hammer 59')} />
        <MessageBubble item={{ ...bubble('Yes'), key: 'k2' }} actions={<button type="button">React</button>} />
      </div>,
    )
    expect(lines(screen.getByText('Hammer 59'))).toBe(1)
  })

  it("the composer's error leaves the last bubble's time and status in view", async () => {
    renderWithBackend(
      await createStoryBackend(),
      <div style={{ height: 300, width: 320, display: 'flex', flexDirection: 'column' }}>
        <Conversation phoneNumber={storyNumbers.chat} composerProps={{ showLinePicker: false }} />
      </div>,
    )
    const messages = await screen.findByRole('region', { name: 'Messages' }, { timeout: 10_000 })
    const last = await within(messages).findByText('Tomorrow before 5pm.', undefined, { timeout: 10_000 })
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    await screen.findByRole('alert')
    await vi.waitFor(() => {
      const meta = last.closest('.lk-MessageBubble')!.querySelector('.lk-MessageBubble-meta')!.getBoundingClientRect()
      expect(meta.bottom).toBeLessThanOrEqual(messages.getBoundingClientRect().bottom + 1)
      expect(meta.height).toBeGreaterThan(0)
    })
  })

  it.each([900, 1280])('call log dates stay on one line at %i px', async (width) => {
    renderWithBackend(
      await createStoryBackend({ setup: callHistory(3, 0) }),
      <div style={{ width }}>
        <CallLogTable locale="en-US" />
      </div>,
    )
    const table = await screen.findByRole('table', undefined, { timeout: 10_000 })
    await vi.waitFor(() => expect(table.querySelectorAll('tbody time').length).toBeGreaterThan(0), { timeout: 10_000 })
    for (const time of table.querySelectorAll('tbody time')) expect(lines(time)).toBe(1)
    expect(table.getBoundingClientRect().width).toBeLessThanOrEqual(width)
  })
})
