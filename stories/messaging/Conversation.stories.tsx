import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Conversation } from 'linekit'
import { MockPanel, rightToLeft, setups, storyBackend, storyNames, storyNumbers } from '../support'

const history = setups.inboundMessages(storyNumbers.chat, [
  'Hi! Is the blue one still available?',
  'Great, can I pick it up today?',
])
const ready = (el: HTMLElement) =>
  waitFor(() => expect(el.querySelector('.lk-Conversation')).toHaveAttribute('data-state', 'ready'), { timeout: 8000 })

/**
 * The 1:1 thread against the mock service, through the real linekit/server proxy.
 * Virtualized, pinned to the newest message, grouped by day; the composer follows the
 * service's rules (effects on native chat only, no line override on trial).
 */
const meta = {
  title: 'Messaging/Conversation',
  component: Conversation,
  args: { phoneNumber: storyNumbers.chat },
  parameters: { linekit: { setup: [setups.nativeChat(storyNumbers.chat), history] } },
  decorators: [
    (Story) => (
      <div style={{ height: 640, maxWidth: 560, display: 'flex', flexDirection: 'column' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Conversation>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await ready(canvasElement)
    await expect(within(canvasElement).getByText('Great, can I pick it up today?')).toBeVisible()
  },
}

/**
 * Thirty messages the agent has not seen: a "New" divider marks where they begin, and "Jump to
 * first unread" leads there from the newest message.
 */
export const UnreadSinceLastVisit: Story = {
  parameters: {
    linekit: {
      setup: [
        setups.nativeChat(storyNumbers.chat),
        setups.inboundMessages(
          storyNumbers.chat,
          Array.from({ length: 30 }, (_, i) => `Update ${i + 1} of 30`),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await ready(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: /Jump to first unread/ }))
    await waitFor(() => expect(canvas.getByRole('separator', { name: 'New messages start here' })).toBeVisible())
  },
}

/** Type and press Enter: the message shows at once (sending), then as sent. */
export const SendWithEnter: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await ready(canvasElement)
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Yes, until 6pm{Enter}')
    await waitFor(() => expect(canvas.getByText('Yes, until 6pm')).toBeVisible())
    // The status moves on with no webhook to say so (the thread is re-read): the story ends on the
    // last word, Delivered, so what it shows does not depend on how fast the machine is.
    await waitFor(
      () =>
        expect(canvas.getByText('Yes, until 6pm').closest('.lk-MessageBubble')).toHaveAttribute(
          'data-status',
          'delivered',
        ),
      { timeout: 8000 },
    )
  },
}

/** A destination without native chat: SMS, and send effects explained instead of offered. */
export const SmsOnly: Story = {
  args: { phoneNumber: storyNumbers.sms, composerProps: { defaultOptionsOpen: true } },
  parameters: {
    linekit: {
      setup: [
        setups.smsOnly(storyNumbers.sms),
        setups.inboundMessages(storyNumbers.sms, ['Text me the address'], 'SMS'),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText(/this number receives SMS/)).toBeVisible(), {
      timeout: 8000,
    })
    await expect(within(canvasElement).getByRole('combobox', { name: 'Send effect' })).toBeDisabled()
  },
}

/** No history with this number yet. */
export const Empty: Story = {
  args: { phoneNumber: '+14155550177' },
  parameters: { linekit: { setup: setups.nativeChat('+14155550177') } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText('No messages yet.')).toBeVisible(), { timeout: 8000 })
  },
}

/** The history cannot be loaded (the service keeps answering 500). */
export const LoadError: Story = {
  parameters: {
    linekit: { setup: setups.faults({ endpoint: 'getMessages', status: 500, count: 1000 }), retry: false },
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('alert')).toHaveTextContent('could not be loaded'), {
      timeout: 15000,
    })
  },
}

