import { afterEach, describe, expect, it, vi } from 'vitest'
import { createSseEventSource } from './createSseEventSource'
import { createSseParser } from './internal/sseParser'
import type { LinekitEvent, LinekitEventSourceStatus } from './LinekitEventSource'
import { encodeEventFrame } from '../api/events'
import type { LinekitEventFrame } from '../api/events'

describe('SSE parser', () => {
  it('handles split chunks, CRLF, comments, multi-line data and sticky ids', () => {
    const got: { id?: string; event: string; data: string }[] = []
    let retry = 0
    const p = createSseParser({ onMessage: (m) => got.push(m), onRetry: (ms) => (retry = ms) })
    p.push('retry: 3000\n: connected\n\nid: 1\nevent: mes')
    p.push('sage\ndata: {"a":\r')
    p.push('\ndata: 1}\r\n\r\n: heartbeat\n\ndata: x\n\n')
    expect(retry).toBe(3000)
    expect(got).toEqual([
      { id: '1', event: 'message', data: '{"a":\n1}' },
      { id: '1', event: 'message', data: 'x' },
    ])
    expect(p.lastEventId).toBe('1')
  })
})

const ringing = {
  event: 'audiocall.inbound.ringing',
  call_uuid: 'c1',
  direction: 'inbound',
  from: '+14155550124',
  pb_line_id: 'line',
  linePhoneNumber: '+14155550100',
  ringingAt: '2026-01-01T00:00:00Z',
  receivedAt: '2026-01-01T00:00:00Z',
}
const frame = (id: string, type: string, data: object) =>
  encodeEventFrame(id, { type, lineId: 'line', data } as LinekitEventFrame)

/** A fetch that serves scripted streams; each connection's controller is exposed to the test. */
function scriptedFetch() {
  const connections: { headers: Headers; controller: ReadableStreamDefaultController<Uint8Array>; status: number }[] =
    []
  const statuses: (number | { status: number; retryAfter: string })[] = []
  const fetchImpl = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const next = statuses.shift() ?? 200
    const status = typeof next === 'number' ? next : next.status
    if (status !== 200)
      return new Response('nope', {
        status,
        headers: typeof next === 'number' ? {} : { 'retry-after': next.retryAfter },
      })
    let controller!: ReadableStreamDefaultController<Uint8Array>
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) })
    init?.signal?.addEventListener('abort', () => {
      try {
        controller.error(new Error('aborted'))
      } catch {
        /* closed */
      }
    })
    connections.push({ headers: new Headers(init?.headers), controller, status })
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })
  })
  return { fetchImpl, connections, statuses }
}

const enc = new TextEncoder()

