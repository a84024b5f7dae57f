import type { ComponentProps } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { reactions } from 'linekit/api'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ReactionBar, useMessagesFirstInbound } from './reactionSupport'
import { setups, storyNumbers } from '../support'
import { record } from './fixtures'

const inbound = [setups.nativeChat(storyNumbers.chat), setups.inboundMessages(storyNumbers.chat, ['Dinner at 8?'])]

/** The bar on the story's first inbound message; the story's other args (controls) pass through. */
function OnFirstInbound(props: Partial<ComponentProps<typeof ReactionBar>>) {
  const message = useMessagesFirstInbound(storyNumbers.chat)
  if (!message) return <p>Loading…</p>
  return <ReactionBar messageHandle={message.message_handle} message={message} {...props} />
}

/** The six tapbacks on an inbound native-chat message, as a keyboard-friendly toolbar. */
const meta = {
  title: 'Messaging/ReactionBar',
  component: ReactionBar,
  args: { messageHandle: 'pbm_story', partIndex: 0, defaultValue: [] },
  argTypes: {
    partIndex: { control: { type: 'number', min: 0, step: 1 } },
    defaultValue: { control: 'check', options: reactions },
    value: { control: 'check', options: reactions },
    onValueChange: { action: 'valueChange' },
    message: { control: false },
    strings: { control: false },
    errorStrings: { control: false },
  },
  parameters: { linekit: { setup: inbound } },
} satisfies Meta<typeof ReactionBar>
export default meta
type Story = StoryObj<typeof meta>

export const Offered: Story = {
  render: ({ messageHandle: _, message: __, ...args }) => <OnFirstInbound {...args} />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('toolbar')).toBeVisible(), { timeout: 8000 })
  },
}

/** Toggle with the keyboard: → moves, Space reacts, Space again retracts. */
export const ToggledWithKeyboard: Story = {
  render: ({ messageHandle: _, message: __, ...args }) => <OnFirstInbound {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByRole('toolbar')).toBeVisible(), { timeout: 8000 })
    await userEvent.tab()
    await userEvent.keyboard('{ArrowRight} ')
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true'))
  },
}

/** The second part of a multi-part message. */
export const PartIndex: Story = {
  args: { partIndex: 1 },
  render: ({ messageHandle: _, message: __, ...args }) => <OnFirstInbound {...args} />,
}

/** Outbound messages cannot be reacted to: explained. */
export const OutboundMessage: Story = { args: { message: record({ direction: 'outbound' }) } }

/** SMS (or RCS) messages: explained. */
export const SmsMessage: Story = { args: { message: record({ service: 'SMS' }) } }

/** The device answers ERROR inside a 200: reported, not marked. */
export const DeviceError: Story = {
  parameters: {
    linekit: { setup: [...inbound, setups.faults({ endpoint: 'sendReaction', mode: 'device', count: 10 })] },
  },
  render: ({ messageHandle: _, message: __, ...args }) => <OnFirstInbound {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByRole('toolbar')).toBeVisible(), { timeout: 8000 })
    await userEvent.click(canvas.getByRole('button', { name: 'Love' }))
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('not sent'))
  },
}
