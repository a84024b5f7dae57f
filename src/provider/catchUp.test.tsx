/**
 * After an outage the screen is right again: the events published while the page was
 * disconnected never reach it (spec: Events rule 2 — delivered once, never replayed), so on
 * reconnect the provider reads what it may have missed. The chain is real (mock → webhook route
 * → server bus → page); the page's event source hears nothing while "disconnected".
 */
import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useConversationList } from '../hooks/useConversationList'
import { useInboundCallHistory } from '../hooks/useInboundCallHistory'
import { useInboundCalls } from '../hooks/useInboundCalls'
import { createMemoryEventSource } from '../events/createMemoryEventSource'
import { createBackend, renderWithBackend } from '../../test/support/renderWithBackend'
import { installMsw } from '../../test/support/msw'

installMsw()

/** A page whose event source follows the server's bus while `online`. */
function outageRig() {
  const backend = createBackend()
  const events = createMemoryEventSource()
  let online = true
  const stop = backend.server.bus.subscribe((event) => {
    if (online) events.emit({ id: event.id, type: event.type, data: event.data } as Parameters<typeof events.emit>[0])
  })
  const settle = async () => {
    await backend.mock.control.webhooks.flush()
    await backend.server.settled()
  }
  return {
    backend,
    events,
    settle,
    drop: () => {
      online = false
      act(() => events.setStatus('reconnecting'))
    },
    restore: () => {
      online = true
      act(() => events.setStatus('open'))
    },
    stop,
  }
}

describe('catching up after an outage', () => {
  it('puts the threads written to meanwhile on top, in order, with their unread counts', async () => {
    const rig = outageRig()
    const { result } = renderWithBackend(rig.backend, () => useConversationList({}), { events: rig.events })
    await waitFor(() => expect(result.current.conversations.length).toBeGreaterThan(2))
    const before = result.current.conversations.map((c) => c.key)

    rig.drop()
    await act(async () => {
      rig.backend.mock.clock.advance(1000)
      rig.backend.mock.control.injectInbound({ from: '+14155550191', message: 'first one' })
      rig.backend.mock.clock.advance(1000)
      rig.backend.mock.control.injectInbound({ from: '+14155550192', message: 'second, 1 of 2' })
      rig.backend.mock.clock.advance(1000)
      rig.backend.mock.control.injectInbound({ from: '+14155550192', message: 'second, 2 of 2' })
      await rig.settle()
    })
    expect(result.current.conversations.map((c) => c.key)).toEqual(before)

    rig.restore()
    await waitFor(() => expect(result.current.conversations[0]?.id).toBe('+14155550192'))
    const [top, next] = result.current.conversations
    expect(top).toMatchObject({ id: '+14155550192', unread: 2 })
    expect(top?.last.content).toBe('second, 2 of 2')
    expect(next).toMatchObject({ id: '+14155550191', unread: 1 })
    // The threads from before keep their order below.
    expect(result.current.conversations.slice(2).map((c) => c.key)).toEqual(before)
    rig.stop()
  })

  it('rings only the call still ringing: one that ended during the outage does not ring', async () => {
    const rig = outageRig()
    const { result } = renderWithBackend(
      rig.backend,
      () => {
        useInboundCallHistory()
        return useInboundCalls()
      },
      { events: rig.events, callPollIntervalMs: 60_000 },
    )
    const line = rig.backend.lines.find((l) => l.audioCallEnabled && l.inboundNumber)!
    const calls = rig.backend.mock.control.calls
    let before = ''
    await act(async () => {
      before = calls.inbound({ lineId: line.lineId, from: '+14155550181' }).call_uuid
      await rig.settle()
    })
    await waitFor(() => expect(result.current.current?.callUuid).toBe(before))

    rig.drop()
    let still = ''
    await act(async () => {
      // Rang before the outage and ended during it; rang and ended during it; rings on.
      calls.end(before, 'no_answer')
      const missed = calls.inbound({ lineId: line.lineId, from: '+14155550182' }).call_uuid
      calls.end(missed, 'no_answer')
      still = calls.inbound({ lineId: line.lineId, from: '+14155550183' }).call_uuid
      await rig.settle()
    })
    expect(result.current.current?.callUuid).toBe(before)

    rig.restore()
    await waitFor(() =>
      expect(result.current.calls.filter((c) => c.state === 'ringing').map((c) => c.callUuid)).toEqual([still]),
    )
    rig.stop()
  })
})
