import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { ServiceBadge } from 'linekit'

const meta = {
  title: 'Messaging/ServiceBadge',
  component: ServiceBadge,
  args: { service: 'nativechat' },
  argTypes: { service: { control: 'inline-radio', options: ['nativechat', 'SMS', 'RCS'] } },
} satisfies Meta<typeof ServiceBadge>
export default meta
type Story = StoryObj<typeof meta>

export const NativeChat: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Chat')).toHaveAttribute('data-service', 'nativechat')
  },
}
export const Sms: Story = {
  args: { service: 'SMS' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('SMS')).toHaveAttribute('data-service', 'SMS')
  },
}
export const Rcs: Story = { args: { service: 'RCS' } }
