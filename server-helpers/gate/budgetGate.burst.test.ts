/**
 * Rate limits, counted at the mock. A burst of 200 sends from the kit (the send engine and the
 * plain client, through linekit/server's budget gate) against the service's 60 requests/minute;
 * a burst of 200 voice-token requests against the 30 mints/minute. Every arrival at the mock is
 * recorded with its mock time and answer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import { createMockClock } from 'linekit/mocks'
import { createSendEngine } from '../../src/provider/sendEngine'
import { createServiceChain } from '../../stories/support/serviceChain'
import { MAIN, T0 } from '../../test/support/serverRig'

interface Arrival {
  at: number
  path: string
  status: number
  retryAfter: number | null
}

/**
 * The mock (its 60/min and 30/min on) behind linekit/server, on fake timers: the server's gate
 * (Date.now, setTimeout) and the mock's clock move together, one second at a time, only when the
 * driver says so.
 */
function setup() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.parse(T0) })
  const clock = createMockClock({ now: T0 })
  const arrivals: Arrival[] = []
  // The one user may use every line of the production account.
  const { mock, server } = createServiceChain({
    mock: { clock },
    account: 'production',
    prefix: '/api/linekit',
    server: {
      logger: { warn: () => undefined, error: () => undefined },
      fetch: async (request) => {
        const at = clock.now()
        const response = await mock.fetch(request)
        const path = new URL(request.url).pathname
        if (path !== '/get-lines')
          arrivals.push({
            at,
            path,
            status: response.status,
            retryAfter: response.headers.has('retry-after') ? Number(response.headers.get('retry-after')) : null,
          })
        return response
      },
    },
  })
  const client = createLinekitClient({
    baseUrl: 'http://app.local/api/linekit',
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init)
      request.headers.set('x-linekit-csrf', '1')
      return server.handle(request)
    }) as typeof fetch,
  })
  /** Moves both clocks a second at a time until `work` settles. */
  const run = async <T>(work: Promise<T>): Promise<T> => {
    let finished = false
    void work.finally(() => (finished = true)).catch(() => undefined)
    for (let second = 0; !finished && second < 3600; second++) {
      await vi.advanceTimersByTimeAsync(1000)
      clock.advance(1000)
    }
    return work
  }
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
  return { mock, clock, arrivals, client, run, sleep }
}

/** Largest number of arrivals in any window of `windowMs` (ending at an arrival). */
function maxInWindow(arrivals: Arrival[], windowMs = 60_000): number {
  let max = 0
  for (const a of arrivals) max = Math.max(max, arrivals.filter((b) => b.at > a.at - windowMs && b.at <= a.at).length)
  return max
}

/** Arrivals that came while a Retry-After the service had already answered was still running. */
function duringRetryAfter(arrivals: Arrival[]): Arrival[] {
  const refusals = arrivals.filter((a) => a.status === 429)
  return arrivals.filter((a) => refusals.some((r) => a.at > r.at && a.at < r.at + (r.retryAfter ?? 0) * 1000))
}

afterEach(() => vi.useRealTimers())

describe('rate limits, counted at the mock', () => {
  it('a burst of 200 sends: never more than 60 per minute reach the service, none during Retry-After, each stored once', async () => {
    const { mock, arrivals, run, sleep, client } = setup()
    const engine = createSendEngine({ sleep, retry: { maxAttempts: 20 } })
    const sends = Array.from(
      { length: 200 },
      (_, i) => engine.send(client, { phone: '+14155550142', message: `burst ${i}`, lineId: MAIN }).result,
    )
    const results = await run(Promise.all(sends))
    expect(results.filter((r) => !r.ok)).toEqual([])
    const stored = mock.state.accounts.get('acct_production')!.messages.filter((m) => m.content.startsWith('burst '))
    expect(stored).toHaveLength(200)
    expect(new Set(stored.map((m) => m.content)).size).toBe(200)
    const sent = arrivals.filter((a) => a.path === '/send-api-message')
    expect(sent.filter((a) => a.status === 429)).toEqual([])
    console.log(
      `sends: ${sent.length} arrivals, ${sent.filter((a) => a.status === 429).length} refused 429, max ${maxInWindow(sent)} in a minute, ${duringRetryAfter(sent).length} during Retry-After`,
    )
    expect(duringRetryAfter(sent)).toEqual([])
    expect(maxInWindow(sent)).toBeLessThanOrEqual(60)
  })

  it('a burst of 200 voice-token requests: never more than 30 mints per minute reach the service, none during Retry-After', async () => {
    const { arrivals, run, sleep, client } = setup()
    const mints = Array.from({ length: 200 }, async () => {
      for (let attempt = 0; attempt < 20; attempt++) {
        try {
          return await client.mintVoiceToken({ lineId: MAIN })
        } catch (error) {
          const { status, retryAfterSeconds } = error as { status?: number; retryAfterSeconds?: number }
          if (status !== 429) throw error
          await sleep((retryAfterSeconds ?? 1) * 1000)
        }
      }
      throw new Error('gave up')
    })
    const tokens = await run(Promise.all(mints))
    expect(tokens).toHaveLength(200)
    const minted = arrivals.filter((a) => a.path === '/api/v1/dialer/token')
    expect(minted.filter((a) => a.status === 429)).toEqual([])
    console.log(
      `mints: ${minted.length} arrivals, ${minted.filter((a) => a.status === 429).length} refused 429, max ${maxInWindow(minted)} in a minute, ${duringRetryAfter(minted).length} during Retry-After`,
    )
    expect(duringRetryAfter(minted)).toEqual([])
    expect(maxInWindow(minted)).toBeLessThanOrEqual(30)
  })
})
