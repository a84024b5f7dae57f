/**
 * The pacing is really on in the kit: `<LinekitProvider>` (and `useLinekitClient`)
 * wrap a plain client with the paced gates, so of a burst of 70 reads and 35 mints only 60 and 30
 * leave in the first minute; the rest go when the window frees (fake timers, no wall time).
 */
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import { LinekitProvider } from './LinekitProvider'
import { useLinekitClient } from './useLinekitClient'
import { MAIN } from '../../test/unit/reliability/support'

afterEach(() => {
  vi.useRealTimers()
})

function countingClient(calls: string[]) {
  return createLinekitClient({
    baseUrl: 'http://app.local/api/linekit',
    fetch: (async (input: RequestInfo | URL) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname
      calls.push(path)
      return path.endsWith('/dialer/token')
        ? Response.json({
            token: 't',
            expiresAt: new Date().toISOString(),
            ttlSeconds: 900,
            lineId: MAIN,
            inboundEnabled: false,
            maxCallsPerToken: 10,
            allowance: null,
          })
        : Response.json({ bubble: [], screen: [] })
    }) as typeof fetch,
  })
}

describe('the provider paces requests to the service budgets', () => {
  it.each(['provider', 'explicit client'] as const)(
    'via %s: 60 reads and 30 mints in the first minute, the rest after',
    async (via) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
      const calls: string[] = []
      const raw = countingClient(calls)
      const wrapper = ({ children }: { children: ReactNode }) => (
        <LinekitProvider client={countingClient([])}>{children}</LinekitProvider>
      )
      const { result } =
        via === 'provider'
          ? renderHook(() => useLinekitClient(), {
              wrapper: ({ children }: { children: ReactNode }) => (
                <LinekitProvider client={raw}>{children}</LinekitProvider>
              ),
            })
          : renderHook(() => useLinekitClient(raw), { wrapper })
      const client = result.current
      const reads = Array.from({ length: 70 }, () => client.getEffects())
      const mints = Array.from({ length: 35 }, () => client.mintVoiceToken({ lineId: MAIN }))
      await vi.advanceTimersByTimeAsync(1_000)
      expect(calls.filter((p) => p.endsWith('/get-effects'))).toHaveLength(60)
      expect(calls.filter((p) => p.endsWith('/dialer/token'))).toHaveLength(30)
      await vi.advanceTimersByTimeAsync(60_000)
      await Promise.all([...reads, ...mints])
      expect(calls.filter((p) => p.endsWith('/get-effects'))).toHaveLength(70)
      expect(calls.filter((p) => p.endsWith('/dialer/token'))).toHaveLength(35)
    },
  )
})
