import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { page, userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it } from 'vitest'
import '../../../styles.css'
import { Inbox } from './Inbox'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../../../test/support/renderWithBackend'
import type { StoryBackend } from '../../../../test/support/renderWithBackend'
import { ringableLine } from '../../../../stories/support'

// Real Chromium, real chain: where focus lands when what held it goes away (a call hung up, a
// notice dismissed, a dialog closed), at a desk's width and a phone's.
afterEach(async () => {
  cleanup()
  await page.viewport(414, 896)
})

/** Focus is on a control the agent can see: not the page, not an element of no size or under another. */
function expectVisibleFocus() {
  const active = document.activeElement
  expect(active).not.toBe(document.body)
  expect(active).toBeInstanceOf(HTMLElement)
  const box = active!.getBoundingClientRect()
  expect(box.width).toBeGreaterThan(0)
  expect(box.height).toBeGreaterThan(0)
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
  expect(active!.contains(top)).toBe(true)
  return active as HTMLElement
}

async function openAva() {
  const threads = await screen.findByRole('navigation', { name: 'Inbox threads' })
  await userEvent.click(await within(threads).findByRole('option', { name: /Ava Stone/ }))
  const pane = await screen.findByRole('region', { name: 'Conversation with Ava Stone' })
  const box = within(pane).getByRole('textbox', { name: 'Message' })
  await userEvent.type(box, 'One moment')
  return box
}

/** A call rings while the agent types; they take it to the call by its shortcut. */
async function ringAndGoToIt(view: { backend: StoryBackend }) {
  await view.backend.control.ringInboundCall({ from: storyNumbers.caller, lineId: ringableLine(view.backend).lineId })
  await screen.findByRole('button', { name: 'Answer' })
  await userEvent.keyboard('{Alt>}{Shift>}A{/Shift}{/Alt}')
  expect(screen.getByRole('button', { name: 'Answer' })).toHaveFocus()
}

describe('<Inbox> keeps focus in sight', () => {
  it.each([
    [1280, 800],
    [390, 844],
  ])('at %i px, Hang up returns focus to the message box the agent left for the call', async (width, height) => {
    await page.viewport(width, height)
    const view = renderWithBackend(await createStoryBackend(), <Inbox />, { events: 'bus' })
    const box = await openAva()
    await ringAndGoToIt(view)
    await userEvent.keyboard('{Enter}')
    const hangUp = await screen.findByRole('button', { name: 'Hang up' })
    await waitFor(() => expect(hangUp).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Hang up' })).toBeNull())
    await waitFor(() => expect(box).toHaveFocus())
    expectVisibleFocus()
  })

  it.each([
    [1280, 800],
    [390, 844],
  ])(
    'at %i px, Decline puts focus on its notice, and dismissing that returns it to the message box',
    async (width, height) => {
      await page.viewport(width, height)
      const view = renderWithBackend(await createStoryBackend(), <Inbox />, { events: 'bus' })
      const box = await openAva()
      await ringAndGoToIt(view)
      await userEvent.tab()
      expect(screen.getByRole('button', { name: 'Decline' })).toHaveFocus()
      await userEvent.keyboard('{Enter}')
      const calls = screen.getByRole('region', { name: 'Incoming calls' })
      const callBack = await within(calls).findByRole('button', { name: 'Call back (415) 555-0182' })
      await waitFor(() => expect(callBack).toHaveFocus())
      expectVisibleFocus()
      await userEvent.tab()
      expect(screen.getByRole('button', { name: /Dismiss/ })).toHaveFocus()
      await userEvent.keyboard('{Enter}')
      await waitFor(() => expect(screen.queryByRole('button', { name: /Dismiss/ })).toBeNull())
      await waitFor(() => expect(box).toHaveFocus())
      expectVisibleFocus()
    },
  )

  it('closing the contact dialog returns focus to the button that opened it', async () => {
    await page.viewport(1280, 800)
    renderWithBackend(await createStoryBackend(), <Inbox defaultThread={{ kind: 'direct', id: storyNumbers.chat }} />)
    const side = await screen.findByRole('region', { name: 'Inbox contact, calls and groups' })
    await userEvent.click(within(side).getByRole('button', { name: 'Contact' }))
    const edit = await within(side).findByRole('button', { name: /Edit/ })
    edit.focus()
    await userEvent.keyboard('{Enter}')
    await screen.findByRole('dialog')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(edit).toHaveFocus())
    expectVisibleFocus()
  })
})
