import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it } from 'vitest'
import '../../../styles.css'
import { Conversation } from '../Conversation/Conversation'
import { ConversationList } from './ConversationList'
import type { MessageSearchSelection } from './messageSearchStrings'
import MessageSearchResults from './MessageSearchResults'
import type { messageSearchQueryOptions } from '../../../hooks/options'
import { renderWithBackend, createStoryBackend } from '../../../../test/support/renderWithBackend'

afterEach(() => {
  cleanup()
})

/** A thread list and the open thread, as an app composes them. */
function Inbox() {
  const [open, setOpen] = useState<{ id: string; focus: string | null }>({ id: '+14155550126', focus: null })
  const openAt = (hit: MessageSearchSelection) => setOpen({ id: hit.id, focus: hit.message.message_handle })
  return (
    <div style={{ display: 'flex', height: 520, width: 860 }}>
      <div style={{ width: 360, display: 'flex', flexDirection: 'column' }}>
        <ConversationList
          dateOptions={{ locale: 'en-US', timeZone: 'UTC' }}
          onSelect={(c) => setOpen({ id: c.id, focus: null })}
          onMessageSelect={openAt}
        />
      </div>
      <Conversation
        key={open.id}
        phoneNumber={open.id}
        style={{ flex: 1, height: 520 }}
        listProps={{ highlightKey: open.focus }}
      />
    </div>
  )
}

const searchbox = () => screen.getByRole('searchbox', { name: 'Search names, numbers and message text' })
const found = () => screen.findByRole('region', { name: 'Matching messages' }, { timeout: 10_000 })

/**
 * The server's read model has read the service (its reconciler's first listing is in): before
 * that, a search sees only what webhooks brought, and its window starts at the oldest of those.
 */
async function modelHasRead(backend: Awaited<ReturnType<typeof createStoryBackend>>) {
  await waitFor(
    async () => {
      const answer = await backend.server.handle(new Request(`http://localhost${backend.prefix}/search?q=arrive`))
      expect(((await answer.json()) as { data: unknown[] }).data).toHaveLength(1)
    },
    { timeout: 10_000 },
  )
}

describe('message search in <ConversationList>', () => {
  it('says it searches text, lists the matching messages first, and names an unknown number as everywhere else', async () => {
    const backend = await createStoryBackend()
    renderWithBackend(backend, <Inbox />, { events: 'bus' })
    await modelHasRead(backend)
    expect(searchbox()).toHaveAttribute('placeholder', 'Search names, numbers and message text')
    await userEvent.type(searchbox(), 'free')
    const hit = await within(await found()).findByRole('button', { name: /Call me when you are free/ })
    expect(hit).toHaveTextContent('(415) 555-0152')
    expect(hit).not.toHaveTextContent('+14155550152')
    // Above the (empty) threads, where the eye starts.
    const threads = screen.getByRole('region', { name: 'Conversations' })
    const placeholder = within(threads).getByText(/No conversation matches/)
    expect(hit.getBoundingClientRect().bottom).toBeLessThanOrEqual(placeholder.getBoundingClientRect().top)
  })

  it('finds a message in another thread and opens that thread at the message, highlighted', async () => {
    const backend = await createStoryBackend()
    renderWithBackend(backend, <Inbox />, { events: 'bus' })
    await modelHasRead(backend)
    // Dan's thread is open; Ava's asked about the delivery three hours ago.
    // (Named by the contact's name, else the number as read: see Conversation's label.)
    await screen.findByRole('region', { name: 'Conversation with (415) 555-0126' }, { timeout: 10_000 })
    await userEvent.type(searchbox(), 'ARRIVE')
    const hit = await within(await found()).findByRole(
      'button',
      { name: /Thanks! When will it arrive\?/ },
      { timeout: 10_000 },
    )
    expect(hit).toHaveTextContent('Ava Stone')
    // The phrase is marked once the search for all of it answered (typing may pause mid-word).
    await waitFor(() => expect(within(hit).getByText('arrive', { selector: 'mark' })).toBeVisible())
    await userEvent.click(hit)
    const ava = await screen.findByRole('region', { name: 'Conversation with Ava Stone' })
    const row = await waitFor(
      () => {
        const current = ava.querySelector<HTMLElement>('[role="listitem"][aria-current="true"]')
        expect(current).not.toBeNull()
        return current!
      },
      { timeout: 10_000 },
    )
    expect(row).toHaveAttribute('data-highlighted')
    expect(row).toHaveTextContent('Thanks! When will it arrive?')
    // In view inside the thread's scroller.
    const viewport = within(ava).getByRole('region', { name: 'Messages' }).getBoundingClientRect()
    const box = row.getBoundingClientRect()
    expect(box.bottom).toBeGreaterThan(viewport.top)
    expect(box.top).toBeLessThan(viewport.bottom)
  })

  it('says when no message contains the phrase; nothing of a window once the whole history was read', async () => {
    const backend = await createStoryBackend()
    renderWithBackend(backend, <Inbox />, { events: 'bus' })
    await modelHasRead(backend)
    await userEvent.type(searchbox(), 'zebra crossing')
    const section = await found()
    expect(
      await within(section).findByText('No message contains “zebra crossing”.', {}, { timeout: 10_000 }),
    ).toBeVisible()
    // The reconciler read the lines from their first message: the server answers `since: null`.
    expect(within(section).queryByText(/were not searched/)).toBeNull()
  })

  it('says where the searched window ends when the server kept only recent messages', async () => {
    const client = new QueryClient()
    const options = (q: string) =>
      queryOptions({
        queryKey: ['search', q],
        queryFn: () => Promise.resolve({ data: [], more: false, since: '2026-11-19T12:00:00.000Z' }),
      }) as unknown as ReturnType<typeof messageSearchQueryOptions>
    render(
      <QueryClientProvider client={client}>
        <MessageSearchResults
          query="zebra"
          queryOptions={options}
          lineIds={undefined}
          threadOf={() => ({ kind: 'direct', id: '+14155550126' }) as never}
          titleOf={() => ''}
          describeError={() => ''}
          when={(iso) => iso.slice(0, 10)}
          onSelect={() => {}}
          strings={undefined}
        />
      </QueryClientProvider>,
    )
    expect(await screen.findByText('Messages before 2026-11-19 were not searched.')).toBeVisible()
    expect(screen.getByText('No message contains “zebra”.')).toBeVisible()
  })
})
