import { cleanup, screen } from '@testing-library/react'
import { page, userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it } from 'vitest'
import '../../styles.css'
import { Dialer } from './Dialer/Dialer'
import { InboundCallBanner } from './InboundCallBanner/InboundCallBanner'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../../test/support/renderWithBackend'
import { ringableLine } from '../../../stories/support'

// Real Chromium: where call toasts sit, and how the keyboard reaches a ringing call.
afterEach(async () => {
  cleanup()
  await page.viewport(414, 896)
})

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

describe('call toasts', () => {
  it('stay inside a 320 px viewport, ringing and missed', async () => {
    await page.viewport(320, 640)
    const view = renderWithBackend(await createStoryBackend(), <InboundCallBanner ringSound={false} />, {
      events: 'bus',
    })
    const line = ringableLine(view.backend).lineId
    const missed = await view.backend.control.ringInboundCall({ from: storyNumbers.chat, lineId: line })
    await screen.findByRole('button', { name: 'Answer' }, { timeout: 8000 })
    await view.backend.control.endCall(missed.callUuid, 'no_answer')
    await screen.findByRole('list', { name: 'Recent calls' }, { timeout: 8000 })
    await view.backend.control.ringInboundCall({ from: '+14155550188', lineId: line })
    await screen.findByRole('button', { name: 'Answer' }, { timeout: 8000 })
    const region = screen.getByRole('region', { name: 'Incoming calls' })
    for (const el of region.querySelectorAll('*')) {
      const box = el.getBoundingClientRect()
      if (box.width === 0) continue
      expect(box.left).toBeGreaterThanOrEqual(0)
      expect(box.right).toBeLessThanOrEqual(320)
    }
  })

  it('placed inline, never cover the controls around them', async () => {
    const view = renderWithBackend(
      await createStoryBackend(),
      // The dialer fills the viewport down to its bottom edge, where an overlay would sit.
      <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', width: '100%' }}>
        <InboundCallBanner ringSound={false} placement="inline" />
        <div style={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'flex-end' }}>
          <Dialer />
        </div>
      </div>,
      { events: 'bus' },
    )
    await view.backend.control.ringInboundCall({ from: storyNumbers.chat, lineId: ringableLine(view.backend).lineId })
    const answer = await screen.findByRole('button', { name: 'Answer' }, { timeout: 8000 })
    const call = answer.closest('li')!.getBoundingClientRect()
    for (const control of screen.getAllByRole('button').filter((b) => !answer.closest('section')!.contains(b)))
      expect(overlaps(call, control.getBoundingClientRect())).toBe(false)
  })
})

describe('the keyboard path to a ringing call', () => {
  it('never takes focus from typing; Alt+Shift+A, announced, goes to Answer', async () => {
    const view = renderWithBackend(
      await createStoryBackend(),
      <div>
        <label>
          Reply
          <textarea />
        </label>
        <InboundCallBanner ringSound={false} />
      </div>,
      { events: 'bus' },
    )
    const box = screen.getByRole('textbox', { name: 'Reply' })
    await userEvent.type(box, 'Half a sentence')
    await view.backend.control.ringInboundCall({ from: storyNumbers.chat, lineId: ringableLine(view.backend).lineId })
    const answer = await screen.findByRole('button', { name: 'Answer' }, { timeout: 8000 })
    expect(box).toHaveFocus()
    expect(answer).toHaveAttribute('aria-keyshortcuts', 'Alt+Shift+A')
    const region = screen.getByRole('region', { name: 'Incoming calls' })
    expect(region.querySelector('[aria-live="assertive"]')).toHaveTextContent('Press Alt+Shift+A to go to Answer.')
    await userEvent.keyboard('{Alt>}{Shift>}A{/Shift}{/Alt}')
    expect(answer).toHaveFocus()
    expect(box).toHaveValue('Half a sentence')
  })

  it('offers focus to the ringing call when nothing else has it', async () => {
    const view = renderWithBackend(await createStoryBackend(), <InboundCallBanner ringSound={false} />, {
      events: 'bus',
    })
    ;(document.activeElement as HTMLElement | null)?.blur()
    await view.backend.control.ringInboundCall({ from: storyNumbers.chat, lineId: ringableLine(view.backend).lineId })
    expect(await screen.findByRole('button', { name: 'Answer' }, { timeout: 8000 })).toHaveFocus()
  })
})
