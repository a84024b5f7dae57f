import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { MessageAttachment } from 'linekit'
import { storyMedia } from '../support/storyMedia'

/** One attachment: image, video, contact card, voice memo or a plain link; http(s) only. */
const meta = {
  title: 'Messaging/MessageAttachment',
  component: MessageAttachment,
  args: { url: storyMedia('photo.png') },
} satisfies Meta<typeof MessageAttachment>
export default meta
type Story = StoryObj<typeof meta>

export const Image: Story = {}
export const Video: Story = { args: { url: storyMedia('clip.webm') } }
export const ContactCard: Story = { args: { url: 'https://cdn.example.test/cards/ava.vcf' } }
export const VoiceMemo: Story = { args: { url: storyMedia('memo.wav'), kind: 'audio' } }
export const OtherFile: Story = { args: { url: 'https://cdn.example.test/files/menu.pdf' } }
/** An image that cannot be loaded becomes a link with a sentence (a file that does not exist). */
export const ImageLoadError: Story = {
  args: { url: storyMedia('missing.png') },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/^The image could not be loaded./)).toBeVisible()
  },
}
export const Refused: Story = {
  args: { url: 'javascript:alert(1)' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Attachment not shown/)).toBeVisible()
  },
}
