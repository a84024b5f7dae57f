import { cleanup, screen } from '@testing-library/react'
import { commands } from 'vitest/browser'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import './styles.css'
import { CallLogTable } from './components/calling/CallLogTable/CallLogTable'
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
