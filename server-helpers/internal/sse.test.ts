import { describe, expect, it } from 'vitest'
import { createMemoryEventBus } from '../eventBus'
import { sseResponse } from './sse'

describe('an event stream nobody reads', () => {
  it('is cut off once more than maxQueuedBytes wait unread: the server does not keep the backlog', async () => {
    const bus = createMemoryEventBus()
    let closed = false
    const response = sseResponse({
      bus,
      filter: () => true,
      lastEventId: undefined,
      heartbeatMs: 60_000,
      retryMs: 1000,
      signal: new AbortController().signal,
      maxQueuedBytes: 1024 * 1024,
      onClose: () => (closed = true),
    })
    const big = 'x'.repeat(100 * 1024)
    for (let n = 0; n < 9 && !closed; n++)
      await bus.publish({ type: 'message', lineId: 'line-a', data: { n, big } } as never)
    expect(closed).toBe(false)
    for (let n = 9; n < 20 && !closed; n++)
      await bus.publish({ type: 'message', lineId: 'line-a', data: { n, big } } as never)
    expect(closed).toBe(true)
    // What was queued before the cut is still readable; then the stream ends.
    const text = await response.text()
    expect(text.length).toBeLessThanOrEqual(1024 * 1024 + 2 * big.length)
  })
})
