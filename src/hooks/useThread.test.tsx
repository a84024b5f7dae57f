import { act, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { useThread } from './useThread'
import { createMemoryEventSource } from '../events/createMemoryEventSource'
import { createBackend, renderWithBackend, serviceHosts } from '../../test/support/renderWithBackend'
import { installMsw, recordRequests } from '../../test/support/msw'

installMsw()
const AVA = '+14155550124'
const contents = (items: ReturnType<typeof useThread>['items']) =>
  items.map((i) => (i.kind === 'message' ? i.message.content : i.body.message))

describe('useThread against the mock through the real server handler', () => {
  it('merges inbound (from_number) and outbound (to_number) and pages deep history by created_at_lte, never offset past 2000', async () => {
    // 2300 messages seeded at once are 2300 webhooks and a full backfill for the read model in
    // the same second, a burst no line sees; this test is about the hook's own paging upstream.
    const backend = createBackend({ readModel: false })
    const peer = '+14155550188'
    const { mock, apiKey } = backend
    let expected = 0
    for (let i = 0; i < 2300; i++) {
      mock.clock.advance(1000)
      if (i % 3 === 0) {
        const res = await mock.fetch(`${serviceHosts.baseUrl}/send-api-message`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ phone: peer, message: `out ${i}` }),
        })
        expect(res.status).toBe(200)
      } else {
        mock.control.injectInbound({ from: peer, message: `in ${i}` })
      }
      expected += 1
    }
    const requests = recordRequests()
    const { result } = renderWithBackend(backend, () => useThread({ phoneNumber: peer, pageSize: 100 }))
    await waitFor(() => expect(result.current.status).toBe('success'))
    let guard = 0
    while (result.current.hasOlder) {
      act(() => result.current.fetchOlder())
      await waitFor(() => expect(result.current.isFetchingOlder).toBe(false))
      if (++guard > 100) throw new Error('no progress')
    }
    const items = result.current.items
    expect(items).toHaveLength(expected)
    expect(contents(items)).toEqual(Array.from({ length: 2300 }, (_, i) => (i % 3 === 0 ? `out ${i}` : `in ${i}`)))
    const lists = requests.to('/get-messages-api')
    expect(lists.length).toBeGreaterThan(23)
    for (const r of lists) {
      const offset = Number(r.url.searchParams.get('offset') ?? 0)
      const limit = Number(r.url.searchParams.get('limit') ?? 100)
      expect(offset + limit).toBeLessThanOrEqual(200)
      const direction = r.url.searchParams.get('direction')
      // spec: from_number is inbound-only, to_number outbound-only.
      expect(r.url.searchParams.get(direction === 'inbound' ? 'from_number' : 'to_number')).toBe(peer)
    }
    expect(lists.filter((r) => r.url.searchParams.has('created_at_lte')).length).toBeGreaterThan(20)
    requests.stop()
  })

  it('updates the thread from a live message event (webhook → server bus → provider)', async () => {
    const backend = createBackend()
    const { result } = renderWithBackend(backend, () => useThread({ phoneNumber: AVA }), { events: 'bus' })
    await waitFor(() => expect(result.current.status).toBe('success'))
    expect(contents(result.current.items)).not.toContain('Running late')
    backend.mock.control.injectInbound({ from: AVA, message: 'Running late' })
    await backend.mock.control.webhooks.flush()
    await waitFor(() => expect(contents(result.current.items).at(-1)).toBe('Running late'))
  })

  it('refetches active threads when the events stream reconnects (events published meanwhile may be lost)', async () => {
    const backend = createBackend()
    const events = createMemoryEventSource()
    const requests = recordRequests()
    const { result } = renderWithBackend(backend, () => useThread({ phoneNumber: AVA }), { events })
    await waitFor(() => expect(result.current.status).toBe('success'))
    events.setStatus('reconnecting')
    // Delivered while the browser was disconnected: this memory source never hears of it.
    backend.mock.control.injectInbound({ from: AVA, message: 'Did you get this?' })
    await backend.mock.control.webhooks.flush()
    const listsBefore = requests.to('/get-messages-api').length
    expect(contents(result.current.items)).not.toContain('Did you get this?')
    act(() => events.setStatus('open'))
    await waitFor(() => expect(contents(result.current.items).at(-1)).toBe('Did you get this?'))
    expect(requests.to('/get-messages-api').length).toBeGreaterThan(listsBefore)
    requests.stop()
  })

  it('keeps loading an older page when a live event arrives meanwhile (the event refetches after it)', async () => {
    const backend = createBackend()
    const peer = '+14155550177'
    for (let i = 1; i <= 120; i++) {
      backend.mock.clock.advance(60_000)
      backend.mock.control.injectInbound({ from: peer, message: `m ${i}` })
    }
    await backend.mock.control.webhooks.flush()
    // Holds the older page's reads (time cursor) until released; then the backend answers them.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let olderAsked = false
    const hold = http.get('*/api/linekit/get-messages-api', async ({ request }) => {
      if (!new URL(request.url).searchParams.has('created_at_lte')) return
      olderAsked = true
      await held
    })
    const events = createMemoryEventSource()
    const { result } = renderWithBackend(backend, () => useThread({ phoneNumber: peer, pageSize: 50 }), {
      events,
      handlers: [hold],
    })
    await waitFor(() => expect(result.current.items).toHaveLength(50))
    act(() => result.current.fetchOlder())
    await waitFor(() => expect(olderAsked).toBe(true))
    // A message arrives while the older page is on its way: the thread must refresh, and the
    // page the user asked for must still arrive.
    backend.mock.clock.advance(60_000)
    backend.mock.control.injectInbound({ from: peer, message: 'while loading' })
    await backend.mock.control.webhooks.flush()
    act(() =>
      events.emit({
        type: 'message',
        data: {
          message: 'while loading',
          destination: peer,
          receivedAt: new Date(backend.mock.clock.now()).toISOString(),
          direction: 'inbound',
          messageId: 9_000_001,
          guid: 'guid-while-loading',
          linePhoneNumber: '+14155550100',
        },
      }),
    )
    release()
    await waitFor(() => expect(contents(result.current.items).at(-1)).toBe('while loading'))
    // Two pages of 50, refetched from the newest: the older page is there.
    await waitFor(() => expect(result.current.items).toHaveLength(100))
    expect(contents(result.current.items).slice(0, 2)).toEqual(['m 22', 'm 23'])
  })
})
