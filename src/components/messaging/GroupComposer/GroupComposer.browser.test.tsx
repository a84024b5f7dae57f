import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import '../../../styles.css'
import { GroupComposer } from './GroupComposer'
import { renderWithBackend, createStoryBackend } from '../../../../test/support/renderWithBackend'

afterEach(() => {
  cleanup()
})

describe('<GroupComposer> in a real browser', () => {
  it('keeps the recipients field bounded with 33 chips', async () => {
    const numbers = Array.from({ length: 33 }, (_, i) => `+1415555${String(1000 + i)}`)
    renderWithBackend(
      await createStoryBackend(),
      <div style={{ width: 360 }}>
        <GroupComposer defaultRecipients={numbers} />
      </div>,
      { events: 'bus' },
    )
    const list = screen.getByRole('list', { name: 'Recipients' })
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(33), { timeout: 10_000 })
    expect(list.getBoundingClientRect().height).toBeLessThanOrEqual(160)
    // The input and the Send button stay where the user can reach them.
    expect(screen.getByRole('textbox', { name: 'Message' }).getBoundingClientRect().top).toBeLessThan(600)
  })
})
