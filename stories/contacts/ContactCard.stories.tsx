import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ContactCard } from 'linekit'
import { storyNumbers } from '../support'

/** The native contact store: view, edit and create, with the merge rules spelled out. */
const meta = {
  title: 'Contacts/ContactCard',
  component: ContactCard,
  args: { phoneNumber: storyNumbers.chat },
  parameters: { linekit: {} },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ContactCard>
export default meta
type Story = StoryObj<typeof meta>

export const Stored: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText('Ava Stone')).toBeVisible(), { timeout: 8000 })
  },
}
/** Editing in a dialog: custom fields as key/value rows (raw JSON as an option), replaced as a whole. */
export const Editing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Edit' })).toBeVisible(), { timeout: 8000 })
    await userEvent.click(canvas.getByRole('button', { name: 'Edit' }))
    const dialog = await within(document.body).findByRole('dialog', { name: 'Edit' })
    await expect(within(dialog).getByText(/replaced as a whole/)).toBeVisible()
    await expect(within(dialog).getByRole('textbox', { name: 'Field name 1' })).toHaveValue('tier')
  },
}
/** No contact for this number yet. */
export const NotStored: Story = { args: { phoneNumber: '+14155550199' } }
/** Creating: the upsert rules for a number that may exist already. */
export const Creating: Story = {
  args: { phoneNumber: '+14155550199' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Add contact' })).toBeVisible(), { timeout: 8000 })
    await userEvent.click(canvas.getByRole('button', { name: 'Add contact' }))
    const dialog = await within(document.body).findByRole('dialog', { name: 'Add contact' })
    await expect(within(dialog).getByText(/filled in only where none is stored yet/)).toBeVisible()
  },
}
export const ReadOnly: Story = { args: { editable: false } }
