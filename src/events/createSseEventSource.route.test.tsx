import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createSseEventSource } from './createSseEventSource'
import type { LinekitEvent } from './LinekitEventSource'
import { useThread } from '../hooks/useThread'
import { BASE, createBackend, renderWithBackend } from '../../test/support/renderWithBackend'
import { installMsw, msw } from '../../test/support/msw'

installMsw()

describe('createSseEventSource against the real linekit/server events route', () => {
  it('receives a webhook relayed by the server as a typed event with an id', async () => {
    const backend = createBackend()
    msw.use(...backend.handlers)
    const events = createSseEventSource({ url: `${BASE}/events` })
    const got: LinekitEvent[] = []
    events.subscribe((e) => got.push(e))
    await waitFor(() => expect(events.status).toBe('open'))

    backend.mock.control.injectInbound({ from: '+14155550124', message: 'over SSE' })
    await backend.mock.control.webhooks.flush()
    await waitFor(() => expect(got.some((e) => e.type === 'message')).toBe(true))
    const event = got.find((e) => e.type === 'message')!
    expect(event.id).not.toBe('')
    expect(event).toMatchObject({
      type: 'message',
      data: { message: 'over SSE', destination: '+14155550124', direction: 'inbound' },
    })
    events.close()
  })

  it('drives the provider: message events refetch the thread', async () => {
    const backend = createBackend()
    msw.use(...backend.handlers)
    const events = createSseEventSource({ url: `${BASE}/events` })
    const { result } = renderWithBackend(backend, () => useThread({ phoneNumber: '+14155550124' }), { events })
    await waitFor(() => expect(result.current.status).toBe('success'))
    await waitFor(() => expect(events.status).toBe('open'))
    backend.mock.control.injectInbound({ from: '+14155550124', message: 'live via SSE' })
    await backend.mock.control.webhooks.flush()
    await waitFor(() => {
      const last = result.current.items.at(-1)
      expect(last?.kind === 'message' && last.message.content).toBe('live via SSE')
    })
    events.close()
  })
})
