import { cleanup, screen, waitFor } from '@testing-library/react'
import { page, userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../../styles.css'
import { Conversation } from '../Conversation/Conversation'
import { createStoryBackend, renderWithBackend, storyNumbers } from '../../../../test/support/renderWithBackend'

// Real Chromium with the kit's stylesheet: what an attached file does to the pane's layout.
afterEach(async () => {
  cleanup()
  await page.viewport(414, 896)
})

/** A real 1280×800 PNG, the size of a laptop screenshot. */
async function screenshotFile() {
  const canvas = new OffscreenCanvas(1280, 800)
  const context = canvas.getContext('2d')!
  context.fillStyle = '#3a7'
  context.fillRect(0, 0, 1280, 800)
  const blob = await canvas.convertToBlob({ type: 'image/png' })
  return new File([blob], 'screenshot-of-the-error-page.png', { type: 'image/png' })
}

const inside = (inner: DOMRect, outer: { top: number; bottom: number; left: number; right: number }) => {
  expect(inner.top).toBeGreaterThanOrEqual(outer.top - 1)
  expect(inner.bottom).toBeLessThanOrEqual(outer.bottom + 1)
  expect(inner.left).toBeGreaterThanOrEqual(outer.left - 1)
  expect(inner.right).toBeLessThanOrEqual(outer.right + 1)
}

describe('a screenshot attached to the composer', () => {
  it.each([
    [1280, 800],
    [390, 844],
  ])('at %i px keeps the message box and Send inside the pane and the viewport', async (width, height) => {
    await page.viewport(width, height)
    const upload = vi.fn(() => new Promise<{ url: string }>(() => {}))
    renderWithBackend(
      await createStoryBackend(),
      <div style={{ height: '100dvh', display: 'flex', flexDirection: 'column' }}>
        <Conversation phoneNumber={storyNumbers.chat} composerProps={{ showLinePicker: false }} />
      </div>,
      { uploadAttachment: upload },
    )
    const pane = await screen.findByRole('region', { name: /^Conversation with/ })
    await userEvent.upload(await screen.findByLabelText('Attach a file'), await screenshotFile())
    const preview = await waitFor(() => {
      const img = pane.querySelector<HTMLImageElement>('.lk-ComposerUploads-preview')
      expect(img?.complete && img.naturalWidth).toBe(1280)
      return img!
    })
    const box = screen.getByRole('textbox', { name: 'Message' })
    const send = screen.getByRole('button', { name: 'Send' })
    const paneRect = pane.getBoundingClientRect()
    const viewport = { top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth }
    for (const el of [box, send, screen.getByRole('button', { name: /^Cancel the upload of/ })]) {
      inside(el.getBoundingClientRect(), paneRect)
      inside(el.getBoundingClientRect(), viewport)
    }
    // The thumbnail is a small fraction of the pane, whatever the picture's size.
    expect(preview.getBoundingClientRect().height).toBeLessThanOrEqual(paneRect.height / 8)
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  })

  it('the picker is a button with a focus ring that Enter opens; the file input is not a tab stop', async () => {
    renderWithBackend(
      await createStoryBackend(),
      <Conversation phoneNumber={storyNumbers.chat} composerProps={{ showLinePicker: false }} />,
      { uploadAttachment: vi.fn(() => new Promise<{ url: string }>(() => {})) },
    )
    const attach = await screen.findByRole('button', { name: 'Attach a file' })
    // The thread loaded: its list (the tab stop before the picker) replaces the loading notice,
    // which would otherwise change the tab order between the two keys below.
    await screen.findByRole('region', { name: 'Messages' })
    const input = screen.getByLabelText<HTMLInputElement>('Attach a file')
    expect(input.tabIndex).toBe(-1)
    const opened = vi.fn((e: Event) => e.preventDefault())
    input.addEventListener('click', opened)
    attach.focus()
    await userEvent.keyboard('{Enter}')
    expect(opened).toHaveBeenCalledTimes(1)
    await userEvent.tab({ shift: true })
    await userEvent.tab()
    expect(attach).toHaveFocus()
    expect(getComputedStyle(attach).outlineStyle).toBe('solid')
  })
})