/** A send the service refuses: the reason, and Retry / Discard on the bubble. */
export const RefusedSend: Story = {
  parameters: {
    linekit: {
      setup: [
        setups.nativeChat(storyNumbers.chat),
        history,
        setups.faults({
          endpoint: 'sendMessage',
          status: 403,
          body: { error: 'Recipient is blocked', code: 'forbidden' },
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await ready(canvasElement)
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Hello?{Enter}')
    await waitFor(() => expect(canvas.getByText(/Not sent:/)).toBeVisible(), { timeout: 8000 })
    // Refused (403): retrying cannot help, so only Discard is offered.
    await expect(canvas.queryByRole('button', { name: 'Retry' })).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Discard' })).toBeVisible()
  },
}

/** Trial accounts: no line picker (the service refuses a line override there). */
export const TrialAccount: Story = {
  args: { composerProps: { defaultOptionsOpen: true } },
  parameters: { linekit: { account: 'trial', setup: [setups.nativeChat(storyNumbers.chat)] } },
  play: async ({ canvasElement }) => {
    await waitFor(
      () =>
        expect(within(canvasElement).getByText(/Trial accounts send from an automatically chosen line/)).toBeVisible(),
      { timeout: 8000 },
    )
  },
}

/** Right to left (`dir="rtl"` on the page): the header, bubbles and composer mirror. */
export const RightToLeft: Story = {
  decorators: [rightToLeft],
  play: Default.play,
}

/**
 * The header of a thread whose name is 200 characters opening with a right-to-left override: the
 * name is isolated, cut before the channel badge, and whole in its tooltip.
 */
export const LongName: Story = {
  args: { title: storyNames.longBidi },
  play: async ({ canvasElement }) => {
    await ready(canvasElement)
    await expect(canvasElement.querySelector('.lk-Conversation-title')).toHaveAttribute('title', storyNames.longBidi)
  },
}

/** A message arrives over the event stream and the thread follows it. */
export const InboundArrives: Story = {
  play: async ({ canvasElement, context }) => {
    await ready(canvasElement)
    await storyBackend(context).eventsConnected()
    await storyBackend(context).control.injectInboundMessage({
      from: storyNumbers.chat,
      message: 'Also, do you deliver?',
    })
    await waitFor(() => expect(within(canvasElement).getByText('Also, do you deliver?')).toBeVisible(), {
      timeout: 8000,
    })
  },
}

/** Tapbacks on an inbound native-chat message, from the bubble's menu (hover, long press or keyboard). */
export const Reacting: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await ready(canvasElement)
    const bubble = canvas.getByText('Great, can I pick it up today?').closest('.lk-MessageBubble') as HTMLElement
    await userEvent.click(within(bubble).getByRole('button', { name: 'Add a reaction' }))
    await expect(await within(bubble).findByRole('toolbar', { name: 'React to this message' })).toBeVisible()
  },
}

/** A reaction sent from the menu: the status is announced, and covers nothing of the message above. */
export const ReactionSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await ready(canvasElement)
    const bubble = canvas.getByText('Great, can I pick it up today?').closest('.lk-MessageBubble') as HTMLElement
    await userEvent.click(within(bubble).getByRole('button', { name: 'Add a reaction' }))
    const toolbar = await within(bubble).findByRole('toolbar', { name: 'React to this message' })
    await userEvent.click(within(toolbar).getAllByRole('button')[0]!)
    await expect(
      await within(toolbar.parentElement!).findByText('Reaction sent.', {}, { timeout: 8000 }),
    ).toHaveAttribute('role', 'status')
  },
}

/** A deep history (3,000 messages, paged by time cursor as you scroll up). */
export const LongThread: Story = {
  parameters: { linekit: { setup: setups.longThread(storyNumbers.chat, 3000) } },
  play: async ({ canvasElement }) => {
    await ready(canvasElement)
    // The mock writes 50 messages per mock-minute, so their order within a minute is the service's.
    await waitFor(() => expect(within(canvasElement).getAllByText(/^Message \d+ of 3000$/).length).toBeGreaterThan(0), {
      timeout: 8000,
    })
    await expect(canvasElement.querySelectorAll('.lk-MessageList-row').length).toBeLessThan(60)
  },
}

/** With the mock's control panel: inject messages, faults, clock moves. */
export const WithMockPanel: Story = {
  render: (args) => (
    <>
      <Conversation {...args} />
      <MockPanel />
    </>
  ),
}
