import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import '../../styles.css'
import { createLinekitClient } from 'linekit/api'
import { Conversation } from './Conversation/Conversation'
import { createBackend, renderWithBackend, BASE } from '../../../test/support/renderWithBackend'
import { asScriptedRequest } from '../../../stories/support/serviceChain'

// Real Chromium, real chain behind a switchable network: what the agent typed during an outage
// reaches the service once, by itself, when the network is back.
beforeEach(() => localStorage.clear())
afterEach(() => cleanup())

const AVA = '+14155550123'

/** A client whose network can be cut: while down, every request fails as `fetch` does offline. */
function flakyNetwork(backend: ReturnType<typeof createBackend>) {
  const net = { down: false, refused: 0 }
  const client = createLinekitClient({
    baseUrl: BASE,
    fetch: async (input, init) => {
      if (net.down) {
        net.refused += 1
        throw new TypeError('Failed to fetch')
      }
      return backend.server.handle(asScriptedRequest(new Request(input, init)))
    },
  })
  return { net, client }
}

describe('a send during a dropped network', () => {
  it('waits for the connection, says so, and is stored once when the network is back: nothing left failed', async () => {
    const backend = createBackend()
    const { net, client } = flakyNetwork(backend)
    renderWithBackend(
      backend,
      <div style={{ height: 600, width: 420, display: 'flex', flexDirection: 'column' }}>
        <Conversation phoneNumber={AVA} composerProps={{ showLinePicker: false }} />
      </div>,
      // The waits for the connection grow from 1 ms to far longer than the test: `online` ends the last one.
      { client, sendRetry: { baseDelayMs: 1, maxDelayMs: 2, maxAttempts: 2, offlineMaxDelayMs: 600_000 } },
    )
    const box = await screen.findByRole('textbox', { name: 'Message' })
    net.down = true
    await userEvent.type(box, 'Sorry for the wait{Enter}')
    await userEvent.type(box, 'Your refund is on its way{Enter}')
    const messages = screen.getByRole('region', { name: 'Messages' })
    await waitFor(() => expect(within(messages).getAllByText('Waiting for the connection…').length).toBeGreaterThan(0))
    // More failures than attempts allowed: a network failure is not the service's verdict.
    await waitFor(() => expect(net.refused).toBeGreaterThan(2))
    expect(within(messages).queryByText(/Not sent/)).toBeNull()
    expect(within(messages).getByRole('button', { name: 'Cancel' })).toBeEnabled()

    net.down = false
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(backend.outboundTo(AVA, 'Your refund is on its way')).toHaveLength(1))
    expect(backend.outboundTo(AVA, 'Sorry for the wait')).toHaveLength(1)
    // In typed order.
    const stored = backend.outboundTo(AVA).map((m) => m.content)
    expect(stored.indexOf('Sorry for the wait')).toBeLessThan(stored.indexOf('Your refund is on its way'))
    await waitFor(() => expect(within(messages).queryByText('Waiting for the connection…')).toBeNull())
    expect(within(messages).queryByText(/Not sent/)).toBeNull()
  })

  it('can be cancelled by the agent while it waits', async () => {
    const backend = createBackend()
    const { net, client } = flakyNetwork(backend)
    renderWithBackend(
      backend,
      <div style={{ height: 600, width: 420, display: 'flex', flexDirection: 'column' }}>
        <Conversation phoneNumber={AVA} composerProps={{ showLinePicker: false }} />
      </div>,
      // One failed attempt, then a long wait for the connection: the agent cancels meanwhile.
      { client, sendRetry: { baseDelayMs: 600_000, offlineMaxDelayMs: 600_000 } },
    )
    const box = await screen.findByRole('textbox', { name: 'Message' })
    net.down = true
    await userEvent.type(box, 'Never mind{Enter}')
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    // The thread's message region is rebuilt when it empties: ask the screen, not a kept node.
    await waitFor(() => expect(screen.queryByText('Never mind')).toBeNull())
    net.down = false
    window.dispatchEvent(new Event('online'))
    // The send is gone from the engine, so no attempt of it can follow.
    expect(backend.outboundTo(AVA, 'Never mind')).toHaveLength(0)
  })
})
