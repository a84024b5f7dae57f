import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../styles.css'
import { GroupComposer } from './GroupComposer'
import { renderWithStoryBackend } from '../../test/support/renderWithStoryBackend'

let dispose: (() => void) | undefined
afterEach(() => {
  dispose?.()
  dispose = undefined
  cleanup()
})

describe('<GroupComposer> in a real browser', () => {
  it('keeps the recipients field bounded with 33 chips', async () => {
    const numbers = Array.from({ length: 33 }, (_, i) => `+1415555${String(1000 + i)}`)
    const r = await renderWithStoryBackend(
      <div style={{ width: 360 }}>
        <GroupComposer defaultRecipients={numbers} />
      </div>,
    )
    dispose = r.dispose
    const list = screen.getByRole('list', { name: 'Recipients' })
    await vi.waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(33), { timeout: 10_000 })
    expect(list.getBoundingClientRect().height).toBeLessThanOrEqual(160)
    // The input and the Send button stay where the user can reach them.
    expect(screen.getByRole('textbox', { name: 'Message' }).getBoundingClientRect().top).toBeLessThan(600)
  })
})
