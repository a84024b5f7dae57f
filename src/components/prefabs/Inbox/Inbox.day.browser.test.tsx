import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { page, userEvent } from 'vitest/browser'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '../../../styles.css'
import { Inbox } from './Inbox'
import { Dialer, type DialerProps } from '../../calling/Dialer/Dialer'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../../../test/support/renderWithBackend'
import { ringableLine } from '../../../../stories/support'

// Real Chromium, real chain: the prefab through an agent's day (calls while typing, a hidden tab).
let visibility: DocumentVisibilityState = 'visible'
beforeEach(() => {
  visibility = 'visible'
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
  localStorage.removeItem('linekit:read:v1')
  document.title = 'Support inbox'
})
afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  await page.viewport(414, 896)
})

/** Where an element is on the page (a click scrolls the page to its target, which moves nothing). */
const rect = (el: Element) => {
  const { top, left, width, height } = el.getBoundingClientRect()
  return { top: top + window.scrollY, left: left + window.scrollX, width, height }
}

describe('<Inbox> through the day', () => {
  it.each([
    [1280, 800],
    [390, 844],
  ])(
    'at %i px a call ringing while the agent types moves and covers nothing they are reading',
    async (width, height) => {
      await page.viewport(width, height)
      const view = renderWithBackend(await createStoryBackend(), <Inbox />, { events: 'bus' })
      const threads = await screen.findByRole('navigation', { name: 'Inbox threads' })
      await userEvent.click(await within(threads).findByRole('option', { name: /Ava Stone/ }))
      const pane = await screen.findByRole('region', { name: 'Conversation with Ava Stone' })
      const last = await within(pane).findByText('Tomorrow before 5pm.')
      const box = within(pane).getByRole('textbox', { name: 'Message' })
      await userEvent.type(box, 'Your parcel left the depot')
      const before = [rect(pane), rect(last), rect(box)]

      await view.backend.control.ringInboundCall({
        from: storyNumbers.caller,
        lineId: ringableLine(view.backend).lineId,
      })
      const decline = await screen.findByRole('button', { name: 'Decline' })
      expect([rect(pane), rect(last), rect(box)]).toEqual(before)
      // The call is on screen, and what the agent reads is not under it.
      const r = decline.getBoundingClientRect()
      expect(r.bottom).toBeLessThanOrEqual(window.innerHeight)
      const middle = (el: Element) => {
        const b = el.getBoundingClientRect()
        return document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)
      }
      expect(last.contains(middle(last))).toBe(true)
      expect(middle(box)).toBe(box)
      expect(box).toHaveFocus()

      await userEvent.click(decline)
      // The declined call leaves its notice in the calls' slot: still nothing moved.
      await screen.findByText(/Declined/, { selector: '.lk-Inbox-banner *' })
      expect([rect(pane), rect(last), rect(box)]).toEqual(before)
    },
  )

  it('fills the height it is given at 1280 × 800, and is never taller than a 640 × 400 screen', async () => {
    await page.viewport(1280, 800)
    renderWithBackend(await createStoryBackend(), <Inbox defaultThread={{ kind: 'direct', id: storyNumbers.chat }} />)
    const pane = await screen.findByRole('region', { name: 'Conversation with Ava Stone' })
    const tall = pane.getBoundingClientRect()
    expect(tall.height).toBeGreaterThan(600)
    expect(tall.bottom).toBeLessThanOrEqual(800)
    await page.viewport(640, 400)
    await waitFor(() => expect(pane.getBoundingClientRect().height).toBeLessThanOrEqual(400))
  })

  it('counts unread messages in the title while the tab is hidden', async () => {
    const view = renderWithBackend(await createStoryBackend(), <Inbox />, { events: 'bus' })
    const unread = () => Number(/^\((\d+)\) Support inbox$/.exec(document.title)?.[1] ?? 0)
    await waitFor(() => expect(unread()).toBeGreaterThan(0))
    const before = unread()
    visibility = 'hidden'
    document.dispatchEvent(new Event('visibilitychange'))
    await view.backend.control.injectInboundMessage({ from: storyNumbers.chat, message: 'Are you there?' })
    await waitFor(() => expect(unread()).toBe(before + 1))
  })

  it('leaves the title alone when notifications are turned off', async () => {
    renderWithBackend(await createStoryBackend(), <Inbox notifications={false} />, { events: 'bus' })
    await screen.findByRole('option', { name: /Ava Stone/ })
    expect(document.title).toBe('Support inbox')
  })

  it('lists the inbound calls it received in the call log, beside the placed ones', async () => {
    const view = renderWithBackend(await createStoryBackend(), <Inbox />, { events: 'bus' })
    const log = await screen.findByRole('region', { name: 'Inbox call log' })
    await view.backend.control.ringInboundCall({ from: storyNumbers.caller, lineId: ringableLine(view.backend).lineId })
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(log).toHaveTextContent(/Declined/))
    expect(log).toHaveTextContent('(415) 555-0182')
    expect(within(log).getByRole('table')).toBeInTheDocument()
  })

  it("calls the open thread's customer from its header, and from its contact card", async () => {
    await page.viewport(1280, 800)
    const started = vi.fn()
    const OurDialer = (props: DialerProps) => <Dialer {...props} onCallStart={started} />
    renderWithBackend(
      await createStoryBackend(),
      <Inbox defaultThread={{ kind: 'direct', id: storyNumbers.chat }} parts={{ Dialer: OurDialer }} />,
    )
    const pane = await screen.findByRole('region', { name: 'Conversation with Ava Stone' })
    // The Dialer already holds the open thread's number.
    const side = screen.getByRole('region', { name: 'Inbox contact, calls and groups' })
    await waitFor(() => expect(within(side).getByRole('textbox', { name: /number/i })).toHaveValue(storyNumbers.chat))
    await userEvent.click(within(pane).getByRole('button', { name: 'Call Ava Stone' }))
    await waitFor(() => expect(started).toHaveBeenCalledWith(expect.objectContaining({ to: storyNumbers.chat })))
    await userEvent.click(within(side).getByRole('button', { name: 'Contact' }))
    expect(within(side).getByRole('button', { name: 'Call Ava Stone' })).toBeVisible()
  })
})
