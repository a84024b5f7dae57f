import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { MessageAttachment } from 'linekit'

/** One attachment: image, video, contact card, voice memo or a plain link; http(s) only. */
const meta = {
  title: 'Messaging/MessageAttachment',
  component: MessageAttachment,
  args: { url: 'https://cdn.example.test/photos/dog.jpg' },
} satisfies Meta<typeof MessageAttachment>
export default meta
type Story = StoryObj<typeof meta>

export const Image: Story = {}
export const Video: Story = { args: { url: 'https://cdn.example.test/clips/demo.mp4' } }
export const ContactCard: Story = { args: { url: 'https://cdn.example.test/cards/ava.vcf' } }
export const VoiceMemo: Story = { args: { url: 'https://cdn.example.test/memos/a.m4a', kind: 'audio' } }
export const OtherFile: Story = { args: { url: 'https://cdn.example.test/files/menu.pdf' } }
export const Refused: Story = {
  args: { url: 'javascript:alert(1)' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Attachment not shown/)).toBeVisible()
  },
}
