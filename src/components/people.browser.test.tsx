import { cleanup, screen, within } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../styles.css'
import { CallLogTable } from './calling/CallLogTable/CallLogTable'
import { Conversation } from './messaging/Conversation/Conversation'
import { ConversationList } from './messaging/ConversationList/ConversationList'
import { Dialer } from './calling/Dialer/Dialer'
import { GroupConversation } from './messaging/GroupConversation/GroupConversation'
import { InboundCallBanner } from './calling/InboundCallBanner/InboundCallBanner'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../test/support/renderWithBackend'
import { callHistory } from '../../stories/calling/callingSetups'
import { ringableLine } from '../../stories/support'

// Real Chromium, real chain: wherever a person is shown, the kit says who it is — the contact's
// name (Ava Stone is a contact of the seeded account), else the number grouped for reading.
afterEach(() => cleanup())

describe('people by name', () => {
  it('heads a 1:1 thread with the contact and the number formatted for reading', async () => {
    renderWithBackend(
      await createStoryBackend(),
      <Conversation phoneNumber={storyNumbers.chat} composerProps={{ showLinePicker: false }} />,
    )
    const thread = await screen.findByRole('region', { name: 'Conversation with Ava Stone' }, { timeout: 8000 })
    expect(within(thread).getByRole('banner')).toHaveTextContent('Ava Stone(415) 555-0124')
  })

  it('names the caller on the incoming-call banner', async () => {
    const view = renderWithBackend(await createStoryBackend(), <InboundCallBanner ringSound={false} />, {
      events: 'bus',
    })
    await view.backend.control.ringInboundCall({ from: storyNumbers.chat, lineId: ringableLine(view.backend).lineId })
    expect(await screen.findByText('Ava Stone', undefined, { timeout: 8000 })).toBeVisible()
    expect(screen.queryByText(storyNumbers.chat)).toBeNull()
  })

  it('lists threads by name, formats numbers, and titles groups by their members', async () => {
    renderWithBackend(await createStoryBackend(), <ConversationList />)
    const list = await screen.findByRole('listbox', { name: 'Threads' }, { timeout: 8000 })
    await vi.waitFor(() => expect(within(list).getByText('Ava Stone')).toBeVisible(), { timeout: 8000 })
    // The seeded group: only Cara has replied, and the contract lists no members.
    expect(within(list).getByText('Cara and others')).toBeVisible()
    expect(within(list).queryByText(/^\+1\d{10}/)).toBeNull()
  })

  it('titles a group the agent created from its members, "A, B and C"', async () => {
    renderWithBackend(
      await createStoryBackend(),
      <GroupConversation
        chatId="chat-new"
        participants={[storyNumbers.chat, storyNumbers.chat2, storyNumbers.chat3]}
      />,
    )
    expect(
      await screen.findByRole('region', { name: /^Group conversation: Ava Stone, Cara, and \(415\) 555-0152$/ }),
    ).toBeVisible()
  })

  it('names both ends of each call in the call log', async () => {
    renderWithBackend(await createStoryBackend({ setup: callHistory(2, 0) }), <CallLogTable locale="en-US" />)
    const table = await screen.findByRole('table', undefined, { timeout: 8000 })
    await vi.waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(2), { timeout: 8000 })
    expect(within(table).queryByText(/^\+1\d{10}$/)).toBeNull()
  })

  it('says whom the dialer will call', async () => {
    renderWithBackend(await createStoryBackend(), <Dialer />)
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Call' })).toBeEnabled(), { timeout: 8000 })
    await userEvent.type(screen.getByLabelText('Phone number'), '4155550124')
    expect(await screen.findByText('Will call Ava Stone, (415) 555-0124')).toBeVisible()
  })
})
