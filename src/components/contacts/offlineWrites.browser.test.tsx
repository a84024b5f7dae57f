import { onlineManager } from '@tanstack/react-query'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it } from 'vitest'
import '../../styles.css'
import { ContactCard } from './ContactCard/ContactCard'
import { EnrollFlowButton } from './EnrollFlowButton/EnrollFlowButton'
import { flakyNetwork } from '../../../test/support/flakyNetwork'
import { createStoryBackend, renderWithBackend, storyNumbers } from '../../../test/support/renderWithBackend'

// Real Chromium, real chain behind a switchable network: a contact's save or an enrolment made
// during an outage is not kept to go later (it has no key), but nothing the agent typed or chose is
// lost, and the sentence says what happened.
afterEach(() => {
  cleanup()
  onlineManager.setOnline(true)
})

describe('a contact saved during a dropped network', () => {
  it('says it was not saved, keeps the edits (also when the editor is closed and opened again), and saves them once back', async () => {
    const backend = await createStoryBackend()
    const { net, client } = flakyNetwork(backend)
    renderWithBackend(backend, <ContactCard phoneNumber={storyNumbers.chat} />, { client })
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    const first = await screen.findByRole('textbox', { name: 'First name' })
    await userEvent.clear(first)
    await userEvent.type(first, 'Avery')
    // The browser knows it is offline too: the save is not paused behind a bare "Saving…".
    net.down = true
    onlineManager.setOnline(false)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(
      "Not saved: no connection. Your changes are kept; try again when you're back online.",
    )
    expect(net.refused).toBe(1)
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Avery')
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled()

    // Closed and opened again: the edits are still there, with what was typed after the failure.
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'X')
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }))
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Avery')
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue(expect.stringMatching(/X$/))

    net.down = false
    onlineManager.setOnline(true)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Saved.')
    expect(net.refused).toBe(1)
    await waitFor(() => expect(screen.getByRole('region', { name: 'Contact' })).toHaveTextContent(/Avery/))
    // Saved: the next edit starts from the stored contact, not the kept draft.
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }))
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Avery')
  })
})

describe('an enrolment during a dropped network', () => {
  it('says it was not enrolled, keeps the chosen workflow, and enrols once back; a run not cancelled is said too', async () => {
    const backend = await createStoryBackend()
    const { net, client } = flakyNetwork(backend)
    renderWithBackend(backend, <EnrollFlowButton phoneNumber={storyNumbers.chat2} />, { client })
    await userEvent.click(screen.getByRole('button', { name: 'Enrol in a workflow' }))
    const select = await screen.findByRole('combobox', { name: 'Workflow' })
    await userEvent.selectOptions(select, 'Drip: wait one day, then follow up')
    net.down = true
    onlineManager.setOnline(false)
    await userEvent.click(screen.getByRole('button', { name: 'Enrol' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Not enrolled: no connection. The workflow stays chosen; try again when you're back online.",
    )
    expect(screen.getByRole('combobox', { name: 'Workflow' })).toHaveDisplayValue('Drip: wait one day, then follow up')

    net.down = false
    onlineManager.setOnline(true)
    await userEvent.click(screen.getByRole('button', { name: 'Enrol' }))
    await screen.findByText(/Waiting \(a timed step\)/)
    expect(net.through.filter((path) => path === '/enroll-flow')).toHaveLength(1)

    net.down = true
    onlineManager.setOnline(false)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel run' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Not cancelled: no connection. The run goes on; try again when you're back online.",
    )
    net.down = false
    onlineManager.setOnline(true)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel run' }))
    await screen.findByText('The run was cancelled.')
  })
})
