import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import '../../styles.css'
import { Conversation } from './Conversation/Conversation'
import { GroupComposer } from './GroupComposer/GroupComposer'
import { GroupConversation } from './GroupConversation/GroupConversation'
import { ReactionBar } from './ReactionBar/ReactionBar'
import { drafts } from '../../hooks/internal/drafts'
import { reactionStore } from '../../provider/reactionStore'
import {
  createBackend,
  createStoryBackend,
  renderWithBackend,
  storyNumbers,
} from '../../../test/support/renderWithBackend'
import { flakyNetwork } from '../../../test/support/flakyNetwork'

// Real Chromium, real chain behind a switchable network: what the agent typed during an outage
// reaches the service once, by itself, when the network is back.
beforeEach(() => {
  localStorage.clear()
  for (const key of Object.keys(drafts.snapshot())) drafts.delete(key)
  // The story backends give their messages the same handles: one test's reaction is not the next one's.
  for (const key of Object.keys(reactionStore.snapshot())) reactionStore.delete(key)
})
afterEach(() => {
  cleanup()
  // Nothing this file kept may be restored by another file's provider in the same origin.
  localStorage.clear()
})

const AVA = '+14155550123'

describe('a send during a dropped network', () => {
  it('waits for the connection, says so, and is stored once when the network is back: nothing left failed', async () => {
    const backend = createBackend()
    const { net, client } = flakyNetwork(backend)
    renderWithBackend(
      backend,
      <div style={{ height: 600, width: 420, display: 'flex', flexDirection: 'column' }}>
        <Conversation phoneNumber={AVA} composerProps={{ showLinePicker: false }} />
      </div>,
      // The waits for the connection grow from 1 ms to far longer than the test: `online` ends the last one.
      { client, sendRetry: { baseDelayMs: 1, maxDelayMs: 2, maxAttempts: 2, offlineMaxDelayMs: 600_000 } },
    )
    const box = await screen.findByRole('textbox', { name: 'Message' })
    net.down = true
    await userEvent.type(box, 'Sorry for the wait{Enter}')
    await userEvent.type(box, 'Your refund is on its way{Enter}')
    const messages = screen.getByRole('region', { name: 'Messages' })
    await waitFor(() => expect(within(messages).getAllByText('Waiting for the connection…').length).toBeGreaterThan(0))
    // More failures than attempts allowed: a network failure is not the service's verdict.
    await waitFor(() => expect(net.refused).toBeGreaterThan(2))
    expect(within(messages).queryByText(/Not sent/)).toBeNull()
    expect(within(messages).getByRole('button', { name: 'Cancel' })).toBeEnabled()

    net.down = false
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(backend.outboundTo(AVA, 'Your refund is on its way')).toHaveLength(1))
    expect(backend.outboundTo(AVA, 'Sorry for the wait')).toHaveLength(1)
    // In typed order.
    const stored = backend.outboundTo(AVA).map((m) => m.content)
    expect(stored.indexOf('Sorry for the wait')).toBeLessThan(stored.indexOf('Your refund is on its way'))
    await waitFor(() => expect(within(messages).queryByText('Waiting for the connection…')).toBeNull())
    expect(within(messages).queryByText(/Not sent/)).toBeNull()
  })

  it('is kept across a reload, goes by itself with its key once the network is back, and is stored once', async () => {
    const backend = createBackend()
    const before = flakyNetwork(backend)
    const pane = (
      <div style={{ height: 600, width: 420, display: 'flex', flexDirection: 'column' }}>
        <Conversation phoneNumber={AVA} composerProps={{ showLinePicker: false }} />
      </div>
    )
    const retry = { baseDelayMs: 1, maxDelayMs: 2, maxAttempts: 2, offlineMaxDelayMs: 600_000 }
    const first = renderWithBackend(backend, pane, { client: before.client, sendRetry: retry })
    const box = await screen.findByRole('textbox', { name: 'Message' })
    before.net.down = true
    await userEvent.type(box, 'Sorry for the wait{Enter}')
    await userEvent.type(box, 'Your refund is on its way{Enter}')
    await waitFor(() => expect(screen.getAllByText('Waiting for the connection…').length).toBeGreaterThan(0))
    const kept = (
      JSON.parse(localStorage.getItem('linekit:outbox') ?? '{ "sends": [] }') as {
        sends: { idempotencyKey: string; body: { message: string; idempotencyKey: string } }[]
      }
    ).sends
    expect(kept.map((s) => s.body.message)).toEqual(['Sorry for the wait', 'Your refund is on its way'])

    // The reload: the page is gone (its requests never get through again), a new one starts.
    first.unmount()
    const after = flakyNetwork(backend)
    after.net.down = true
    renderWithBackend(backend, pane, { client: after.client, sendRetry: retry })
    const messages = await screen.findByRole('region', { name: 'Messages' })
    // Shown again at once, waiting for the connection: nothing typed was lost.
    await within(messages).findByText('Your refund is on its way')
    await waitFor(() => expect(within(messages).getAllByText('Waiting for the connection…').length).toBeGreaterThan(0))
    expect(within(messages).getAllByRole('button', { name: 'Cancel' }).length).toBeGreaterThan(0)

    after.net.down = false
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(backend.outboundTo(AVA, 'Your refund is on its way')).toHaveLength(1))
    expect(backend.outboundTo(AVA, 'Sorry for the wait')).toHaveLength(1)
    const stored = backend.outboundTo(AVA).map((m) => m.content)
    expect(stored.indexOf('Sorry for the wait')).toBeLessThan(stored.indexOf('Your refund is on its way'))
    // The keys they were typed with: had the first page's request reached the service, this one replays it.
    expect(after.net.keys).toEqual(kept.map((s) => s.idempotencyKey))
    await waitFor(() => expect(within(messages).queryByText('Waiting for the connection…')).toBeNull())
    expect(within(messages).queryByText(/Not sent/)).toBeNull()
    // Sent: nothing is left to go after another reload.
    await waitFor(() => expect(localStorage.getItem('linekit:outbox')).toBeNull())
  })

  it('can be cancelled by the agent while it waits', async () => {
    const backend = createBackend()
    const { net, client } = flakyNetwork(backend)
    renderWithBackend(
      backend,
      <div style={{ height: 600, width: 420, display: 'flex', flexDirection: 'column' }}>
        <Conversation phoneNumber={AVA} composerProps={{ showLinePicker: false }} />
      </div>,
      // One failed attempt, then a long wait for the connection: the agent cancels meanwhile.
      { client, sendRetry: { baseDelayMs: 600_000, offlineMaxDelayMs: 600_000 } },
    )
    const box = await screen.findByRole('textbox', { name: 'Message' })
    net.down = true
    await userEvent.type(box, 'Never mind{Enter}')
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    // The thread's message region is rebuilt when it empties: ask the screen, not a kept node.
    await waitFor(() => expect(screen.queryByText('Never mind')).toBeNull())
    // Nor after a reload: the browser keeps nothing of it.
    expect(localStorage.getItem('linekit:outbox')).toBeNull()
    net.down = false
    window.dispatchEvent(new Event('online'))
    // The send is gone from the engine, so no attempt of it can follow.
    expect(backend.outboundTo(AVA, 'Never mind')).toHaveLength(0)
  })
})

