import { cleanup, screen, waitFor } from '@testing-library/react'
import { commands } from 'vitest/browser'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import './styles.css'
import { CallLogTable } from './components/calling/CallLogTable/CallLogTable'
import { Inbox } from './components/prefabs/Inbox/Inbox'
import { renderWithBackend, createStoryBackend } from '../test/support/renderWithBackend'

// Real Chromium, a plain white page: a theme class must make everything inside it readable,
// the page's own headings and the components' empty states included.
afterEach(async () => {
  cleanup()
  await commands.emulateColorScheme('light')
})

async function renderThemed(className: string) {
  renderWithBackend(
    await createStoryBackend(),
    <div className={className} data-testid="themed">
      <h2>Recent calls</h2>
      <CallLogTable locale="en-US" />
    </div>,
  )
  await screen.findByText('No calls yet.', undefined, { timeout: 8000 })
  return screen.getByTestId('themed')
}

async function contrastViolations(root: HTMLElement) {
  const result = await axe.run(root, { runOnly: ['color-contrast'] })
  return result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))
}

const darkSurface = 'rgb(28, 28, 30)'

describe('themes', () => {
  it('lk-theme-dark paints its surface: headings, labels and empty states stay readable', async () => {
    const themed = await renderThemed('lk-theme-dark')
    expect(getComputedStyle(themed).backgroundColor).toBe(darkSurface)
    expect(getComputedStyle(themed).colorScheme).toBe('dark')
    expect(await contrastViolations(themed)).toEqual([])
  })

  it('lk-theme-system follows prefers-color-scheme', async () => {
    await commands.emulateColorScheme('dark')
    const themed = await renderThemed('lk-theme-system')
    expect(getComputedStyle(themed).backgroundColor).toBe(darkSurface)
    expect(getComputedStyle(screen.getByText('No calls yet.')).color).toBe('rgb(242, 242, 247)')
    expect(await contrastViolations(themed)).toEqual([])
    await commands.emulateColorScheme('light')
    expect(getComputedStyle(themed).backgroundColor).toBe('rgb(255, 255, 255)')
  })

  it('lk-theme-light keeps the kit light inside a dark panel', async () => {
    renderWithBackend(
      await createStoryBackend(),
      <div className="lk-theme-dark">
        <div className="lk-theme-light" data-testid="themed">
          <CallLogTable locale="en-US" />
        </div>
      </div>,
    )
    await screen.findByText('No calls yet.', undefined, { timeout: 8000 })
    expect(getComputedStyle(screen.getByTestId('themed')).backgroundColor).toBe('rgb(255, 255, 255)')
    expect(getComputedStyle(screen.getByText('No calls yet.')).color).toBe('rgb(28, 28, 30)')
  })
})

/** The element, or a throw that makes `waitFor` try again. */
function found(element: Element | null): Element {
  if (!element) throw new Error('not rendered yet')
  return element
}

describe('the host page', () => {
  it('element styles (h2, p, label, li) stay out of the kit: the dark inbox’s heading keeps the theme’s text', async () => {
    const style = document.createElement('style')
    style.textContent = 'h2, h3, p, label, li { color: rgb(40, 0, 0); font-family: monospace; }'
    document.head.append(style)
    try {
      renderWithBackend(await createStoryBackend(), <Inbox theme="dark" data-testid="inbox" />)
      const heading = await waitFor(() => found(screen.getByTestId('inbox').querySelector('.lk-Inbox-title')))
      expect(getComputedStyle(heading).color).toBe('rgb(242, 242, 247)')
      expect(getComputedStyle(heading).fontFamily).toBe(getComputedStyle(screen.getByTestId('inbox')).fontFamily)
      expect(await contrastViolations(screen.getByTestId('inbox'))).toEqual([])
    } finally {
      style.remove()
    }
  })

  it('an accent set around the inbox reaches the thread avatars', async () => {
    renderWithBackend(
      await createStoryBackend(),
      <div style={{ ['--lk-color-accent' as string]: 'rgb(120, 20, 160)' }}>
        <Inbox />
      </div>,
    )
    const avatar = await waitFor(() => found(document.querySelector('.lk-ConversationList-avatar[data-kind="direct"]')))
    expect(getComputedStyle(avatar).backgroundColor).toBe('rgb(120, 20, 160)')
  })
})
