import { cleanup, screen, within } from '@testing-library/react'
import { page } from 'vitest/browser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import '../../../styles.css'
import { ConversationList } from './ConversationList'
import { renderWithBackend, createStoryBackend, setups, storyNumbers } from '../../../../test/support/renderWithBackend'
import { storyNames } from '../../../../stories/support'

// Real Chromium: a name a person chose (direction marks, 200 characters) in a thread's row.
beforeEach(() => {
  localStorage.removeItem('linekit:read:v1')
})
afterEach(async () => {
  cleanup()
  await page.viewport(414, 896)
})

describe('<ConversationList> names', () => {
  it('a long name with a right-to-left override is isolated, cut before the time, and whole in the tooltip and the row’s name', async () => {
    await page.viewport(390, 844)
    const name = storyNames.longBidi
    renderWithBackend(
      await createStoryBackend({ setup: setups.namedContact(storyNumbers.chat3, name) }),
      <div style={{ height: 560, display: 'flex', flexDirection: 'column' }}>
        <ConversationList dateOptions={{ locale: 'en-US', timeZone: 'UTC' }} />
      </div>,
    )
    const list = await screen.findByRole('listbox', { name: 'Threads' })
    const row = await within(list).findByRole('option', { name: new RegExp(name.slice(1, 60)) })
    // The whole name is the row's accessible name and the title's tooltip.
    expect(row.getAttribute('aria-label') ?? row.textContent).toContain(name)
    const title = row.querySelector<HTMLElement>('.lk-ConversationList-title')!
    expect(title).toHaveAttribute('title', name)
    // Isolated: the override reorders nothing after the name (the time, the preview).
    const bdi = title.querySelector('bdi')!
    expect(bdi).toHaveTextContent(name)
    expect(getComputedStyle(bdi).unicodeBidi).toBe('isolate')
    // Cut at the row's edge, the time still beside it, nothing wider than the row.
    expect(title.scrollWidth).toBeGreaterThan(title.clientWidth)
    const time = row.querySelector('time')!.getBoundingClientRect()
    expect(title.getBoundingClientRect().right).toBeLessThanOrEqual(time.left)
    expect(time.right).toBeLessThanOrEqual(row.getBoundingClientRect().right)
    expect(row.scrollWidth).toBeLessThanOrEqual(row.clientWidth)
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  })
})
