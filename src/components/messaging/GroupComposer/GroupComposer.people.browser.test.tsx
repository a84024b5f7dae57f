import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../../styles.css'
import { GroupComposer } from './GroupComposer'
import { createStoryBackend, renderWithBackend } from '../../../../test/support/renderWithBackend'

// Real Chromium, real chain: recipients by name, and files, in the group composer.
afterEach(() => cleanup())

describe('<GroupComposer> recipients and files', () => {
  it('suggests a contact as their name is typed, and shows recipients by name or readable number', async () => {
    renderWithBackend(await createStoryBackend(), <GroupComposer />)
    const input = await screen.findByRole('combobox', { name: 'Add recipients' })
    await userEvent.type(input, 'Ava')
    const suggestion = await screen.findByRole('option', { name: /Ava Stone/ })
    expect(suggestion).toHaveTextContent('(415) 555-0124')
    await userEvent.keyboard('{Enter}')
    const chips = screen.getByRole('list', { name: 'Recipients' })
    await waitFor(() => expect(chips).toHaveTextContent('Ava Stone'))
    await userEvent.type(input, '415 555 0199{Enter}')
    await waitFor(() => expect(chips).toHaveTextContent('(415) 555-0199'))
    expect(chips).not.toHaveTextContent('+1415')
    expect(within(chips).getByRole('button', { name: 'Remove Ava Stone' })).toBeInTheDocument()
  })

  it('attaches a file as the 1:1 composer does', async () => {
    const upload = vi.fn(async () => ({ url: 'https://files.example.com/plan.png' }))
    renderWithBackend(await createStoryBackend(), <GroupComposer />, { uploadAttachment: upload })
    const picker = await screen.findByLabelText('Attach a file')
    await userEvent.upload(picker, new File([new Uint8Array([137, 80, 78, 71])], 'plan.png', { type: 'image/png' }))
    expect(await screen.findByText('plan.png is ready to send')).toBeInTheDocument()
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1))
  })
})
