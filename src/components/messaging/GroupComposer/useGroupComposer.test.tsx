import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { RecipientInput } from '../RecipientInput/RecipientInput'
import { useGroupComposer } from './useGroupComposer'
import { renderWithBackend, createStoryBackend, setups, storyNumbers } from '../../../../test/support/renderWithBackend'

const groupSends = (requests: { path: string; body: unknown }[]) =>
  requests.filter((r) => r.path === '/send-group-message').map((r) => r.body as Record<string, unknown>)

/** The composer's behaviour in markup of the app's own: other words, other elements, the hook's prop bags. */
function QuickGroup({ recipients }: { recipients: string[] }) {
  const g = useGroupComposer({ defaultRecipients: recipients, strings: { emptyError: 'Say something first.' } })
  return (
    <form {...g.formProps} aria-label="Quick group" data-state={g.state}>
      <RecipientInput {...g.recipientInputProps} />
      <input {...g.groupNameInputProps} aria-label="Name" />
      <textarea {...g.messageInputProps} aria-label="Text" />
      <input {...g.attachmentInputProps} aria-label="Link" />
      {g.channel ? <p data-testid="channel">{g.channel}</p> : null}
      {g.invalid ? <p role="alert">{g.invalid}</p> : null}
      {g.result ? <p data-testid="result">{g.result.response.created ? 'created' : 'reused'}</p> : null}
      <button {...g.submitButtonProps}>Go</button>
    </form>
  )
}

describe('useGroupComposer: the composer’s behaviour under custom markup', () => {
  it('sends what the custom fields hold, then clears them and puts focus back in the text', async () => {
    const r = renderWithBackend(
      await createStoryBackend({ setup: setups.nativeChat() }),
      <QuickGroup recipients={[storyNumbers.chat, storyNumbers.chat2]} />,
      { events: 'bus' },
    )
    const user = userEvent.setup()
    await waitFor(() => expect(screen.getByTestId('channel')).toHaveTextContent('nativechat'))
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Crew')
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'Standup moved')
    await user.click(screen.getByRole('button', { name: 'Go' }))
    expect(await screen.findByTestId('result')).toHaveTextContent('created')
    expect(screen.getByRole('form', { name: 'Quick group' })).toHaveAttribute('data-state', 'sent')
    expect(groupSends(r.requests)).toEqual([
      expect.objectContaining({
        numbers: [storyNumbers.chat, storyNumbers.chat2],
        message: 'Standup moved',
        groupName: 'Crew',
        idempotencyKey: expect.any(String),
      }),
    ])
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('')
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('')
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveFocus()
  })

  it('says what is wrong in the app’s words and marks a bad link, sending nothing', async () => {
    const r = renderWithBackend(
      await createStoryBackend({ setup: setups.nativeChat() }),
      <QuickGroup recipients={[storyNumbers.chat, storyNumbers.chat2]} />,
      { events: 'bus' },
    )
    const user = userEvent.setup()
    // The numbers are checked (libphonenumber loaded): the link is what is wrong below.
    await waitFor(() => expect(screen.getByTestId('channel')).toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Go' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Say something first.')
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'Hi')
    await user.type(screen.getByRole('textbox', { name: 'Link' }), 'javascript:alert(1)')
    await user.click(screen.getByRole('button', { name: 'Go' }))
    expect(screen.getByRole('alert')).toHaveTextContent('The attachment must be an http:// or https:// link.')
    expect(screen.getByRole('textbox', { name: 'Link' })).toHaveAttribute('aria-invalid', 'true')
    expect(groupSends(r.requests)).toHaveLength(0)
  })
})
