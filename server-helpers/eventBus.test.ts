import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LinekitEvent } from './eventBus'
import { createMemoryEventBus } from './eventBus'
import { timingSafeEqual } from './internal/timingSafeEqual'
import { matchProxyRoute } from './internal/proxyRoutes'
import { toNextHandlers } from './next'
import { createLinekitServer } from './createLinekitServer'
import { KEY, LINE_A, fakeUpstream } from '../test/support/server/fakeUpstream'

// A server starts its read model's reconciler, which polls until the server is closed: each test
// closes the servers it made, so none of them outlives its test.
const made: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(made.splice(0).map((server) => server.close()))
})
const track = <T extends { close(): Promise<void> }>(server: T): T => (made.push(server), server)

const event = (n: number) => ({ type: 'message' as const, lineId: LINE_A, data: { n } }) as never
const ns = (events: LinekitEvent[]) => events.map((e) => (e.data as unknown as { n: number }).n)

describe('createMemoryEventBus', () => {
  it('delivers to every subscriber with increasing ids, and stops after unsubscribe', async () => {
    const bus = createMemoryEventBus()
    const a: LinekitEvent[] = []
    const b: LinekitEvent[] = []
    bus.subscribe((e) => a.push(e))
    const offB = bus.subscribe((e) => b.push(e))
    await bus.publish(event(1))
    offB()
    await bus.publish(event(2))
    expect(ns(a)).toEqual([1, 2])
    expect(ns(b)).toEqual([1])
    expect(a[0]!.id).not.toBe(a[1]!.id)
  })

  it('replays after a known id from a bounded buffer; unknown ids replay nothing', async () => {
    const bus = createMemoryEventBus({ replayBufferSize: 3 })
    const ids: string[] = []
    bus.subscribe((e) => ids.push(e.id))
    for (let n = 1; n <= 6; n++) await bus.publish(event(n))
    const after4: LinekitEvent[] = []
    bus.subscribe((e) => after4.push(e), { lastEventId: ids[3] })
    expect(ns(after4)).toEqual([5, 6])
    // id 1 fell out of the buffer: what is left (4, 5, 6) is replayed
    const after1: LinekitEvent[] = []
    bus.subscribe((e) => after1.push(e), { lastEventId: ids[0] })
    expect(ns(after1)).toEqual([4, 5, 6])
    for (const unknown of ['garbage', 'other-3', '']) {
      const none: LinekitEvent[] = []
      bus.subscribe((e) => none.push(e), { lastEventId: unknown })
      expect(none).toEqual([])
    }
    await bus.publish(event(7))
    expect(ns(after4)).toEqual([5, 6, 7])
  })

  it('keeps at most replayBufferBytes of events for replay: the oldest go, the newest replay', async () => {
    const bus = createMemoryEventBus({ replayBufferBytes: 1024 * 1024 })
    const ids: string[] = []
    bus.subscribe((e) => ids.push(e.id))
    const big = 'x'.repeat(100 * 1024)
    for (let n = 1; n <= 30; n++) await bus.publish({ type: 'message', lineId: LINE_A, data: { n, big } } as never)
    const replayed: LinekitEvent[] = []
    bus.subscribe((e) => replayed.push(e), { lastEventId: ids[0] })
    expect(replayed.length).toBeLessThanOrEqual(10)
    expect(ns(replayed).at(-1)).toBe(30)
  })

  it('keeps at most 10,000 claims: the oldest can be claimed again, the newest not', async () => {
    const bus = createMemoryEventBus({ now: () => 0 })
    for (let i = 0; i < 10_050; i++) await bus.claim!(`key-${i}`, 60_000)
    expect(await bus.claim!('key-0', 60_000)).toBe(true)
    expect(await bus.claim!('key-10049', 60_000)).toBe(false)
  })

  it('keeps delivering when a listener throws', async () => {
    const onListenerError = vi.fn()
    const bus = createMemoryEventBus({ onListenerError })
    const seen: LinekitEvent[] = []
    bus.subscribe(() => {
      throw new Error('boom')
    })
    bus.subscribe((e) => seen.push(e))
    await bus.publish(event(1))
    expect(seen).toHaveLength(1)
    expect(onListenerError).toHaveBeenCalledOnce()
  })

  it('claims a key once until it expires (injected clock)', async () => {
    let now = 1000
    const bus = createMemoryEventBus({ now: () => now })
    expect(await bus.claim!('k', 500)).toBe(true)
    expect(await bus.claim!('k', 500)).toBe(false)
    now = 1501
    expect(await bus.claim!('k', 500)).toBe(true)
  })
})

