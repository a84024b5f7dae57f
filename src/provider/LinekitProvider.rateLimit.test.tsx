/**
 * The browser side of the key's budget: `<LinekitProvider>` no longer paces on its own (each page
 * pacing alone cannot keep a team within one key's 60 requests/minute; linekit/server's gate
 * does), and when linekit/server answers 429 every request of the page waits its Retry-After
 * while `useRateLimit` says so ("Too many requests — retrying in 12 s"), on fake timers.
 */
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import { LinekitProvider } from './LinekitProvider'
import { useLinekitClient } from './useLinekitClient'
import { useRateLimit } from './useRateLimit'

afterEach(() => {
  vi.useRealTimers()
})

/** A client whose server answers `refuse` 429s first (linekit/server's queue-limit answer), then 200. */
function countingClient(calls: string[], refuse = 0) {
  return createLinekitClient({
    baseUrl: 'http://app.local/api/linekit',
    fetch: (async (input: RequestInfo | URL) => {
      calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname)
      if (refuse-- > 0)
        return Response.json(
          { error: 'Too many requests', code: 'rate_limited', hint: 'Retry after 12 s (Retry-After).' },
          { status: 429, headers: { 'retry-after': '12' } },
        )
      return Response.json({ bubble: [], screen: [] })
    }) as typeof fetch,
  })
}

describe('the provider and the key budget', () => {
  it('does not pace requests itself: a burst leaves at once (linekit/server spends the budget)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const calls: string[] = []
    const raw = countingClient(calls)
    const { result } = renderHook(() => useLinekitClient(), {
      wrapper: ({ children }: { children: ReactNode }) => <LinekitProvider client={raw}>{children}</LinekitProvider>,
    })
    await Promise.all(Array.from({ length: 70 }, () => result.current.getEffects()))
    expect(calls).toHaveLength(70)
  })

  it("after linekit/server's 429 the page waits its Retry-After, and useRateLimit counts it down", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    const calls: string[] = []
    const raw = countingClient(calls, 1)
    const { result } = renderHook(() => ({ client: useLinekitClient(), rate: useRateLimit() }), {
      wrapper: ({ children }: { children: ReactNode }) => <LinekitProvider client={raw}>{children}</LinekitProvider>,
    })
    expect(result.current.rate).toEqual({ limited: false, retryInSeconds: 0 })
    await act(async () => {
      await result.current.client.getEffects().catch(() => undefined)
    })
    expect(result.current.rate).toEqual({ limited: true, retryInSeconds: 12 })
    let later = false
    void result.current.client.getEffects().then(() => (later = true))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000)
    })
    expect(result.current.rate).toEqual({ limited: true, retryInSeconds: 7 })
    expect(calls).toHaveLength(1)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(7_000)
    })
    expect(later).toBe(true)
    expect(calls).toHaveLength(2)
    expect(result.current.rate).toEqual({ limited: false, retryInSeconds: 0 })
  })
})
