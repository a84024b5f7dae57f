import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { RecipientInput } from 'linekit'

/** Recipients as chips with a live count against the service's 2–32. */
const meta = {
  title: 'Messaging/RecipientInput',
  component: RecipientInput,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 520 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof RecipientInput>
export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}
export const Valid: Story = { args: { defaultValue: ['+14155550124', '(415) 555-0146', '415.555.0152'] } }
export const DuplicatesAndInvalid: Story = {
  args: { defaultValue: ['+14155550124', '415-555-0124', 'ann@example.test', '12'] },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText(/Fix or remove/)).toBeVisible())
  },
}
/** More than 32 distinct numbers. */
export const TooMany: Story = {
  args: { defaultValue: Array.from({ length: 34 }, (_, i) => `+1415555${String(1000 + i)}`) },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText(/At most 32 recipients; remove 2/)).toBeVisible())
  },
}
export const Disabled: Story = { args: { defaultValue: ['+14155550124'], disabled: true } }
