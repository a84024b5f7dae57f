import { cleanup, screen } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it } from 'vitest'
import '../../../styles.css'
import { ContactCard } from './ContactCard'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../../../test/support/renderWithBackend'

// Real Chromium with the kit's stylesheet: the editor dialog in a themed page.
afterEach(() => cleanup())

describe('<ContactCard> editor dialog', () => {
  it('takes the dark theme of the card it opens from', async () => {
    renderWithBackend(
      await createStoryBackend(),
      <div className="lk-theme-dark">
        <ContactCard phoneNumber={storyNumbers.chat} />
        <div data-testid="dark-surface" style={{ background: 'var(--lk-color-surface)' }} />
      </div>,
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog')
    const dark = getComputedStyle(screen.getByTestId('dark-surface')).backgroundColor
    expect(getComputedStyle(dialog).backgroundColor).toBe(dark)
    expect(getComputedStyle(dialog).position).toBe('fixed')
  })
})