describe('the other writes the agent starts, during a dropped network', () => {
  it('a reaction waits for the connection and goes once when it is back', async () => {
    const { net } = await reactionPage()
    net.down = true
    await userEvent.click(screen.getByRole('button', { name: 'Love' }))
    await waitFor(() => expect(net.refused).toBeGreaterThan(1))
    // No verdict from the service: no error while it waits.
    expect(screen.queryByText(/not sent/i)).toBeNull()
    net.down = false
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Reaction sent.'))
    expect(screen.getByRole('button', { name: 'Love' })).toHaveAttribute('aria-pressed', 'true')
    expect(net.through.filter((path) => path === '/send-reaction')).toHaveLength(1)
  })

  it('a reaction made offline says it waits for the connection, with Cancel, and is stored once when it is back', async () => {
    const { backend, net, message } = await reactionPage()
    net.down = true
    await userEvent.click(screen.getByRole('button', { name: 'Love' }))
    // Said politely, as a restored one is after a reload: the status line, not an alert.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Waiting for the connection…'))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(document.querySelector('.lk-ReactionBar-feedback')).toHaveAttribute('data-wait', 'offline')
    await waitFor(() => expect(net.refused).toBeGreaterThan(1))
    expect(screen.queryByText(/not sent/i)).toBeNull()
    // Kept while it waits: a reload would not lose it.
    expect(localStorage.getItem('linekit:outbox')).toContain('"reaction"')
    // The Cancel is reached from the reactions with Tab.
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeVisible()

    net.down = false
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Reaction sent.'))
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Love' })).toHaveAttribute('aria-pressed', 'true')
    expect([...backend.mock.state.messagesByHandle.get(message.message_handle)!.reactions]).toEqual(['0:love'])
    expect(net.through.filter((path) => path === '/send-reaction')).toHaveLength(1)
    expect(localStorage.getItem('linekit:outbox')).toBeNull()
  })

  it('a reaction made offline can be cancelled while it waits: nothing goes, and the bar is ready again', async () => {
    const { backend, net, message } = await reactionPage()
    net.down = true
    const love = screen.getByRole('button', { name: 'Love' })
    await userEvent.click(love)
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Waiting for the connection…'))
    expect(document.querySelector('.lk-ReactionBar')).toHaveAttribute('data-state', 'sending')
    // By keyboard: Tab from the reactions to Cancel, Enter.
    love.focus()
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByText('Waiting for the connection…')).toBeNull())
    // Cancelled is not refused: no error; the keyboard is back on the reactions.
    expect(document.querySelector('.lk-ReactionBar')).toHaveAttribute('data-state', 'ready')
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
    expect(love).toHaveFocus()
    expect(love).toHaveAttribute('aria-pressed', 'false')
    expect(love).not.toHaveAttribute('aria-disabled')
    expect(localStorage.getItem('linekit:outbox')).toBeNull()

    net.down = false
    window.dispatchEvent(new Event('online'))
    await new Promise((r) => setTimeout(r, 300))
    expect(net.through.filter((path) => path === '/send-reaction')).toHaveLength(0)
    expect([...backend.mock.state.messagesByHandle.get(message.message_handle)!.reactions]).toEqual([])
    // And the bar works again.
    await userEvent.click(love)
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Reaction sent.'))
    expect([...backend.mock.state.messagesByHandle.get(message.message_handle)!.reactions]).toEqual(['0:love'])
  })

  it('a group send waits for the connection, says so, and is stored once when it is back', async () => {
    const backend = await createStoryBackend()
    const { net, client } = flakyNetwork(backend)
    renderWithBackend(backend, group, { client, sendRetry: { offlineMaxDelayMs: 600_000 } })
    net.down = true
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Lunch at 1?{Enter}')
    await screen.findByText('Waiting for the connection…')
    await waitFor(() => expect(net.refused).toBeGreaterThan(1))
    expect(composerAlert()).toBeEmptyDOMElement()
    net.down = false
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(''))
    expect(screen.queryByText('Waiting for the connection…')).toBeNull()
    expect(composerAlert()).toBeEmptyDOMElement()
    // Once through the network, accepted by the service (the box is emptied on its answer only).
    expect(net.through.filter((path) => path === '/send-group-message')).toHaveLength(1)
  })

  it('a group send can be cancelled while it waits: nothing goes, the text stays in the box', async () => {
    const backend = await createStoryBackend()
    const { net, client } = flakyNetwork(backend)
    renderWithBackend(backend, group, { client, sendRetry: { offlineMaxDelayMs: 600_000 } })
    net.down = true
    const box = screen.getByRole('textbox', { name: 'Message' })
    await userEvent.type(box, 'Never mind all{Enter}')
    await screen.findByText('Waiting for the connection…')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByText('Waiting for the connection…')).toBeNull())
    // Cancelled is not refused: no error, and the box sends again.
    expect(composerAlert()).toBeEmptyDOMElement()
    expect(box).toHaveValue('Never mind all')
    net.down = false
    window.dispatchEvent(new Event('online'))
    await new Promise((r) => setTimeout(r, 300))
    expect(net.through.filter((path) => path === '/send-group-message')).toHaveLength(0)
  })
})

