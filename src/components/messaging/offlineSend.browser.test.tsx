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
afterEach(() => {
  cleanup()
  // Nothing this file kept may be restored by another file's provider in the same origin.
  localStorage.clear()
})

const AVA = '+14155550123'

/** A client whose network can be cut: while down, every request fails as `fetch` does offline. */
function flakyNetwork(backend: ReturnType<typeof createBackend>) {
  const net = { down: false, refused: 0, keys: [] as string[] }
  const client = createLinekitClient({
    baseUrl: BASE,
    fetch: async (input, init) => {
      if (net.down) {
        net.refused += 1
        throw new TypeError('Failed to fetch')
      }
      const key = (JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { idempotencyKey?: unknown })
        .idempotencyKey
      if (typeof key === 'string') net.keys.push(key)
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

  it('is kept across a reload, goes by itself with its key once the network is back, and is stored once', async () => {
    const backend = createBackend()
    const before = flakyNetwork(backend)
    const pane = (
      <div style={{ height: 600, width: 420, display: 'flex', flexDirection: 'column' }}>
        <Conversation phoneNumber={AVA} composerProps={{ showLinePicker: false }} />
      </div>
    )
    const retry = { baseDelayMs: 1, maxDelayMs: 2, maxAttempts: 2, offlineMaxDelayMs: 600_000 }
    const first = renderWithBackend(backend, pane, { client: before.client, sendRetry: retry })
    const box = await screen.findByRole('textbox', { name: 'Message' })
    before.net.down = true
    await userEvent.type(box, 'Sorry for the wait{Enter}')
    await userEvent.type(box, 'Your refund is on its way{Enter}')
    await waitFor(() => expect(screen.getAllByText('Waiting for the connection…').length).toBeGreaterThan(0))
    const kept = JSON.parse(localStorage.getItem('linekit:outbox:v1') ?? '[]') as {
      idempotencyKey: string
      body: { message: string; idempotencyKey: string }
    }[]
    expect(kept.map((s) => s.body.message)).toEqual(['Sorry for the wait', 'Your refund is on its way'])

    // The reload: the page is gone (its requests never get through again), a new one starts.
    first.unmount()
    const after = flakyNetwork(backend)
    after.net.down = true
    renderWithBackend(backend, pane, { client: after.client, sendRetry: retry })
    const messages = await screen.findByRole('region', { name: 'Messages' })
    // Shown again at once, waiting for the connection: nothing typed was lost.
    await within(messages).findByText('Your refund is on its way')
    await waitFor(() => expect(within(messages).getAllByText('Waiting for the connection…').length).toBeGreaterThan(0))
    expect(within(messages).getAllByRole('button', { name: 'Cancel' }).length).toBeGreaterThan(0)

    after.net.down = false
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(backend.outboundTo(AVA, 'Your refund is on its way')).toHaveLength(1))
    expect(backend.outboundTo(AVA, 'Sorry for the wait')).toHaveLength(1)
    const stored = backend.outboundTo(AVA).map((m) => m.content)
    expect(stored.indexOf('Sorry for the wait')).toBeLessThan(stored.indexOf('Your refund is on its way'))
    // The keys they were typed with: had the first page's request reached the service, this one replays it.
    expect(after.net.keys).toEqual(kept.map((s) => s.idempotencyKey))
    await waitFor(() => expect(within(messages).queryByText('Waiting for the connection…')).toBeNull())
    expect(within(messages).queryByText(/Not sent/)).toBeNull()
    // Sent: nothing is left to go after another reload.
    await waitFor(() => expect(localStorage.getItem('linekit:outbox:v1')).toBeNull())
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
    // Nor after a reload: the browser keeps nothing of it.
    expect(localStorage.getItem('linekit:outbox:v1')).toBeNull()
    net.down = false
    window.dispatchEvent(new Event('online'))
    // The send is gone from the engine, so no attempt of it can follow.
    expect(backend.outboundTo(AVA, 'Never mind')).toHaveLength(0)
  })
})
