import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { page, userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it } from 'vitest'
import '../../../styles.css'
import { InboundCallBanner } from './InboundCallBanner'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../../../test/support/renderWithBackend'
import { ringableLine } from '../../../../stories/support'

// Real Chromium with the kit's stylesheet: where the banner sits is a matter of CSS.
afterEach(() => {
  cleanup()
  window.scrollTo(0, 0)
})

describe('<InboundCallBanner> in a real page', () => {
  it('is a fixed surface: a user scrolled down sees the ringing call, and nothing on the page moves', async () => {
    const view = renderWithBackend(
      await createStoryBackend(),
      <div>
        <p data-testid="top">Page content</p>
        <div style={{ height: 3000 }} />
        <InboundCallBanner ringSound={false} />
      </div>,
      { events: 'bus' },
    )
    window.scrollTo(0, 2000)
    const before = screen.getByTestId('top').getBoundingClientRect().top
    await view.backend.control.ringInboundCall({ from: storyNumbers.caller, lineId: ringableLine(view.backend).lineId })
    const answer = await screen.findByRole('button', { name: 'Answer' })
    const region = screen.getByRole('region', { name: 'Incoming calls' })
    expect(getComputedStyle(region).position).toBe('fixed')
    const box = answer.getBoundingClientRect()
    expect(box.top).toBeGreaterThanOrEqual(0)
    expect(box.bottom).toBeLessThanOrEqual(window.innerHeight)
    expect(screen.getByTestId('top').getBoundingClientRect().top).toBe(before)
    expect(window.scrollY).toBe(2000)
    await waitFor(() => expect(region.querySelector('[aria-live="assertive"]')).toHaveTextContent('(415) 555-0182'))
  })

  it('on a phone, a declined call’s notice leaves by itself once the agent moves on, uncovering the page', async () => {
    await page.viewport(390, 844)
    const view = renderWithBackend(
      await createStoryBackend(),
      <div>
        <button type="button">Call log</button>
        <InboundCallBanner ringSound={false} noticeMs={300} />
      </div>,
      { events: 'bus' },
    )
    await view.backend.control.ringInboundCall({ from: storyNumbers.caller, lineId: ringableLine(view.backend).lineId })
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }))
    const notices = await screen.findByRole('list', { name: 'Recent calls' })
    expect(within(notices).getByRole('listitem')).toHaveAttribute('data-outcome', 'declined')
    // Focus came to its Call back: it stays while the agent may reach for it.
    await waitFor(() => expect(within(notices).getByRole('link', { name: /Call back/ })).toHaveFocus())
    await userEvent.click(screen.getByRole('button', { name: 'Call log' }))
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recent calls' })).toBeNull())
    const region = screen.getByRole('region', { name: 'Incoming calls' })
    expect(region).toHaveAttribute('data-notices', '0')
    await page.viewport(414, 896)
  })
})