describe('a new group message during a dropped network', () => {
  it('says it waits for the connection, with Cancel, and is stored once when it is back', async () => {
    const backend = await createStoryBackend()
    const { net, client } = flakyNetwork(backend)
    renderWithBackend(backend, <GroupComposer defaultRecipients={[storyNumbers.chat, storyNumbers.chat2]} />, {
      client,
      sendRetry: { offlineMaxDelayMs: 600_000 },
    })
    // The form is settled (the recipients checked) before the agent types.
    await screen.findByText(/will use native chat/)
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Lunch at 1?')
    net.down = true
    await userEvent.click(screen.getByRole('button', { name: 'Send to group' }))
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => s.textContent === 'Waiting for the connection…')).toBe(true),
    )
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeVisible()
    await waitFor(() => expect(net.refused).toBeGreaterThan(1))
    expect(screen.queryByRole('alert')).toBeNull()
    net.down = false
    window.dispatchEvent(new Event('online'))
    await screen.findByText('Sent to the group.')
    expect(screen.queryByText('Waiting for the connection…')).toBeNull()
    expect(net.through.filter((path) => path === '/send-group-message')).toHaveLength(1)
  })

  it('can be cancelled while it waits: nothing goes, the form keeps the message', async () => {
    const backend = await createStoryBackend()
    const { net, client } = flakyNetwork(backend)
    renderWithBackend(backend, <GroupComposer defaultRecipients={[storyNumbers.chat, storyNumbers.chat2]} />, {
      client,
      sendRetry: { offlineMaxDelayMs: 600_000 },
    })
    await screen.findByText(/will use native chat/)
    const box = screen.getByRole('textbox', { name: 'Message' })
    await userEvent.type(box, 'Never mind all')
    net.down = true
    await userEvent.click(screen.getByRole('button', { name: 'Send to group' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByText('Waiting for the connection…')).toBeNull())
    // Cancelled is not refused: no error; the message is still there, and focus is in it.
    expect(screen.queryByRole('alert')).toBeNull()
    expect(box).toHaveValue('Never mind all')
    expect(box).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Send to group' })).toBeEnabled()
    expect(localStorage.getItem('linekit:outbox')).toBeNull()
    net.down = false
    window.dispatchEvent(new Event('online'))
    await new Promise((r) => setTimeout(r, 300))
    expect(net.through.filter((path) => path === '/send-group-message')).toHaveLength(0)
  })
})

