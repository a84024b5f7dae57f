import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { page, userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it } from 'vitest'
import '../../../styles.css'
import { Inbox } from './Inbox'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../../../test/support/renderWithBackend'
import type { StoryBackend } from '../../../../test/support/renderWithBackend'

// Real Chromium, real chain: the keyboard path of an agent's day through the prefab.
afterEach(async () => {
  cleanup()
  await page.viewport(414, 896)
})

const longThread =
  (count: number) =>
  async ({ control }: StoryBackend) => {
    for (let i = 1; i <= count; i++) {
      await control.injectInboundMessage({ from: storyNumbers.chat, message: `Question ${i} of ${count}` })
      await control.advanceClock(60_000)
    }
  }

/** Presses Tab until the message box has focus; how many presses it took (at most `limit`). */
async function tabsToMessageBox(limit: number) {
  for (let presses = 1; presses <= limit; presses++) {
    await userEvent.tab()
    if (document.activeElement?.matches('textarea[placeholder="Message"]')) return presses
  }
  return Infinity
}

describe('<Inbox> by keyboard', () => {
  it.each([0, 40])(
    'opening a thread focuses its message box; Tab from its row reaches the box in a handful of presses (%i more messages)',
    async (count) => {
      await page.viewport(1280, 800)
      renderWithBackend(await createStoryBackend(count ? { setup: longThread(count) } : {}), <Inbox />)
      const threads = await screen.findByRole('navigation', { name: 'Inbox threads' })
      const ava = await within(threads).findByRole('option', { name: /Ava Stone/ })
      await userEvent.click(ava)
      const pane = await screen.findByRole('region', { name: 'Conversation with Ava Stone' })
      const box = within(pane).getByRole('textbox', { name: 'Message' })
      await waitFor(() => expect(box).toHaveFocus())
      await within(pane).findByText(count ? `Question ${count} of ${count}` : 'Tomorrow before 5pm.')
      ava.focus()
      // Copy number, Call, the thread (one stop whatever its length), "Load older" when there are
      // older messages, the composer's options, the message box.
      expect(await tabsToMessageBox(12)).toBeLessThanOrEqual(6)
    },
  )
})
