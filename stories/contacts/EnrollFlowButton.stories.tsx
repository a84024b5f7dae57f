import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { EnrollFlowButton } from 'linekit'
import { setups, storyNumbers } from '../support'

/** Enrol a contact into a published Workflow and follow the run. */
const meta = {
  title: 'Contacts/EnrollFlowButton',
  component: EnrollFlowButton,
  args: { phoneNumber: storyNumbers.chat },
  parameters: { linekit: {} },
} satisfies Meta<typeof EnrollFlowButton>
export default meta
type Story = StoryObj<typeof meta>

const openAndPick = async (el: HTMLElement, name: string) => {
  const canvas = within(el)
  await userEvent.click(canvas.getByRole('button', { name: 'Enrol in a workflow' }))
  const select = await canvas.findByRole('combobox', { name: 'Workflow' }, { timeout: 8000 })
  await userEvent.selectOptions(select, within(select).getByRole('option', { name }))
  await userEvent.click(canvas.getByRole('button', { name: 'Enrol' }))
}

export const Closed: Story = {}
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Enrol in a workflow' }))
    await waitFor(() => expect(within(canvasElement).getByRole('combobox', { name: 'Workflow' })).toBeVisible(), {
      timeout: 8000,
    })
  },
}
/** The first step asked a question: `WAITING_REPLY`. */
export const Enrolled: Story = {
  play: async ({ canvasElement }) => {
    await openAndPick(canvasElement, 'Qualify: ask a question')
    await waitFor(() => expect(within(canvasElement).getByText(/Waiting for a reply/)).toBeVisible(), { timeout: 8000 })
  },
}
/** 409: an active run exists already. */
export const AlreadyRunning: Story = {
  play: async ({ canvasElement }) => {
    await openAndPick(canvasElement, 'Tag and notify')
    await waitFor(() => expect(within(canvasElement).getByText(/Run \d+/)).toBeVisible(), { timeout: 8000 })
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Enrol' }))
    await waitFor(
      () => expect(within(canvasElement).getByRole('alert')).toHaveTextContent('already has an active run'),
      { timeout: 8000 },
    )
  },
}
/** 403: the contact opted out. */
export const OptedOut: Story = {
  parameters: {
    linekit: {
      setup: setups.faults({
        endpoint: 'enrollFlow',
        status: 403,
        body: { error: 'Contact opted out', code: 'forbidden' },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await openAndPick(canvasElement, 'Tag and notify')
    await waitFor(() => expect(within(canvasElement).getByRole('alert')).toHaveTextContent('opted out'), {
      timeout: 8000,
    })
  },
}
/** No published workflows (the trial account has none). */
export const NoWorkflows: Story = {
  parameters: { linekit: { account: 'trial' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Enrol in a workflow' }))
    await waitFor(() => expect(within(canvasElement).getByText('There are no published workflows.')).toBeVisible(), {
      timeout: 8000,
    })
  },
}