describe('a group send and a reaction made during a dropped network, then a reload', () => {
  it('are kept, shown waiting again after the reload, and each stored once when the network is back: nothing left failed', async () => {
    const { backend, before, message } = await lunchBackend()
    const page = (
      <>
        {group}
        <ReactionBar messageHandle={message.message_handle} message={message} />
      </>
    )
    const retry = { offlineMaxDelayMs: 600_000 }
    const first = renderWithBackend(backend, page, { client: before.client, sendRetry: retry })
    before.net.down = true
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Lunch at 1?{Enter}')
    await screen.findByText('Waiting for the connection…')
    await userEvent.click(screen.getByRole('button', { name: 'Love' }))
    await waitFor(() => expect(before.net.refused).toBeGreaterThan(2))
    const kept = JSON.parse(localStorage.getItem('linekit:outbox') ?? 'null') as {
      version: number
      sends: { kind: string; idempotencyKey: string }[]
    }
    expect(kept.version).toBe(2)
    expect(kept.sends.map((s) => s.kind)).toEqual(['group', 'reaction'])

    // The reload: the page is gone (its requests never get through again), a new one starts.
    first.unmount()
    const after = flakyNetwork(backend)
    after.net.down = true
    renderWithBackend(backend, page, { client: after.client, sendRetry: retry })
    // Shown again, waiting for the connection, each with its Cancel; the group's text still in its box.
    await waitFor(() => expect(screen.getAllByText('Waiting for the connection…')).toHaveLength(2))
    expect(screen.getAllByRole('button', { name: 'Cancel' })).toHaveLength(2)
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Lunch at 1?')
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Love' })).toHaveAttribute('aria-pressed', 'false')
    await waitFor(() => expect(after.net.refused).toBeGreaterThan(2))

    after.net.down = false
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Love' })).toHaveAttribute('aria-pressed', 'true'))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(''))
    expect(screen.queryByText('Waiting for the connection…')).toBeNull()
    // Stored once by the service: one group message, one reaction on the message. (A new group's
    // message is stored once its chat exists on the line: the mock's clock moves on to it.)
    await backend.control.advanceClock(10_000)
    const stored = [...backend.mock.state.messagesByHandle.values()]
    expect(stored.filter((m) => m.groupId !== null && m.content === 'Lunch at 1?')).toHaveLength(1)
    expect([...backend.mock.state.messagesByHandle.get(message.message_handle)!.reactions]).toEqual(['0:love'])
    expect(after.net.through.filter((path) => path === '/send-group-message')).toHaveLength(1)
    expect(after.net.through.filter((path) => path === '/send-reaction')).toHaveLength(1)
    // With the key it was made with: had the first page's request got through, this one replays it.
    expect(after.net.keys).toEqual([kept.sends[0]!.idempotencyKey])
    // Nothing failed, and nothing is left to go after another reload.
    expect(composerAlert()).toBeEmptyDOMElement()
    expect(screen.queryByText(/not sent/i)).toBeNull()
    expect(localStorage.getItem('linekit:outbox')).toBeNull()
  })

  it('a restored reaction can be cancelled while it waits, by the same notice: nothing goes, the bar is ready', async () => {
    const { backend, before, message } = await lunchBackend()
    const bar = <ReactionBar messageHandle={message.message_handle} message={message} />
    const retry = { offlineMaxDelayMs: 600_000 }
    const first = renderWithBackend(backend, bar, { client: before.client, sendRetry: retry })
    before.net.down = true
    await userEvent.click(screen.getByRole('button', { name: 'Love' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Waiting for the connection…'))
    first.unmount()
    const after = flakyNetwork(backend)
    after.net.down = true
    renderWithBackend(backend, bar, { client: after.client, sendRetry: retry })
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Waiting for the connection…'))
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByText('Waiting for the connection…')).toBeNull())
    expect(document.querySelector('.lk-ReactionBar')).toHaveAttribute('data-state', 'ready')
    expect(screen.getByRole('button', { name: 'Love' })).toHaveFocus()
    expect(localStorage.getItem('linekit:outbox')).toBeNull()
    after.net.down = false
    window.dispatchEvent(new Event('online'))
    await new Promise((r) => setTimeout(r, 300))
    expect(after.net.through.filter((path) => path === '/send-reaction')).toHaveLength(0)
    expect([...backend.mock.state.messagesByHandle.get(message.message_handle)!.reactions]).toEqual([])
  })

  it('a restored group send can be cancelled while it waits: nothing goes, the text stays in the box', async () => {
    const backend = await createStoryBackend()
    const before = flakyNetwork(backend)
    const retry = { offlineMaxDelayMs: 600_000 }
    const first = renderWithBackend(backend, group, { client: before.client, sendRetry: retry })
    before.net.down = true
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Never mind all{Enter}')
    await screen.findByText('Waiting for the connection…')
    first.unmount()
    const after = flakyNetwork(backend)
    after.net.down = true
    renderWithBackend(backend, group, { client: after.client, sendRetry: retry })
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByText('Waiting for the connection…')).toBeNull())
    expect(localStorage.getItem('linekit:outbox')).toBeNull()
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Never mind all')
    expect(composerAlert()).toBeEmptyDOMElement()
    after.net.down = false
    window.dispatchEvent(new Event('online'))
    await new Promise((r) => setTimeout(r, 300))
    expect(after.net.through.filter((path) => path === '/send-group-message')).toHaveLength(0)
  })
})

