import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import { EnrollFlowButton } from './EnrollFlowButton'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../../../test/support/renderWithBackend'

describe('<EnrollFlowButton>', () => {
  it('enrols into a published workflow, shows the run status, explains a 409 and cancels', async () => {
    const r = renderWithBackend(await createStoryBackend(), <EnrollFlowButton phoneNumber={storyNumbers.chat} />, {
      events: 'bus',
    })
    const user = userEvent.setup()
    const open = screen.getByRole('button', { name: 'Enrol in a workflow' })
    expect(open).toHaveAttribute('aria-expanded', 'false')
    await user.click(open)
    const select = await screen.findByRole('combobox', { name: 'Workflow' })
    // Labelled once: by its group, not a second suffix on its name.
    const draft = within(select).getByRole('option', { name: 'Draft (unpublished)' })
    expect(draft).toBeDisabled()
    expect(draft.closest('optgroup')).toHaveAttribute('label', 'Not published (cannot be chosen)')
    await user.selectOptions(select, within(select).getByRole('option', { name: 'Qualify: ask a question' }))
    await user.click(screen.getByRole('button', { name: 'Enrol' }))
    await screen.findByText(/Run \d+: Waiting for a reply/)
    expect(r.container.firstElementChild).toHaveAttribute('data-run-status', 'WAITING_REPLY')
    // The line by its label, never its raw id.
    const pinned = await screen.findByText(/^Pinned to \+1/)
    expect(pinned).not.toHaveTextContent(/[0-9a-f]{8}-[0-9a-f]{4}-/)
    expect((await axe.run(r.container)).violations).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Enrol' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('already has an active run in this workflow')
    // The sentence's remedy is offered.
    await user.click(within(alert).getByRole('button', { name: 'Cancel the existing run' }))
    await screen.findByText('The existing run was cancelled. You can enrol again.')
    await user.click(screen.getByRole('button', { name: 'Enrol' }))
    await screen.findByText(/Run \d+: Waiting for a reply/)
  })

  it('cancels a run', async () => {
    const r = renderWithBackend(await createStoryBackend(), <EnrollFlowButton phoneNumber={storyNumbers.chat2} />, {
      events: 'bus',
    })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Enrol in a workflow' }))
    const select = await screen.findByRole('combobox', { name: 'Workflow' })
    await user.selectOptions(select, within(select).getByRole('option', { name: 'Drip: wait one day, then follow up' }))
    await user.click(screen.getByRole('button', { name: 'Enrol' }))
    await screen.findByText(/Waiting \(a timed step\)/)
    await user.click(screen.getByRole('button', { name: 'Cancel run' }))
    await screen.findByText('The run was cancelled.')
    expect(r.container.firstElementChild).toHaveAttribute('data-run-status', 'CANCELLED')
  })
})
