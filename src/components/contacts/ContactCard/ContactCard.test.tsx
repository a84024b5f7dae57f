import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { ContactCard } from './ContactCard'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../../../test/support/renderWithBackend'
import { installMsw } from '../../../../test/support/msw'

installMsw()

describe('<ContactCard>', () => {
  it('edits a stored contact in a dialog, custom fields as rows, replaced as a whole', async () => {
    const r = renderWithBackend(await createStoryBackend(), <ContactCard phoneNumber={storyNumbers.chat} />, {
      events: 'bus',
    })
    const user = userEvent.setup()
    await screen.findByText('Ava Stone')
    expect(screen.getByText('ava@example.test')).toBeInTheDocument()
    expect(screen.getByText('gold')).toBeInTheDocument()
    const edit = screen.getByRole('button', { name: 'Edit' })
    await user.click(edit)
    const dialog = await screen.findByRole('dialog', { name: 'Edit' })
    expect(within(dialog).getByText(/custom fields are replaced as a whole/)).toBeInTheDocument()
    expect(within(dialog).getByRole('textbox', { name: 'Field name 1' })).toHaveValue('tier')
    const value = within(dialog).getByRole('textbox', { name: 'Value 1' })
    await user.clear(value)
    await user.type(value, 'silver')
    await user.click(within(dialog).getByRole('button', { name: 'Add a field' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Field name 2' }), 'region')
    await user.type(within(dialog).getByRole('textbox', { name: 'Value 2' }), 'west')
    await user.clear(within(dialog).getByRole('textbox', { name: 'First name' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Avery')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await screen.findByText('Avery Stone')
    expect(screen.getByText('silver')).toBeInTheDocument()
    expect(screen.queryByText('gold')).toBeNull()
    const update = r.requests.find((q) => q.path === '/update-external-contact')?.body
    expect(update).toMatchObject({ firstName: 'Avery', customFields: { tier: 'silver', region: 'west' } })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' }))
    expect((await axe.run(r.container)).violations).toEqual([])
  })

  it('validates the email, offers raw JSON, and measures the 10,000 limit on compact JSON', async () => {
    const r = renderWithBackend(await createStoryBackend(), <ContactCard phoneNumber={storyNumbers.chat} />, {
      events: 'bus',
    })
    const user = userEvent.setup()
    await screen.findByText('Ava Stone')
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit' })
    const email = within(dialog).getByRole('textbox', { name: 'Email' })
    await user.clear(email)
    await user.type(email, 'ava-at-example')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter an email address like name@example.com.')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    await user.clear(email)
    await user.type(email, 'ava@example.test')
    await user.click(within(dialog).getByRole('button', { name: 'Edit as JSON' }))
    const json = within(dialog).getByRole('textbox', { name: 'Custom fields (JSON object)' })
    await user.clear(json)
    await user.type(json, '[[1,2]')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('must be a JSON object')
    // 9,990 characters compact, more than 10,000 once indented: accepted (the contract measures compact JSON).
    const big = { note: 'x'.repeat(9_990 - '{"note":""}'.length) }
    expect(JSON.stringify(big).length).toBe(9_990)
    await user.clear(json)
    await user.click(json)
    await user.paste(JSON.stringify(big, null, 40).replace('{', '{' + ' '.repeat(200)))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const update = r.requests.find((q) => q.path === '/update-external-contact')?.body as { customFields: unknown }
    expect(update.customFields).toEqual(big)
  })

  it('keeps focus in the editor, Escape closes it without saving, and focus returns to Edit', async () => {
    const r = renderWithBackend(await createStoryBackend(), <ContactCard phoneNumber={storyNumbers.chat} />, {
      events: 'bus',
    })
    const user = userEvent.setup()
    await screen.findByText('Ava Stone')
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit' })
    expect(dialog.contains(document.activeElement)).toBe(true)
    // Focus stays inside (trapped): tabbing past the last control never leaves the dialog.
    const stops = dialog.querySelectorAll('button, input, select, textarea, [tabindex="0"]').length
    for (let i = 0; i < stops + 3; i += 1) {
      await user.tab()
      expect(dialog.contains(document.activeElement)).toBe(true)
    }
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' }))
    expect(r.requests.some((q) => q.path === '/update-external-contact')).toBe(false)
  })

  it('creates a contact for an unknown number and states the upsert rules', async () => {
    const phone = '+14155550199'
    const r = renderWithBackend(await createStoryBackend(), <ContactCard phoneNumber={phone} />, { events: 'bus' })
    const user = userEvent.setup()
    await screen.findByText('No contact is stored for this number yet.')
    await user.click(screen.getByRole('button', { name: 'Add contact' }))
    await screen.findByRole('dialog', { name: 'Add contact' })
    expect(screen.getByText(/a name is filled in only where none is stored yet/)).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Zoe')
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'zoe@example.test')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Zoe')
    expect(r.requests.find((q) => q.path === '/create-external-contact')?.body).toEqual({
      phone,
      firstName: 'Zoe',
      email: 'zoe@example.test',
    })
  })

  it('never shows or edits a listed contact whose own phoneNumber is another number (the list may not filter)', async () => {
    const someoneElse = {
      id: 'ct_other',
      firstName: 'Olive',
      lastName: 'Other',
      phoneNumber: '+14155550177',
      email: 'olive@example.test',
      customFields: null,
      note: null,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    }
    const r = renderWithBackend(await createStoryBackend(), <ContactCard phoneNumber={storyNumbers.chat} />, {
      events: 'bus',
      // A service that ignores `phone` (its query parameters are not shown) answers with its first contact.
      handlers: [
        http.get('*/api/linekit/get-external-contacts', () =>
          HttpResponse.json({ contacts: [someoneElse], pagination: { limit: 1, offset: 0, total: 5 } }),
        ),
      ],
    })
    await screen.findByText('No contact is stored for this number yet.')
    expect(screen.queryByText('Olive Other')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Add contact' }))
    await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Ava')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    // Creating upserts by this number (spec: create — upsert by phone): the other contact is never updated.
    await waitFor(() => expect(r.requests.some((q) => q.path === '/create-external-contact')).toBe(true))
    expect(r.requests.some((q) => q.path === '/update-external-contact')).toBe(false)
    expect(r.requests.find((q) => q.path === '/create-external-contact')?.body).toMatchObject({
      phone: storyNumbers.chat,
    })
  })

  it('matches the listed contact by its E.164 number, whatever the format of the prop', async () => {
    const national = storyNumbers.chat.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3')
    expect(national).not.toBe(storyNumbers.chat)
    const stored = {
      id: 'ct_ava',
      firstName: 'Ava',
      lastName: 'Stone',
      phoneNumber: storyNumbers.chat,
      email: null,
      customFields: null,
      note: null,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    }
    renderWithBackend(await createStoryBackend(), <ContactCard phoneNumber={national} />, {
      events: 'bus',
      handlers: [
        http.get('*/api/linekit/get-external-contacts', () =>
          HttpResponse.json({ contacts: [stored], pagination: { limit: 1, offset: 0, total: 1 } }),
        ),
      ],
    })
    await screen.findByText('Ava Stone', undefined, { timeout: 4000 })
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument()
  })

  it('shows load errors with a retry', async () => {
    renderWithBackend(
      await createStoryBackend({
        setup: (b) => b.control.addFault({ path: '/get-external-contacts', status: 500, count: 10 }),
      }),
      <ContactCard phoneNumber={storyNumbers.chat} />,
      { events: 'bus' },
    )
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded'))
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
