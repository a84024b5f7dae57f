import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { MessageComposer } from 'linekit'
import { setups, storyNumbers } from '../support'

/** The composer of a thread on its own: text, one attachment, AI voice memo, effects, line picker. */
const meta = {
  title: 'Messaging/MessageComposer',
  component: MessageComposer,
  args: { phoneNumber: storyNumbers.chat, nativeChat: true, hasConversation: true, defaultOptionsOpen: true },
  parameters: { linekit: { setup: setups.nativeChat(storyNumbers.chat) } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MessageComposer>
export default meta
type Story = StoryObj<typeof meta>

export const NativeChat: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('combobox', { name: 'Send effect' })).toBeEnabled()
  },
}
/** The compact default: options behind a disclosure. */
export const OptionsClosed: Story = {
  args: { defaultOptionsOpen: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Attachment, effect and line' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
  },
}
/** Effects explained instead of offered. */
export const SmsDestination: Story = {
  args: { phoneNumber: storyNumbers.sms, nativeChat: false },
  parameters: { linekit: { setup: setups.smsOnly(storyNumbers.sms) } },
}
/** Not known yet whether the number is on native chat. */
export const AvailabilityUnknown: Story = { args: { nativeChat: undefined } }
/** Checked before sending: nothing to send, a non-http link. */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(
      await canvas.findByRole('textbox', { name: 'Attachment link' }),
      'ftp://files.example.test/a.png',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('http:// or https://'))
  },
}
/** Trial account: the line picker is replaced by a note. */
export const Trial: Story = { parameters: { linekit: { account: 'trial' } } }

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' })

/**
 * With the provider's `uploadAttachment` (here an in-memory stand-in for the app's storage): a file
 * picker, drag-and-drop and pasted images, previewed with their progress and a cancel button.
 */
export const Uploading: Story = {
  args: { defaultOptionsOpen: false },
  // An upload that stays part-way: the picture is of the uploading state, however long it takes.
  parameters: { linekit: { setup: setups.nativeChat(storyNumbers.chat), uploads: 'held' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(await canvas.findByLabelText('Attach a file'), png('receipt.png'))
    await expect(await canvas.findByRole('button', { name: 'Cancel the upload of receipt.png' })).toBeVisible()
  },
}

/** The upload is done: the file is ready to send as the message's attachment. */
export const UploadReady: Story = {
  ...Uploading,
  parameters: { linekit: { setup: setups.nativeChat(storyNumbers.chat), uploads: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(await canvas.findByLabelText('Attach a file'), png('receipt.png'))
    await expect(await canvas.findByRole('button', { name: 'Remove receipt.png' }, { timeout: 10_000 })).toBeVisible()
  },
}

/** A file the service cannot send is refused before any upload, saying why. */
export const UploadRefused: Story = {
  ...Uploading,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const file = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' })
    await userEvent.upload(await canvas.findByLabelText('Attach a file'), file, { applyAccept: false })
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('setup.exe cannot be sent'))
  },
}
