import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import '../../../styles.css'
import { createMemoryEventSource } from '../../../events/createMemoryEventSource'
import { Inbox } from '../../prefabs/Inbox/Inbox'
import { createStoryBackend, renderWithBackend } from '../../../../test/support/renderWithBackend'

// Real Chromium, real chain: while the live events are down the inbox says so, once, quietly.
afterEach(() => cleanup())

describe('<ConnectionStatus> in the inbox', () => {
  it('shows while disconnected and goes when the stream is back', async () => {
    const events = createMemoryEventSource()
    renderWithBackend(await createStoryBackend(), <Inbox />, { events })
    const line = /Connection lost — reconnecting/
    await screen.findByRole('heading', { name: 'Inbox' })
    expect(screen.queryByText(line)).toBeNull()
    act(() => events.setStatus('reconnecting'))
    const notice = await screen.findByText(line)
    expect(notice.closest('[role="status"]')).toHaveAttribute('data-status', 'reconnecting')
    expect(notice).toBeVisible()
    // Failed attempts do not repeat it: one sentence, whatever the number of retries.
    act(() => events.setStatus('reconnecting'))
    expect(screen.getAllByText(line)).toHaveLength(1)
    act(() => events.setStatus('open'))
    await waitFor(() => expect(screen.queryByText(line)).toBeNull())
  })
})