/** A backend whose native-chat customer wrote 'Lunch?', behind a network that can be cut, and that message. */
async function lunchBackend() {
  const backend = await createStoryBackend({
    setup: async (b) => {
      await b.control.setReachable(storyNumbers.chat, true)
      await b.control.injectInboundMessage({ from: storyNumbers.chat, message: 'Lunch?' })
    },
  })
  const before = flakyNetwork(backend)
  const message = (await before.client.getMessages({ direction: 'inbound', from_number: storyNumbers.chat, limit: 1 }))
    .data[0]!
  return { backend, before, message }
}

/** A reaction bar on an inbound native-chat message, behind a network that can be cut. */
async function reactionPage() {
  const { backend, before, message } = await lunchBackend()
  const { net, client } = before
  renderWithBackend(backend, <ReactionBar messageHandle={message.message_handle} message={message} />, {
    client,
    sendRetry: { offlineMaxDelayMs: 600_000 },
  })
  return { backend, net, message }
}

/** The group composer's alert region (empty: no error said). */
const composerAlert = () => document.querySelector('.lk-GroupConversation .lk-MessageComposer-alert')

const group = (
  <div style={{ height: 600, width: 420, display: 'flex', flexDirection: 'column' }}>
    <GroupConversation chatId="chat-offline" participants={[storyNumbers.chat, storyNumbers.chat2]} title="Team" />
  </div>
)
