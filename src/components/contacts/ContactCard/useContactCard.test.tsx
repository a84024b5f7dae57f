import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { useContactCard } from './useContactCard'
import { createStoryBackend, renderWithBackend, storyNumbers } from '../../../../test/support/renderWithBackend'

/** Custom markup over the hook: its own words and elements, wired by the prop bags. */
function PlainCard({ phoneNumber }: { phoneNumber: string }) {
  const card = useContactCard({ phoneNumber, strings: { emailInvalid: 'That is not an email address.' } })
  return (
    <div {...card.rootProps} data-testid="card">
      <p>{card.contact ? `Name: ${card.contact.firstName}` : 'Nobody'}</p>
      {card.saved ? <p role="status">{card.saved}</p> : null}
      {card.editing ? (
        <form {...card.formProps} aria-label="Change contact">
          <input aria-label="Given name" {...card.fieldProps('firstName')} />
          <input aria-label="Mail" {...card.fieldProps('email')} />
          {card.draft.rows.map((row) => (
            <input key={row.id} aria-label={`Field ${row.key}`} {...card.rowValueProps(row)} />
          ))}
          {card.invalid ? <p id={card.ids.invalid}>{card.invalid.text}</p> : null}
          <button {...card.submitButtonProps}>Store</button>
        </form>
      ) : (
        <button type="button" onClick={card.startEditing}>
          Change
        </button>
      )}
    </div>
  )
}

describe('useContactCard', () => {
  it('drives custom markup: the stored contact, the draft, validation, and an update that replaces every field', async () => {
    const r = renderWithBackend(await createStoryBackend(), <PlainCard phoneNumber={storyNumbers.chat} />, {
      events: 'bus',
    })
    const user = userEvent.setup()
    await screen.findByText('Name: Ava')
    expect(screen.getByTestId('card')).toHaveAttribute('data-state', 'view')
    await user.click(screen.getByRole('button', { name: 'Change' }))
    const name = screen.getByRole('textbox', { name: 'Given name' })
    expect(name).toHaveValue('Ava')
    expect(screen.getByRole('textbox', { name: 'Field tier' })).toHaveValue('gold')
    await user.clear(name)
    await user.type(name, 'Avery')
    const mail = screen.getByRole('textbox', { name: 'Mail' })
    await user.clear(mail)
    await user.type(mail, 'avery-at-example')
    await user.click(screen.getByRole('button', { name: 'Store' }))
    // Refused before any request, in the words passed to the hook, and tied to the field.
    expect(screen.getByText('That is not an email address.')).toBeInTheDocument()
    expect(mail).toHaveAttribute('aria-invalid', 'true')
    expect(mail).toHaveAccessibleDescription('That is not an email address.')
    expect(r.requests.some((q) => q.path === '/update-external-contact')).toBe(false)
    await user.clear(mail)
    await user.type(mail, 'avery@example.test')
    await user.click(screen.getByRole('button', { name: 'Store' }))
    await screen.findByText('Name: Avery')
    expect(screen.getByRole('status')).toHaveTextContent('Saved.')
    expect(screen.queryByRole('form', { name: 'Change contact' })).toBeNull()
    expect(r.requests.find((q) => q.path === '/update-external-contact')?.body).toMatchObject({
      firstName: 'Avery',
      lastName: 'Stone',
      email: 'avery@example.test',
      customFields: { tier: 'gold' },
    })
  })

  it('creates a contact for an unknown number through its functions', async () => {
    const phone = '+14155550199'
    const r = renderWithBackend(await createStoryBackend(), () => useContactCard({ phoneNumber: phone }), {
      events: 'bus',
    })
    await waitFor(() => expect(r.result.current.status).toBe('empty'))
    act(() => r.result.current.startEditing())
    expect(r.result.current.editing).toBe(true)
    act(() => {
      r.result.current.setField('firstName', 'Zoe')
      r.result.current.addRow()
    })
    const row = r.result.current.draft.rows[0]!
    act(() => r.result.current.setRow(row.id, { key: 'plan', value: 'gold' }))
    let saved: boolean | undefined
    await act(async () => {
      saved = await r.result.current.save()
    })
    expect(saved).toBe(true)
    expect(r.result.current.editing).toBe(false)
    expect(r.requests.find((q) => q.path === '/create-external-contact')?.body).toEqual({
      phone,
      firstName: 'Zoe',
      customFields: { plan: 'gold' },
    })
    await waitFor(() => expect(r.result.current.status).toBe('view'))
    expect(r.result.current.contact).toMatchObject({ firstName: 'Zoe', customFields: { plan: 'gold' } })
    expect(r.result.current.saved).toBe(
      'Saved. Where this number was already stored, a name was kept if one was stored, a new email replaced the old one, and custom fields were merged.',
    )
  })
})
