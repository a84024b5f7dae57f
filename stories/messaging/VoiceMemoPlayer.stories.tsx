import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { VoiceMemoPlayer } from 'linekit'
import { storyMedia } from '../support/storyMedia'

/** An accessible player for voice memos: labelled play/pause, a seek slider read as "0:12 of 0:45". */
const meta = {
  title: 'Messaging/VoiceMemoPlayer',
  component: VoiceMemoPlayer,
  args: { src: storyMedia('memo.wav') },
} satisfies Meta<typeof VoiceMemoPlayer>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('group', { name: 'Voice memo' })).toBeVisible()
  },
}
export const AiVoiceMemo: Story = { args: { label: 'AI voice memo' } }
/** Only http(s) sources are played. */
export const UnsafeSource: Story = { args: { src: 'javascript:alert(1)' } }