describe('createSseEventSource', () => {
  afterEach(() => vi.useRealTimers())

  it('does nothing until subscribed (SSR-safe), then delivers events and reconnects with Last-Event-ID', async () => {
    vi.useFakeTimers()
    const { fetchImpl, connections, statuses } = scriptedFetch()
    const source = createSseEventSource({
      url: 'http://app.test/api/linekit/events',
      fetch: fetchImpl as unknown as typeof fetch,
      retryMs: 1000,
    })
    expect(fetchImpl).not.toHaveBeenCalled()
    const statusLog: LinekitEventSourceStatus[] = []
    source.onStatus((s) => statusLog.push(s))
    const events: LinekitEvent[] = []
    source.subscribe((e) => events.push(e))
    await vi.advanceTimersByTimeAsync(0)
    expect(connections).toHaveLength(1)
    expect(connections[0]!.headers.get('last-event-id')).toBeNull()
    connections[0]!.controller.enqueue(
      enc.encode(
        'retry: 1000\n\n' + frame('ev-7', 'audiocall.inbound.ringing', ringing) + frame('ev-8', 'unknown.kind', {}),
      ),
    )
    await vi.advanceTimersByTimeAsync(0)
    expect(events).toEqual([{ id: 'ev-7', type: 'audiocall.inbound.ringing', lineId: 'line', data: ringing }])

    // The server drops the connection; the first retry gets a 503, the next one succeeds.
    statuses.push(503)
    connections[0]!.controller.close()
    await vi.advanceTimersByTimeAsync(0)
    expect(source.status).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(1000) // 503
    await vi.advanceTimersByTimeAsync(2000) // back-off doubled
    expect(connections).toHaveLength(2)
    // The id is sticky (HTML standard): an event of an unknown type still moves the resume point.
    expect(connections[1]!.headers.get('last-event-id')).toBe('ev-8')
    expect(statusLog).toEqual(['connecting', 'open', 'reconnecting', 'open'])
    source.close()
    expect(source.status).toBe('closed')
  })

  it('treats a silent connection as dead (missed heartbeats) and reopens it', async () => {
    vi.useFakeTimers()
    const { fetchImpl, connections } = scriptedFetch()
    const source = createSseEventSource({
      fetch: fetchImpl as unknown as typeof fetch,
      retryMs: 100,
      idleTimeoutMs: 45_000,
    })
    source.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    connections[0]!.controller.enqueue(enc.encode(': heartbeat\n\n'))
    await vi.advanceTimersByTimeAsync(44_000)
    expect(source.status).toBe('open')
    await vi.advanceTimersByTimeAsync(1_050) // 45.05 s of silence
    expect(source.status).toBe('reconnecting')
    expect(connections).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(100)
    expect(connections).toHaveLength(2)
    source.close()
  })

  it("waits a refused connection's Retry-After before reconnecting (a 429 for too many streams), then backs off from it", async () => {
    vi.useFakeTimers()
    const { fetchImpl, connections, statuses } = scriptedFetch()
    const source = createSseEventSource({ fetch: fetchImpl as unknown as typeof fetch, retryMs: 1000 })
    statuses.push({ status: 429, retryAfter: '30' }, { status: 429, retryAfter: '30' })
    source.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchImpl).toHaveBeenCalledTimes(1)
    expect(source.status).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(29_999)
    expect(fetchImpl).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchImpl).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(29_999)
    expect(fetchImpl).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchImpl).toHaveBeenCalledTimes(3)
    expect(connections).toHaveLength(1)
    expect(source.status).toBe('open')
    source.close()
  })

  it('after a long outage the back-off stays within a few seconds, and a connect attempt with no answer gives up', async () => {
    vi.useFakeTimers()
    let answer = false
    const fetchImpl = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          // A silent network: no answer until the test lets it through.
          if (answer) resolve(new Response(new ReadableStream(), { status: 200 }))
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))
        }),
    )
    const source = createSseEventSource({ fetch: fetchImpl as unknown as typeof fetch })
    source.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchImpl).toHaveBeenCalledTimes(1)
    expect(source.status).toBe('connecting')
    await vi.advanceTimersByTimeAsync(5_000) // the attempt had no answer: given up
    expect(source.status).toBe('reconnecting')
    // Ten minutes of outage: attempts keep coming at most 5 s (back-off) + 5 s (no answer) apart.
    await vi.advanceTimersByTimeAsync(600_000)
    const before = fetchImpl.mock.calls.length
    expect(before).toBeGreaterThanOrEqual(600_000 / 10_000)
    answer = true
    await vi.advanceTimersByTimeAsync(10_000)
    expect(source.status).toBe('open')
    source.close()
  })

  it('reconnects at once when the browser reports the network back, or the page is seen again', async () => {
    vi.useFakeTimers()
    const { fetchImpl, connections, statuses } = scriptedFetch()
    const source = createSseEventSource({
      fetch: fetchImpl as unknown as typeof fetch,
      retryMs: 60_000,
      maxRetryMs: 60_000,
    })
    source.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    statuses.push(503)
    connections[0]!.controller.close()
    await vi.advanceTimersByTimeAsync(0)
    expect(source.status).toBe('reconnecting')
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    // The 503: back to the (long) back-off; focus brings the next attempt forward.
    expect(fetchImpl).toHaveBeenCalledTimes(2)
    expect(source.status).toBe('reconnecting')
    window.dispatchEvent(new Event('focus'))
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchImpl).toHaveBeenCalledTimes(3)
    expect(source.status).toBe('open')
    // `online` while open: the old socket may be dead; it is reopened at once.
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    expect(connections).toHaveLength(3)
    expect(source.status).toBe('open')
    source.close()
  })

  it('a timer that fires far too late (the machine slept) reopens an open stream at once', async () => {
    vi.useFakeTimers()
    const { fetchImpl, connections } = scriptedFetch()
    const source = createSseEventSource({ fetch: fetchImpl as unknown as typeof fetch, idleTimeoutMs: 600_000 })
    source.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    expect(connections).toHaveLength(1)
    // The wall clock jumps 60 s with no timer firing: what a sleeping laptop looks like on wake.
    vi.setSystemTime(Date.now() + 60_000)
    await vi.advanceTimersByTimeAsync(5_000) // the wake check fires, 60 s late
    await vi.advanceTimersByTimeAsync(10)
    expect(connections).toHaveLength(2)
    expect(source.status).toBe('open')
    source.close()
  })
})
