import { cleanup, screen, within } from '@testing-library/react'
import { page, userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../../styles.css'
import { Inbox } from './Inbox'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../../../test/support/renderWithBackend'
import { ringableLine } from '../../../../stories/support'

// Real Chromium, real chain: the prefab as an app embeds it.
afterEach(async () => {
  cleanup()
  await page.viewport(414, 896)
})

const noSidewaysScroll = () => expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)

describe('<Inbox>', () => {
  it('at 320 px is one pane: threads, then the conversation with a way back; calls stay inside', async () => {
    await page.viewport(320, 640)
    const view = renderWithBackend(await createStoryBackend(), <Inbox />, { events: 'bus' })
    const threads = await screen.findByRole('navigation', { name: 'Inbox threads' })
    const ava = await within(threads).findByRole('option', { name: /Ava Stone/ }, { timeout: 10_000 })
    expect(screen.queryByRole('region', { name: /^Conversation with/ })).toBeNull()
    noSidewaysScroll()
    await userEvent.click(ava)
    expect(await screen.findByRole('region', { name: 'Conversation with Ava Stone' })).toBeVisible()
    expect(threads).not.toBeVisible()
    const back = screen.getByRole('button', { name: 'Back to threads' })
    expect(back).toHaveFocus()
    noSidewaysScroll()
    await view.backend.control.ringInboundCall({ from: storyNumbers.chat, lineId: ringableLine(view.backend).lineId })
    const answer = await screen.findByRole('button', { name: 'Answer' }, { timeout: 8000 })
    expect(answer.getBoundingClientRect().right).toBeLessThanOrEqual(320)
    noSidewaysScroll()
    await userEvent.click(back)
    await vi.waitFor(() => expect(threads).toBeVisible())
  })

  it('at 1280 px shows threads, the open thread, the side panel and the call log together', async () => {
    await page.viewport(1280, 800)
    renderWithBackend(
      await createStoryBackend(),
      <Inbox theme="dark" defaultThread={{ kind: 'direct', id: storyNumbers.chat }} />,
    )
    expect(
      await screen.findByRole('region', { name: 'Conversation with Ava Stone' }, { timeout: 10_000 }),
    ).toBeVisible()
    expect(screen.getByRole('navigation', { name: 'Inbox threads' })).toBeVisible()
    expect(screen.getByRole('region', { name: 'Dialer' })).toBeVisible()
    expect(screen.getByRole('region', { name: 'Inbox call log' })).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Inbox' }).closest('.lk-Inbox')).toHaveClass('lk-theme-dark')
    // The open 1:1 thread's contact is one tab away.
    await userEvent.click(screen.getByRole('button', { name: 'Contact' }))
    const side = screen.getByRole('region', { name: 'Inbox contact, calls and groups' })
    await vi.waitFor(() => expect(side).toHaveTextContent('ava@example.test'), { timeout: 8000 })
    noSidewaysScroll()
  })

  it('takes replacements for its parts, or leaves them out', async () => {
    renderWithBackend(
      await createStoryBackend(),
      <Inbox title="Support" parts={{ CallLogTable: null, Dialer: () => <p>Our own phone panel</p> }} />,
    )
    expect(await screen.findByText('Our own phone panel')).toBeVisible()
    expect(screen.queryByRole('region', { name: 'Support call log' })).toBeNull()
    expect(screen.getByRole('navigation', { name: 'Support threads' })).toBeInTheDocument()
  })
})
