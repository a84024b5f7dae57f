import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import '../../../styles.css'
import { MessageComposer } from './MessageComposer'
import { renderWithBackend, createStoryBackend, setups, storyNumbers } from '../../../../test/support/renderWithBackend'

// Real Chromium, and no app reset: the page keeps the browser's `box-sizing: content-box`, as a
// fresh Vite app does. The kit's own CSS must size its parts.
afterEach(() => cleanup())

const edges = (el: Element) => el.getBoundingClientRect()

describe('the kit CSS without an app reset', () => {
  it('keeps the message box beside Send, inside the composer', async () => {
    renderWithBackend(
      await createStoryBackend({ setup: setups.nativeChat(storyNumbers.chat) }),
      <div style={{ width: 360 }}>
        <MessageComposer phoneNumber={storyNumbers.chat} nativeChat hasConversation showLinePicker={false} />
      </div>,
    )
    const box = screen.getByRole('textbox', { name: 'Message' })
    const send = screen.getByRole('button', { name: 'Send' })
    expect(getComputedStyle(box).boxSizing).toBe('border-box')
    // The box (and its 2 px focus ring) ends before Send starts.
    expect(edges(box).right + 2).toBeLessThanOrEqual(edges(send).left)
    expect(edges(send).right).toBeLessThanOrEqual(edges(box.closest('.lk-MessageComposer')!).right)
  })

  it('sizes every element inside the kit border-box, but not the page around a theme class', () => {
    render(
      <div className="lk-theme-dark">
        <p>Page text</p>
        <div className="lk-Dialer">
          <input aria-label="Number" style={{ width: '100%', padding: 10 }} />
        </div>
      </div>,
    )
    const input = screen.getByRole('textbox', { name: 'Number' })
    expect(getComputedStyle(input).boxSizing).toBe('border-box')
    expect(getComputedStyle(input, '::before').boxSizing).toBe('border-box')
    expect(getComputedStyle(screen.getByText('Page text')).boxSizing).toBe('content-box')
  })
})
