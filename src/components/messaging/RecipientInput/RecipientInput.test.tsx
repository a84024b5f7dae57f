import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { RecipientInput, type RecipientInputValue } from './RecipientInput'

const root = (container: HTMLElement) => container.querySelector<HTMLElement>('.lk-RecipientInput')!

describe('<RecipientInput>', () => {
  it('turns typed numbers into E.164 chips, merges duplicates and counts against the 2–32 limit', async () => {
    const user = userEvent.setup()
    const onValueChange = vi.fn<(value: RecipientInputValue) => void>()
    const { container } = render(<RecipientInput onValueChange={onValueChange} />)
    const input = screen.getByRole('textbox', { name: 'Add recipients' })
    await waitFor(() => expect(root(container)).not.toHaveAttribute('data-checking'))
    await user.type(input, '(415) 555-0124{Enter}')
    await user.type(input, '+14155550124,')
    await user.type(input, '415.555.0146{Enter}')
    const last = onValueChange.mock.lastCall![0]
    expect(last.numbers).toEqual(['+14155550124', '+14155550146'])
    expect(last.valid).toBe(true)
    expect(screen.getByText('1 duplicate merged')).toBeInTheDocument()
    expect(root(container)).toHaveAttribute('data-count-state', 'ok')
  })

  it('flags what is not a phone number and removes the last chip with Backspace', async () => {
    const user = userEvent.setup()
    const { container } = render(<RecipientInput defaultValue={['+14155550124', 'ann@example.test']} />)
    expect(await screen.findByText(/Fix or remove the numbers marked invalid\./)).toBeInTheDocument()
    expect(root(container)).toHaveAttribute('data-invalid')
    await user.click(screen.getByRole('textbox', { name: 'Add recipients' }))
    await user.keyboard('{Backspace}')
    await waitFor(() => expect(root(container)).not.toHaveAttribute('data-invalid'))
    expect(root(container)).toHaveAttribute('data-count-state', 'too-few')
    expect(screen.getByText(/Add at least 2 recipients\./)).toBeInTheDocument()
  })
})