describe('timingSafeEqual', () => {
  it('is true only for the exact secret', () => {
    expect(timingSafeEqual('s3cret', 's3cret')).toBe(true)
    for (const wrong of ['s3cre', 's3cret!', 'S3cret', '', 's3crét'])
      expect(timingSafeEqual(wrong, 's3cret')).toBe(false)
    expect(timingSafeEqual('', '')).toBe(false)
  })
})

describe('matchProxyRoute', () => {
  it('re-encodes the handle and refuses anything that is not a plain segment', () => {
    expect(matchProxyRoute('GET', '/get-message-api/pbm_abc-1')).toMatchObject({
      upstreamPath: '/get-message-api/pbm_abc-1',
      handle: 'pbm_abc-1',
    })
    for (const path of [
      '/get-message-api/abc',
      '/get-message-api/pbm_a.b',
      '/get-message-api/pbm_a%2f',
      '/get-lines/',
      '/get-lines?x',
      '/x/../get-lines',
    ]) {
      expect(matchProxyRoute('GET', path), path).toBeUndefined()
    }
    expect(matchProxyRoute('POST', '/get-lines')).toBeUndefined()
  })
})

describe('construction', () => {
  it('serves every endpoint of the contract on the messaging host (no warning about unscoped endpoints)', () => {
    const logger = { warn: vi.fn(), error: vi.fn() }
    track(
      createLinekitServer({
        apiKey: KEY,
        baseUrl: 'http://b',
        appUrl: 'http://a',
        webhookSecret: false,
        logger,
        authorize: async () => null,
      }),
    )
    expect(logger.warn).not.toHaveBeenCalled()
  })

  it('refuses to start without a key or authorize', () => {
    expect(() =>
      createLinekitServer({
        apiKey: '',
        baseUrl: 'http://b',
        appUrl: 'http://a',
        webhookSecret: false,
        authorize: async () => null,
      }),
    ).toThrow(/apiKey/)
  })
})

describe('toNextHandlers', () => {
  /** A server over a fake upstream, its one user allowed on LINE_A. */
  const nextServer = () =>
    track(
      createLinekitServer({
        apiKey: KEY,
        baseUrl: 'https://base.example',
        appUrl: 'https://app.example',
        webhookSecret: false,
        fetch: fakeUpstream().fetch,
        authorize: async () => ({ userId: 'u', lineIds: [LINE_A] }),
      }),
    )

  it('exposes GET and POST that run the same core', async () => {
    const { GET, POST } = toNextHandlers(nextServer())
    const lines = await GET(new Request('https://app.example/api/linekit/get-lines'))
    expect(await lines.json()).toEqual([expect.objectContaining({ lineId: LINE_A })])
    const crossSite = await POST(
      new Request('https://app.example/api/linekit/dialer/token', {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
        body: '{}',
      }),
    )
    expect(crossSite.status).toBe(403)
  })

  it('takes a function, called on the first request: importing the route module without secrets does not throw', async () => {
    let created = 0
    const { GET } = toNextHandlers(() => {
      created += 1
      return nextServer()
    })
    expect(created).toBe(0)
    const lines = await GET(new Request('https://app.example/api/linekit/get-lines'))
    expect(await lines.json()).toEqual([expect.objectContaining({ lineId: LINE_A })])
    expect(created).toBe(1)
  })
})
