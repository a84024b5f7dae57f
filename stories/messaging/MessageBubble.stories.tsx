import type { ComponentProps } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { MessageBubble, type ThreadItem } from 'linekit'
import type { MessageRecord } from 'linekit/api'
import { item, storyDates } from './fixtures'
import { storyMedia } from '../support/storyMedia'
import { storyNames } from '../support'

/** The message's fields, as controls of their own (the raw `item` is hidden: it is a JSON blob). */
interface MessageFields {
  /** The message's text. */
  content?: string
  direction?: MessageRecord['direction']
  service?: MessageRecord['service']
  /** The service's delivery status (open-ended: `delivered`, `pending`, …). */
  status?: string
  /** Who wrote it: an E.164 number. */
  from_number?: string
  /** A picture, video or file the message carries (an https URL). */
  media_attachment_url?: string
}
type BubbleArgs = ComponentProps<typeof MessageBubble> & MessageFields

/** The story's item with the fields set in the controls (an optimistic send keeps its own). */
function withFields(base: ThreadItem, fields: MessageFields): ThreadItem {
  if (base.kind !== 'message') return base
  const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== ''))
  return Object.keys(set).length ? { ...base, message: { ...base.message, ...set } } : base
}

/** One message in every service, direction and status, with each kind of attachment. Text is always rendered as text. */
const meta = {
  title: 'Messaging/MessageBubble',
  component: MessageBubble,
  args: { item: item(), dateOptions: storyDates },
  argTypes: {
    item: { control: false, table: { category: 'props' } },
    content: { control: 'text', table: { category: 'message' } },
    direction: { control: 'inline-radio', options: ['inbound', 'outbound'], table: { category: 'message' } },
    service: { control: 'inline-radio', options: ['nativechat', 'SMS', 'RCS'], table: { category: 'message' } },
    status: { control: 'select', options: ['delivered', 'pending', 'sent', 'failed'], table: { category: 'message' } },
    from_number: { control: 'text', table: { category: 'message' } },
    media_attachment_url: { control: 'text', table: { category: 'message' } },
    sender: { control: 'text' },
    showChannel: { control: 'boolean' },
    grouped: { control: 'boolean' },
  },
  render: ({ item: base, content, direction, service, status, from_number, media_attachment_url, ...props }) => (
    <MessageBubble
      {...props}
      item={withFields(base, { content, direction, service, status, from_number, media_attachment_url })}
    />
  ),
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<BubbleArgs>
export default meta
type Story = StoryObj<typeof meta>

export const InboundNativeChat: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.lk-MessageBubble')).toHaveAttribute('data-direction', 'inbound')
  },
}
export const InboundSms: Story = { args: { item: item({ service: 'SMS', content: 'Running 5 min late' }) } }
export const InboundRcs: Story = { args: { item: item({ service: 'RCS', content: 'Sent over RCS' }) } }
export const OutboundNativeChat: Story = { args: { item: item({ direction: 'outbound', content: 'On my way' }) } }
export const OutboundSms: Story = {
  args: { item: item({ direction: 'outbound', service: 'SMS', content: 'Your code is 4821' }) },
}
/** Accepted by the service, not yet delivered (`status: pending`). */
export const OutboundPendingDelivery: Story = {
  args: { item: item({ direction: 'outbound', status: 'pending', content: 'Queued at the line' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Sent')).toBeVisible()
  },
}
/** An optimistic send still in flight. */
export const Sending: Story = {
  args: {
    item: {
      kind: 'optimistic',
      key: 'o1',
      localId: 'o1',
      accepted: false,
      body: { phone: '+14155550124', message: 'Sending this now' },
      state: 'pending',
      retry: fn(),
      discard: fn(),
      createdAt: '2026-03-03T10:43:00Z',
    },
  },
}
/** A send that met a 429: it says why it waits and counts the `Retry-After` down. */
export const WaitingForService: Story = {
  args: {
    item: {
      kind: 'optimistic',
      key: 'o3',
      localId: 'o3',
      accepted: false,
      body: { phone: '+14155550124', message: 'Message 61 of the burst' },
      state: 'pending',
      wait: { reason: 'rateLimited', until: 0 },
      retry: fn(),
      discard: fn(),
      createdAt: '2026-03-03T10:43:00Z',
    },
  },
  // 45 s from when the story renders, not from when its module loaded (the pictures set the
  // clock in between).
  loaders: [() => ({ until: Date.now() + 45_000 })],
  render: (args, { loaded }) => (
    <MessageBubble
      {...args}
      item={
        args.item.kind === 'optimistic'
          ? { ...args.item, wait: { reason: 'rateLimited', until: (loaded as { until: number }).until } }
          : args.item
      }
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^Waiting for the service — retrying in \d+ s$/)).toBeVisible()
  },
}
/** A send typed after one that was not sent: it waits until that one is retried or discarded. */
export const HeldByEarlierFailure: Story = {
  args: {
    item: {
      kind: 'optimistic',
      key: 'o4',
      localId: 'o4',
      accepted: false,
      body: { phone: '+14155550124', message: 'And one more thing' },
      state: 'pending',
      wait: { reason: 'held' },
      retry: fn(),
      discard: fn(),
      createdAt: '2026-03-03T10:43:00Z',
    },
  },
}
/** A refused send, with the reason and Retry / Discard. */
export const Failed: Story = {
  args: {
    item: {
      kind: 'optimistic',
      key: 'o2',
      localId: 'o2',
      accepted: false,
      body: { phone: '+14155550124', message: 'This one failed' },
      state: 'failed',
      error: { status: 503, code: 'upstream_unavailable', message: 'upstream unavailable' },
      retry: fn(),
      discard: fn(),
      createdAt: '2026-03-03T10:44:00Z',
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/could not be reached/)).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }))
    await expect(args.item.kind === 'optimistic' && args.item.retry).toHaveBeenCalled()
  },
}
/** Refused for a reason retrying cannot fix (an effect to an SMS number): the sentence says what to change; no Retry. */
export const Refused: Story = {
  args: {
    item: {
      kind: 'optimistic',
      key: 'o3',
      localId: 'o3',
      accepted: false,
      body: { phone: '+14155550124', message: 'With confetti', effect: 'confetti' },
      state: 'failed',
      error: { status: 400, code: 'invalid_request', message: 'effect is only supported on nativechat destinations' },
      retry: fn(),
      discard: fn(),
      createdAt: '2026-03-03T10:44:00Z',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/It said: “effect is only supported on nativechat destinations”/)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Retry' })).toBeNull()
  },
}
/** An AI voice memo will be generated from the text. */
export const SendingAiVoiceMemo: Story = {
  args: {
    item: {
      kind: 'optimistic',
      key: 'o3',
      localId: 'o3',
      accepted: false,
      body: { phone: '+14155550124', message: 'Read this aloud', enableAiVoiceMemo: true },
      state: 'pending',
      retry: fn(),
      discard: fn(),
      createdAt: '2026-03-03T10:45:00Z',
    },
  },
}
/** Images load lazily; when one cannot be loaded a link to it is shown instead (MessageAttachment: Image Load Error). */
export const ImageAttachment: Story = {
  args: { item: item({ content: 'Look', media_attachment_url: storyMedia('photo.png') }) },
}
export const VideoAttachment: Story = {
  args: { item: item({ content: '', media_attachment_url: storyMedia('clip.webm') }) },
}
export const ContactCardAttachment: Story = {
  args: { item: item({ content: 'My details', media_attachment_url: 'https://cdn.example.test/cards/ava.vcf' }) },
}
export const VoiceMemo: Story = {
  args: { item: item({ content: '', voice_attachment_url: storyMedia('memo.wav') }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('group', { name: 'Voice memo' })).toBeVisible()
  },
}
export const AiVoiceMemo: Story = {
  args: {
    item: item({
      direction: 'outbound',
      content: 'This text was spoken',
      voice_attachment_url: storyMedia('memo.wav'),
    }),
  },
}
/** A `javascript:` attachment URL is never rendered as a link. */
export const UnsafeAttachment: Story = {
  args: { item: item({ content: 'Click me', media_attachment_url: 'javascript:alert(document.cookie)' }) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('a[href^="javascript"]')).toBeNull()
    await expect(await within(canvasElement).findByText(/Attachment not shown/)).toBeVisible()
  },
}
/** Markup in a message is shown as typed. */
export const MarkupIsText: Story = {
  args: { item: item({ content: '<b>not bold</b> <img src=x onerror=alert(1)>' }) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('b, img')).toBeNull()
  },
}

/** Right to left (`dir="rtl"` on the page), with Hebrew text: the bubble, its time and status mirror. */
export const RightToLeft: Story = {
  args: { item: item({ content: 'נתראה בשש? The order is #1234.' }), sender: 'Ava Stone' },
  decorators: [
    (Story) => (
      <div dir="rtl">
        <Story />
      </div>
    ),
  ],
}

/** A sender named with 200 characters opening with a right-to-left override: isolated, cut, whole in its tooltip. */
export const LongName: Story = {
  args: { sender: storyNames.longBidi, item: item({ content: 'Order 1234 arrived' }) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.lk-MessageBubble-sender')).toHaveAttribute('title', storyNames.longBidi)
  },
}
