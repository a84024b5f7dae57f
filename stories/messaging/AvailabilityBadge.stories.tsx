import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { AvailabilityBadge } from 'linekit'
import { setups, storyNumbers } from '../support'

/** Native chat or SMS for a number. */
const meta = {
  title: 'Messaging/AvailabilityBadge',
  component: AvailabilityBadge,
  args: { phoneNumber: storyNumbers.chat },
  parameters: { linekit: { setup: [setups.nativeChat(storyNumbers.chat), setups.smsOnly(storyNumbers.sms)] } },
} satisfies Meta<typeof AvailabilityBadge>
export default meta
type Story = StoryObj<typeof meta>

export const NativeChat: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(within(canvasElement).getByText('Native chat')).toHaveAttribute('data-service', 'nativechat'),
      { timeout: 8000 },
    )
  },
}
export const Sms: Story = { args: { phoneNumber: storyNumbers.sms } }
export const CheckFailed: Story = {
  parameters: {
    linekit: { setup: setups.faults({ endpoint: 'checkAvailability', status: 500, count: 1000 }), retry: false },
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText('Channel unknown')).toBeVisible(), { timeout: 15000 })
  },
}
