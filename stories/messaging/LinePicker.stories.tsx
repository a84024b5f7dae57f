import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { LinePicker } from 'linekit'
import { setups } from '../support'

/** Picks the sending line; hidden on trial accounts, where an override is refused. */
const meta = {
  title: 'Messaging/LinePicker',
  component: LinePicker,
  parameters: { linekit: {} },
} satisfies Meta<typeof LinePicker>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('combobox', { name: 'Send from' })).toBeVisible(), {
      timeout: 8000,
    })
  },
}
export const WithoutAutomatic: Story = { args: { allowAutomatic: false } }
export const Trial: Story = { parameters: { linekit: { account: 'trial' } } }
export const LoadError: Story = {
  parameters: { linekit: { setup: setups.faults({ endpoint: 'getLines', status: 500, count: 1000 }), retry: false } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('alert')).toBeVisible(), { timeout: 15000 })
  },
}
