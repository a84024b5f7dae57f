import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import '../styles.css'
import { GroupComposer, GroupComposerDialog } from './GroupComposer'
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

  it('as a modal dialog: Tab never reaches the page behind, the page does not scroll, Escape and the backdrop close it', async () => {
    const r = await renderWithStoryBackend(
      <div>
        <button type="button">Behind</button>
        <GroupComposerDialog />
        <div style={{ height: 3000 }} />
      </div>,
    )
    dispose = r.dispose
    const trigger = screen.getByRole('button', { name: 'New group message' })
    const behind = screen.getByRole('button', { name: 'Behind' })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'New group message' })
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(getComputedStyle(document.documentElement).overflow).toBe('hidden')
    // The page behind is inert: however far the user tabs, focus is in the dialog (or, between
    // rounds, on the browser's own controls), never on the page's.
    for (let i = 0; i < 20; i += 1) {
      await userEvent.keyboard('{Tab}')
      expect([trigger, behind]).not.toContain(document.activeElement)
      expect(document.activeElement === document.body || dialog.contains(document.activeElement)).toBe(true)
    }
    await userEvent.keyboard('{Escape}')
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(trigger)
    expect(getComputedStyle(document.documentElement).overflow).not.toBe('hidden')

    // A click on the backdrop (outside the dialog's box) closes it too; one inside does not.
    await userEvent.click(trigger)
    const again = await screen.findByRole('dialog', { name: 'New group message' })
    await userEvent.click(again.querySelector('.lk-Dialog-title')!)
    expect(screen.getByRole('dialog')).toBe(again)
    await userEvent.click(document.body, { position: { x: 2, y: 2 } })
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
