import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import '../../../styles.css'
import { createLinekitClient } from 'linekit/api'
import { ConversationList } from './ConversationList'
import { asScriptedRequest } from '../../../../stories/support/serviceChain'
import { Conversation } from '../Conversation/Conversation'
import { drafts } from '../../../hooks/internal/drafts'
import { renderWithBackend, createStoryBackend, setups, storyNumbers } from '../../../../test/support/renderWithBackend'

beforeEach(() => {
  localStorage.removeItem('linekit:read:v1')
  localStorage.removeItem('linekit:groups:v1')
  for (const key of Object.keys(drafts.snapshot())) drafts.delete(key)
})
afterEach(() => {
  cleanup()
})

const ui = (
  <div style={{ height: 560, width: 380, display: 'flex', flexDirection: 'column' }}>
    <ConversationList dateOptions={{ locale: 'en-US', timeZone: 'UTC' }} />
  </div>
)
const rows = () => within(screen.getByRole('listbox', { name: 'Threads' })).getAllByRole('option')
const titles = () => rows().map((b) => b.querySelector('.lk-ConversationList-title')?.textContent ?? '')

describe('<ConversationList> in a real browser', () => {
  it('lists one-to-one and group threads newest first, by contact name, with unread counts', async () => {
    renderWithBackend(await createStoryBackend(), ui, { events: 'bus' })
    await waitFor(() => expect(titles().length).toBeGreaterThanOrEqual(5), { timeout: 10_000 })
    await waitFor(() => expect(titles()).toContain('Ava Stone'))
    const all = titles()
    // The group reply "I'm in!" is a group thread, not a thread with Cara.
    expect(all.some((t) => t.startsWith('Group: '))).toBe(true)
    const group = rows().find((b) => b.textContent?.includes("I'm in!"))!
    expect(group.closest('li')).toHaveAttribute('data-kind', 'group')
    // Newest first.
    const times = rows().map((b) => b.querySelector('time')!.getAttribute('datetime')!)
    expect([...times].sort().reverse()).toEqual(times)
    // Ava's thread ends with our reply: nothing unread. Dan wrote last: 1 unread.
    const dan = rows().find((b) => b.textContent?.includes('Call me when you are free.'))!
    expect(dan).toHaveTextContent('1 unread message')
    const ava = rows().find((b) => b.textContent?.includes('Ava Stone'))!
    expect(ava).not.toHaveTextContent(/unread/)
  })

  it('keeps read state across a reload and follows other tabs', async () => {
    const r = renderWithBackend(await createStoryBackend(), ui, { events: 'bus' })
    const dan = () => rows().find((b) => b.textContent?.includes('Call me when you are free.'))!
    await waitFor(() => expect(dan()).toHaveTextContent('1 unread message'), { timeout: 10_000 })
    await userEvent.click(dan())
    await waitFor(() => expect(dan()).not.toHaveTextContent(/unread/))
    // Reload: a fresh tree reads the mark back.
    r.rerender(<div key="reloaded">{ui}</div>)
    await waitFor(() => expect(dan()).not.toHaveTextContent(/unread/), { timeout: 10_000 })
    // Another tab marks nothing read: it removes the marks (storage event).
    localStorage.setItem('linekit:read:v1', '{}')
    window.dispatchEvent(new StorageEvent('storage', { key: 'linekit:read:v1' }))
    await waitFor(() => expect(dan()).toHaveTextContent('1 unread message'))
  })

  it('marks the threads that hold a draft, live as the agent types, and no more once it is sent', async () => {
    renderWithBackend(
      await createStoryBackend(),
      <div style={{ display: 'flex', height: 560 }}>
        <div style={{ width: 380, display: 'flex', flexDirection: 'column' }}>
          <ConversationList dateOptions={{ locale: 'en-US', timeZone: 'UTC' }} />
        </div>
        <div style={{ width: 420, display: 'flex', flexDirection: 'column' }}>
          <Conversation phoneNumber={storyNumbers.chat} composerProps={{ showLinePicker: false }} />
        </div>
      </div>,
      { events: 'bus' },
    )
    const ava = () => rows().find((b) => b.textContent?.includes('Ava Stone'))!
    await waitFor(() => expect(ava()).toBeDefined(), { timeout: 10_000 })
    expect(ava()).not.toHaveAttribute('data-draft')
    const box = screen.getByRole('textbox', { name: 'Message' })
    await userEvent.type(box, 'Checking with the warehouse')
    // In the row's text, so a screen reader reads it with the row.
    await waitFor(() => expect(ava()).toHaveTextContent('Draft: Checking with the warehouse'))
    expect(ava()).toHaveAttribute('data-draft', 'draft')
    // Emptied: the thread shows its last message again.
    await userEvent.clear(box)
    await waitFor(() => expect(ava()).not.toHaveAttribute('data-draft'))
    expect(ava()).not.toHaveTextContent('Draft:')
    await userEvent.type(box, 'On its way{Enter}')
    await waitFor(() => expect(box).toHaveValue(''))
    await waitFor(() => expect(ava()).not.toHaveAttribute('data-draft'))
    expect(ava()).not.toHaveTextContent('Draft:')
  })

  it('marks a thread whose message waits for the connection, until it is sent', async () => {
    const backend = await createStoryBackend()
    const net = { down: false }
    const client = createLinekitClient({
      baseUrl: `http://localhost${backend.prefix}`,
      fetch: async (input, init) => {
        if (net.down) throw new TypeError('Failed to fetch')
        return backend.server.handle(asScriptedRequest(new Request(input, init)))
      },
    })
    renderWithBackend(
      backend,
      <div style={{ display: 'flex', height: 560 }}>
        <div style={{ width: 380, display: 'flex', flexDirection: 'column' }}>
          <ConversationList dateOptions={{ locale: 'en-US', timeZone: 'UTC' }} />
        </div>
        <div style={{ width: 420, display: 'flex', flexDirection: 'column' }}>
          <Conversation phoneNumber={storyNumbers.chat} composerProps={{ showLinePicker: false }} />
        </div>
      </div>,
      { client, sendRetry: { offlineMaxDelayMs: 600_000 } },
    )
    const ava = () => rows().find((b) => b.textContent?.includes('Ava Stone'))!
    await waitFor(() => expect(ava()).toBeDefined(), { timeout: 10_000 })
    net.down = true
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Back in five{Enter}')
    await waitFor(() => expect(ava()).toHaveTextContent('Not sent yet: Back in five'))
    expect(ava()).toHaveAttribute('data-draft', 'unsent')
    net.down = false
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(ava()).not.toHaveAttribute('data-draft'), { timeout: 10_000 })
    localStorage.removeItem('linekit:outbox:v1')
  })

  it('searches by name or number', async () => {
    renderWithBackend(await createStoryBackend(), ui, { events: 'bus' })
    await waitFor(() => expect(titles()).toContain('Ben Ortiz'), { timeout: 10_000 })
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search names, numbers and message text' }), 'ben')
    await waitFor(() => expect(titles()).toEqual(['Ben Ortiz']))
    await userEvent.clear(screen.getByRole('searchbox'))
    await userEvent.type(screen.getByRole('searchbox'), '555-0124')
    await waitFor(() => expect(titles()).toEqual(['Ava Stone']))
    await userEvent.clear(screen.getByRole('searchbox'))
    await userEvent.type(screen.getByRole('searchbox'), 'nobody')
    expect(await screen.findByText('No conversation matches “nobody”.')).toBeVisible()
  })

  it('updates live when a message arrives', async () => {
    const r = renderWithBackend(await createStoryBackend(), ui, { events: 'bus' })
    await waitFor(() => expect(titles()).toContain('Ava Stone'), { timeout: 10_000 })
    await r.backend.control.injectInboundMessage({ from: '+14155550124', message: 'Arrived, thanks!' })
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Arrived, thanks!'), { timeout: 10_000 })
    expect(rows()[0]).toHaveTextContent('Ava Stone')
  })

  it('says when the key is rate limited, with the wait', async () => {
    renderWithBackend(await createStoryBackend({ setup: setups.rateLimited() }), ui, { events: 'bus' })
    expect(
      await screen.findByText(/^Too many requests — retrying in \d+ s$/, undefined, { timeout: 10_000 }),
    ).toBeVisible()
    expect(screen.queryByText('Loading conversations…')).toBeNull()
  })
})
