import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { GroupConversation } from 'linekit'
import { storyNumbers } from '../support'

/**
 * One group thread (the seeded "Team lunch" on the main line): the message sent to the group and
 * each reply attributed to its sender by contact name; the composer sends to the same people.
 */
const meta = {
  title: 'Messaging/GroupConversation',
  component: GroupConversation,
  args: {
    chatId: 'chat000000000000001',
    lineId: '3f6c1a52-8d4e-4b7a-9c21-5e8f0a1b2c3d',
    participants: [storyNumbers.chat, storyNumbers.chat2, storyNumbers.chat3],
    title: 'Team lunch',
    dateOptions: { locale: 'en-US', timeZone: 'UTC' },
  },
  parameters: { linekit: {} },
  decorators: [
    (Story) => (
      <div style={{ height: 560, maxWidth: 480, display: 'flex', flexDirection: 'column' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof GroupConversation>
export default meta
type Story = StoryObj<typeof meta>

/** The group thread with a reply from Cara. */
export const WithReplies: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const reply = await canvas.findByText("I'm in!", undefined, { timeout: 10_000 })
    // The sender's name comes from the contacts query, which may answer after the messages.
    const bubble = within(reply.closest('.lk-MessageBubble') as HTMLElement)
    await expect(await bubble.findByText('Cara', undefined, { timeout: 10_000 })).toBeVisible()
  },
}

/** Participants not known to the kit (it did not send to this group): only repliers are shown, sending is off. */
export const UnknownParticipants: Story = {
  args: { participants: undefined, title: undefined },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(canvasElement.querySelector('.lk-GroupConversation')).toHaveAttribute('data-participants', 'partial'),
    )
  },
}
