import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ConversationList, GroupComposerDialog } from 'linekit'
import { rightToLeft, setups, storyBackend, storyNames, storyNumbers } from '../support'

const rowsOf = (el: HTMLElement) => el.querySelectorAll('.lk-ConversationList-row')
const stateOf = (el: HTMLElement) => el.querySelector('.lk-ConversationList')?.getAttribute('data-state')

/**
 * The inbox: every 1:1 and group thread of the user's lines, newest first, by contact name or
 * number, with the last message, channel and unread count (kept in this browser). Live over
 * the event stream, virtualized, older threads load as you scroll.
 */
const meta = {
  title: 'Messaging/ConversationList',
  component: ConversationList,
  args: { dateOptions: { locale: 'en-US', timeZone: 'UTC' } },
  parameters: { linekit: {} },
  decorators: [
    (Story) => (
      <div style={{ height: 560, maxWidth: 400, display: 'flex', flexDirection: 'column' }}>
        <Story />
      </div>
    ),
  ],
  beforeEach: () => {
    localStorage.removeItem('linekit:read:v1')
  },
} satisfies Meta<typeof ConversationList>
export default meta
type Story = StoryObj<typeof meta>

/** The seeded account: Ava, Ben, Dan and Eve one-to-one, and the "Team lunch" group with Cara's reply. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rowsOf(canvasElement).length).toBeGreaterThanOrEqual(5), { timeout: 10_000 })
    // Names come from the contacts query, which may answer after the threads.
    await expect(await within(canvasElement).findByText('Ava Stone', undefined, { timeout: 10_000 })).toBeVisible()
  },
}

/** Right to left (`dir="rtl"` on the page): avatars, times and counts mirror. */
export const RightToLeft: Story = {
  decorators: [rightToLeft],
  play: Default.play,
}

/**
 * A contact named with 200 characters opening with a right-to-left override: the name is isolated
 * (it reorders nothing after it), cut at the row's edge, and whole in its tooltip and the row's name.
 */
export const LongName: Story = {
  parameters: { linekit: { setup: setups.namedContact(storyNumbers.chat3, storyNames.longBidi) } },
  play: async ({ canvasElement }) => {
    const row = await within(canvasElement).findByRole(
      'option',
      { name: new RegExp(storyNames.longBidi.slice(1, 40)) },
      { timeout: 10_000 },
    )
    await expect(row.querySelector('.lk-ConversationList-title')).toHaveAttribute('title', storyNames.longBidi)
  },
}

/** Unread threads are bold with a count; opening one marks it read (in every tab). */
export const Unread: Story = {
  parameters: {
    linekit: { setup: setups.inboundMessages(storyNumbers.chat, ['Are you there?', 'Hello?', 'Call me back']) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const row = await canvas.findByRole('option', { name: /Ava Stone.*3 unread messages/ }, { timeout: 10_000 })
    await userEvent.click(row)
    await waitFor(() => expect(row).not.toHaveTextContent(/unread/))
  },
}

/** Search by name or number. */
export const Search: Story = {
  args: { defaultValue: null },
  play: async ({ canvasElement, context }) => {
    const canvas = within(canvasElement)
    const backend = storyBackend(context)
    await waitFor(() => expect(rowsOf(canvasElement).length).toBeGreaterThanOrEqual(5), { timeout: 10_000 })
    // The server's read model has read the service, so the message search covers the whole
    // history (not only from now on) whenever the story runs.
    await waitFor(
      async () => {
        const answer = await backend.server.handle(new Request(`http://localhost${backend.prefix}/search?q=sunday`))
        await expect(((await answer.json()) as { data: unknown[] }).data).toHaveLength(1)
      },
      { timeout: 10_000 },
    )
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search names, numbers and message text' }), 'ben')
    await waitFor(() => expect(rowsOf(canvasElement)).toHaveLength(1))
    await canvas.findByText('No message contains “ben”.')
  },
}

/**
 * Search also finds message text (linekit/server's read model, newest first, no request of the
 * key's budget): the matches show under the threads, the phrase marked, and the list says where
 * the searched window ends. Choosing one opens its thread at that message (`onMessageSelect`).
 */
export const MessageSearch: Story = {
  play: async ({ canvasElement, context }) => {
    const canvas = within(canvasElement)
    const backend = storyBackend(context)
    await waitFor(() => expect(rowsOf(canvasElement).length).toBeGreaterThanOrEqual(5), { timeout: 10_000 })
    // The server's read model has read the service (its reconciler's first listing is in).
    await waitFor(
      async () => {
        const answer = await backend.server.handle(new Request(`http://localhost${backend.prefix}/search?q=sunday`))
        await expect(((await answer.json()) as { data: unknown[] }).data).toHaveLength(1)
      },
      { timeout: 10_000 },
    )
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search names, numbers and message text' }), 'sunday')
    const found = await canvas.findByRole('region', { name: 'Matching messages' })
    await expect(await within(found).findByRole('button', { name: /Is the store open on Sunday\?/ })).toBeVisible()
  },
}

/** A new message moves its thread to the top, live (webhook → linekit/server → SSE). */
export const LiveUpdate: Story = {
  play: async ({ canvasElement, context }) => {
    await waitFor(() => expect(rowsOf(canvasElement).length).toBeGreaterThanOrEqual(5), { timeout: 10_000 })
    const backend = storyBackend(context)
    await backend.eventsConnected()
    await backend.control.injectInboundMessage({ from: storyNumbers.sms, message: 'Still open?' })
    await waitFor(() => expect(rowsOf(canvasElement)[0]).toHaveTextContent('Still open?'), { timeout: 10_000 })
  },
}

/** 1,000 threads: only the rows in view are mounted; older threads load as you scroll. */
export const ManyThreads: Story = {
  args: { lineIds: ['3f6c1a52-8d4e-4b7a-9c21-5e8f0a1b2c3d'] },
  parameters: { linekit: { setup: setups.manyThreads(1000) } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rowsOf(canvasElement).length).toBeGreaterThan(3), { timeout: 10_000 })
    expect(rowsOf(canvasElement).length).toBeLessThan(40)
  },
}

/** An account with no messages yet. */
export const Empty: Story = {
  args: { lineIds: ['2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e'] },
  parameters: { linekit: { account: 'noAudio' } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(stateOf(canvasElement)).toBe('empty'), { timeout: 10_000 })
  },
}

/** Waiting for the first page (the mock answers after 60 s). */
export const Loading: Story = {
  parameters: { linekit: { setup: setups.settings({ latencyMs: 60_000 }) } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(stateOf(canvasElement)).toBe('loading'))
  },
}

/** This minute's 60 requests are used up: the list says so, with the wait, not "Loading…". */
export const RateLimited: Story = {
  parameters: { linekit: { setup: setups.rateLimited() } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(/^Too many requests — retrying in \d+ s$/, undefined, { timeout: 10_000 }),
    ).toBeVisible()
  },
}

/** The messages list failed (a 500 every time): a sentence and Try again. */
export const LoadError: Story = {
  parameters: {
    linekit: { setup: setups.faults({ endpoint: 'getMessages', status: 500, count: 1000 }), retry: false },
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(stateOf(canvasElement)).toBe('error'), { timeout: 15_000 })
  },
}

/** With a "New group message" button (a dialog: focus trapped, Escape closes) that opens the new thread. */
export const WithNewGroupMessage: Story = {
  args: { actions: <GroupComposerDialog /> },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'New group message' }))
    await expect(await within(document.body).findByRole('dialog', { name: 'New group message' })).toBeVisible()
    await userEvent.keyboard('{Escape}')
  },
}
