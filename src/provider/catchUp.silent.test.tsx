/**
 * A silent network (sleep and wake, captive Wi-Fi) keeps a read's connection open while nothing
 * moves: the read hangs until the client's own time limit. When the event stream is back, the
 * provider's catch-up must not wait for such a read: it cancels it and reads again at once.
 */
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import { createMemoryEventSource } from '../events/createMemoryEventSource'
import { useMessages } from '../hooks/useMessages'
import { LinekitProvider } from './LinekitProvider'

const listed = (content: string) => ({
  status: 'OK',
  data: [
    {
      message_handle: `pbm_${content.replace(/\W/g, '')}`,
      content,
      from_number: '+14155550124',
      to_number: '+14155550100',
      line_id: '3f6c1a52-8d4e-4b7a-9c21-5e8f0a1b2c3d',
      service: 'nativechat',
      direction: 'inbound',
      status: 'delivered',
      created_at: '2026-03-02T10:00:00.000Z',
      sent_at: '2026-03-02T10:00:00.000Z',
      media_attachment_url: null,
      voice_attachment_url: null,
    },
  ],
  pagination: { limit: 50, offset: 0, total: 1 },
})

/** A page reading one list; its server never answers the `hangOn`-th read (only an abort ends it). */
function silentRig(hangOn: number) {
  let reads = 0
  let hanging: AbortSignal | undefined
  const client = createLinekitClient({
    baseUrl: 'http://app.local/api/linekit',
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      reads += 1
      if (reads === hangOn) {
        hanging = init?.signal ?? undefined
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true }),
        )
      }
      return Promise.resolve(Response.json(listed(reads === 1 ? 'before' : 'missed meanwhile')))
    }) as typeof fetch,
  })
  const events = createMemoryEventSource()
  const { result } = renderHook(() => useMessages({ direction: 'inbound' }), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <LinekitProvider client={client} events={events}>
        {children}
      </LinekitProvider>
    ),
  })
  return {
    result,
    events,
    reads: () => reads,
    hanging: () => hanging,
    /** A read that goes out while the network carries nothing. */
    readDuringOutage: async () => {
      act(() => events.setStatus('reconnecting'))
      act(() => {
        void result.current.refetch()
      })
      await waitFor(() => expect(hanging).toBeDefined())
    },
  }
}

describe('catching up after a silent network', () => {
  it('cancels the read the outage left hanging and reads again at once', async () => {
    const rig = silentRig(2)
    await waitFor(() => expect(rig.result.current.data?.data[0]?.content).toBe('before'))
    await rig.readDuringOutage()
    act(() => rig.events.setStatus('open'))
    await waitFor(() => expect(rig.result.current.data?.data[0]?.content).toBe('missed meanwhile'), { timeout: 2000 })
    expect(rig.hanging()?.aborted).toBe(true)
    expect(rig.reads()).toBe(3)
  })

  it('lets go of a read under way while the stream is down, so it does not hold a connection until the network is back', async () => {
    const rig = silentRig(2)
    await waitFor(() => expect(rig.result.current.data?.data[0]?.content).toBe('before'))
    await rig.readDuringOutage()
    // Still down: the read is let go within a few seconds (LinekitProvider, RELEASE_READS_MS).
    await waitFor(() => expect(rig.hanging()?.aborted).toBe(true), { timeout: 6000 })
    expect(rig.result.current.data?.data[0]?.content).toBe('before')
    act(() => rig.events.setStatus('open'))
    await waitFor(() => expect(rig.result.current.data?.data[0]?.content).toBe('missed meanwhile'))
  })
})
