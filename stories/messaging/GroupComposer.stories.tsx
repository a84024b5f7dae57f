import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { GroupComposer } from 'linekit'
import { setups, storyNumbers } from '../support'

const reachable = setups.nativeChat(storyNumbers.chat, storyNumbers.chat2, storyNumbers.chat3)

/** One message to 2–32 people in one thread. libphonenumber loads only when this mounts. */
const meta = {
  title: 'Messaging/GroupComposer',
  component: GroupComposer,
  parameters: { linekit: { setup: [reachable, setups.smsOnly(storyNumbers.sms)] } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof GroupComposer>
export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

/** Everyone is reachable: the thread will be native chat. */
export const NativeChatGroup: Story = {
  args: { defaultRecipients: [storyNumbers.chat, storyNumbers.chat2, storyNumbers.chat3] },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText(/will use native chat/)).toBeVisible(), {
      timeout: 8000,
    })
  },
}

/** One recipient without native chat: the whole thread will be SMS. */
export const SmsGroup: Story = {
  args: { defaultRecipients: [storyNumbers.chat, storyNumbers.sms] },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText(/will be SMS: 1 of 2/)).toBeVisible(), { timeout: 8000 })
  },
}

/** A pasted list: normalized, duplicates merged, an invalid entry flagged. */
export const PastedList: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('combobox', { name: 'Add recipients' }))
    await userEvent.paste('(415) 555-0124\n+1 415 555 0124, 415.555.0146; call me maybe')
    await waitFor(() => expect(canvas.getByText(/2 of 2–32 recipients/)).toHaveTextContent('1 duplicate merged'))
    await expect(canvas.getByText(/Not a phone number/)).toBeVisible()
  },
}

/** Sent: the `pbg_` id, whether it was created, and its status. */
export const Sent: Story = {
  // The moment after the send, as the send answered it (`creating`): the move to `active` comes
  // with a later listing, seconds later on the server's pace, so the story does not wait for it.
  args: { defaultRecipients: [storyNumbers.chat, storyNumbers.chat2], statusPollMs: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('textbox', { name: 'Group name (optional)' }), 'Book club')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Thursday at 7?')
    await userEvent.click(canvas.getByRole('button', { name: 'Send to group' }))
    await waitFor(() => expect(canvas.getByText('Sent to the group.')).toBeVisible(), { timeout: 8000 })
    // Names come from the contacts query, which may answer after the send.
    await expect(await canvas.findByText('Ava Stone, Cara', undefined, { timeout: 8000 })).toBeVisible()
  },
}

/** The group lives on another line (409): resend from that line. */
export const LineConflict: Story = {
  args: { defaultRecipients: [storyNumbers.chat, storyNumbers.chat2] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const picker = await canvas.findByRole('combobox', { name: 'Send from' }, { timeout: 8000 })
    const options = within(picker).getAllByRole('option') as HTMLOptionElement[]
    await userEvent.selectOptions(picker, options[1]!.value)
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'First')
    await userEvent.click(canvas.getByRole('button', { name: 'Send to group' }))
    await waitFor(() => expect(canvas.getByText('Sent to the group.')).toBeVisible(), { timeout: 8000 })
    await userEvent.selectOptions(picker, options[2]!.value)
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Second')
    await userEvent.click(canvas.getByRole('button', { name: 'Send to group' }))
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('already lives on line'), { timeout: 8000 })
    await expect(canvas.getByRole('button', { name: /Resend from/ })).toBeVisible()
  },
}

/** Trial accounts are told up front. */
export const Trial: Story = {
  args: { defaultRecipients: [storyNumbers.chat, storyNumbers.chat2] },
  parameters: { linekit: { account: 'trial' } },
  play: async ({ canvasElement }) => {
    await waitFor(
      () =>
        expect(within(canvasElement).getByText('Group messages are not available on trial accounts.')).toBeVisible(),
      { timeout: 8000 },
    )
  },
}
