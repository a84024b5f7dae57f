import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { MessageBubble } from 'linekit'
import { item, storyDates } from './fixtures'
import { storyMedia } from '../support/storyMedia'

/** One message in every service, direction and status, with each kind of attachment. Text is always rendered as text. */
const meta = {
  title: 'Messaging/MessageBubble',
  component: MessageBubble,
  args: { item: item(), dateOptions: storyDates },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MessageBubble>
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
