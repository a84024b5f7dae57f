import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import { ContactCard } from './ContactCard'
import { renderWithStoryBackend, storyNumbers } from '../../test/support/renderWithStoryBackend'

let dispose: (() => void) | undefined
afterEach(() => {
  dispose?.()
  dispose = undefined
})

describe('<ContactCard>', () => {
  it('shows a stored contact and edits it, saying that custom fields are replaced as a whole', async () => {
    const r = await renderWithStoryBackend(<ContactCard phoneNumber={storyNumbers.chat} />)
    dispose = r.dispose
    const user = userEvent.setup()
    await screen.findByText('Ava Stone')
    expect(screen.getByText('ava@example.test')).toBeInTheDocument()
    expect(screen.getByText('gold')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    expect(screen.getByText(/custom fields are replaced as a whole/)).toBeInTheDocument()
    const custom = screen.getByRole('textbox', { name: 'Custom fields (JSON object)' })
    await user.clear(custom)
    await user.type(custom, '[[1,2]')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('alert')).toHaveTextContent('must be a JSON object')
    await user.clear(custom)
    await user.type(custom, '{{"plan": "silver"}')
    await user.clear(screen.getByRole('textbox', { name: 'First name' }))
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Avery')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Avery Stone')
    expect(screen.getByText('silver')).toBeInTheDocument()
    expect(screen.queryByText('gold')).toBeNull()
    const update = r.requests.find((q) => q.path === '/update-external-contact')?.body
    expect(update).toMatchObject({ firstName: 'Avery', customFields: { plan: 'silver' } })
    expect((await axe.run(r.container)).violations).toEqual([])
  })

  it('creates a contact for an unknown number and states the upsert rules', async () => {
    const phone = '+14155550199'
    const r = await renderWithStoryBackend(<ContactCard phoneNumber={phone} />)
    dispose = r.dispose
    const user = userEvent.setup()
    await screen.findByText('No contact is stored for this number yet.')
    await user.click(screen.getByRole('button', { name: 'Add contact' }))
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

  it('shows load errors with a retry', async () => {
    const r = await renderWithStoryBackend(<ContactCard phoneNumber={storyNumbers.chat} />, {
      setup: (b) => b.control.addFault({ path: '/get-external-contacts', status: 500, count: 10 }),
    })
    dispose = r.dispose
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded'), { timeout: 8000 })
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
