import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { MessageComposer } from './MessageComposer'
import { seedOtherLines } from 'linekit/mocks'
import { renderWithBackend, createStoryBackend, setups, storyNumbers } from '../../../../test/support/renderWithBackend'

const conversation = [setups.nativeChat(storyNumbers.chat), setups.inboundMessages(storyNumbers.chat, ['hi'])]
const notice = 'They can see that you are typing.'

describe('<MessageComposer> typing notice', () => {
  it('clears when the message is sent', async () => {
    renderWithBackend(
      await createStoryBackend({ setup: conversation }),
      <MessageComposer phoneNumber={storyNumbers.chat} nativeChat hasConversation showLinePicker={false} />,
      { events: 'bus' },
    )
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'On my way')
    await screen.findByText(notice)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByText(notice)).toBeNull())
  })

  it('clears when the user stops typing and the indicator lapses', async () => {
    renderWithBackend(
      await createStoryBackend({ setup: conversation }),
      <MessageComposer
        phoneNumber={storyNumbers.chat}
        nativeChat
        hasConversation
        showLinePicker={false}
        typingTimeoutMs={200}
      />,
      { events: 'bus' },
    )
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Draft')
    await screen.findByText(notice)
    await waitFor(() => expect(screen.queryByText(notice)).toBeNull())
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Draft')
  })
})

describe('<MessageComposer> on a trial account', () => {
  it('never sends the lineId prop (spec: a line override is rejected on trial accounts), so the send goes out', async () => {
    const r = renderWithBackend(
      await createStoryBackend({ account: 'trial' }),
      <MessageComposer
        phoneNumber={storyNumbers.sms}
        lineId={seedOtherLines.trial.lineId}
        showTypingIndicator={false}
      />,
      { events: 'bus' },
    )
    const user = userEvent.setup()
    // The lines listing (a trial descriptor) is what tells the composer which account this is.
    await waitFor(() => expect(r.requests.some((q) => q.path === '/get-lines')).toBe(true))
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello from the trial')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(r.requests.some((q) => q.path === '/send-api-message')).toBe(true))
    const send = r.requests.find((q) => q.path === '/send-api-message')!
    expect(send.body).not.toHaveProperty('lineId')
    expect(send.body).toMatchObject({ phone: storyNumbers.sms, message: 'Hello from the trial' })
    expect(screen.queryByText(/Not sent/)).toBeNull()
  })
})
