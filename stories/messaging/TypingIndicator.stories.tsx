import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { TypingIndicator } from 'linekit'
import { setups, storyNumbers } from '../support'

const conversation = [setups.nativeChat(storyNumbers.chat), setups.inboundMessages(storyNumbers.chat, ['Hey'])]
const stateOf = (el: HTMLElement) => el.querySelector('.lk-TypingIndicator')

/** What the recipient sees while the user composes (native chat, existing conversations only; never retried after ERROR). */
const meta = {
  title: 'Messaging/TypingIndicator',
  component: TypingIndicator,
  args: { phoneNumber: storyNumbers.chat, active: true },
  parameters: { linekit: { setup: conversation } },
} satisfies Meta<typeof TypingIndicator>
export default meta
type Story = StoryObj<typeof meta>

export const Shown: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(stateOf(canvasElement)).toHaveAttribute('data-state', 'sent'), { timeout: 8000 })
  },
}
export const Idle: Story = { args: { active: false, showIdle: true, strings: { idle: 'Not typing.' } } }
/** The device answered ERROR: said once, not retried. */
export const DeviceError: Story = {
  args: { showFailures: true },
  parameters: {
    linekit: { setup: [...conversation, setups.faults({ endpoint: 'sendTyping', mode: 'device', count: 10 })] },
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(stateOf(canvasElement)).toHaveAttribute('data-state', 'error'), { timeout: 8000 })
  },
}
/** No conversation with this number yet (or SMS): the recipient will not see it. */
export const Unavailable: Story = {
  args: { phoneNumber: '+14155550177', showFailures: true },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(stateOf(canvasElement)?.getAttribute('data-state')).toMatch(/unavailable|error/), {
      timeout: 8000,
    })
  },
}
