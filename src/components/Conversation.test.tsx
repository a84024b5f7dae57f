import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { stubLayout } from './internal/testing/layout'
import { Conversation } from './Conversation'
import { renderWithBackend, setups, storyNumbers } from './internal/testing/renderWithBackend'

let dispose: (() => void) | undefined
let restore: () => void
beforeAll(() => {
  restore = stubLayout()
})
afterAll(() => restore())
afterEach(() => {
  dispose?.()
  dispose = undefined
})

const ui = (phone: string = storyNumbers.chat) => (
  <div style={{ height: 500 }}>
    <Conversation phoneNumber={phone} dateOptions={{ locale: 'en-US', timeZone: 'UTC' }} />
  </div>
)

describe('<Conversation>', () => {
  it('shows the thread, sends with Enter and shows the message as sent', async () => {
    const r = await renderWithBackend(ui(), { setup: [setups.nativeChat(storyNumbers.chat), setups.inboundMessages(storyNumbers.chat, ['Hi there', 'Are you open today?'])] })
    dispose = r.dispose
    const user = userEvent.setup()
    await screen.findByText('Are you open today?')
    const box = screen.getByRole('textbox', { name: 'Message' })
    await user.type(box, 'Yes, until 6{Enter}')
    expect(box).toHaveValue('')
    await screen.findByText('Yes, until 6')
    const results = await axe.run(r.container)
    expect(results.violations).toEqual([])
  })
})
