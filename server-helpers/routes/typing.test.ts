import { describe, expect, it, vi } from 'vitest'
import type { LinekitContext } from '../routeContext'
import type { UpstreamAnswer } from '../internal/upstream'
import { createTypingCoalescer, TYPING_THREADS } from './typing'

const sent = (): Promise<UpstreamAnswer> =>
  Promise.resolve({ status: 200, statusText: 'OK', headers: new Headers(), text: '{"status":"SENT"}' })

describe('the typing coalescer', () => {
  it('keeps at most TYPING_THREADS threads, whatever one user sends; the newest still coalesce', async () => {
    const now = 0
    const typing = createTypingCoalescer({ now: () => now } as unknown as LinekitContext, 5000)
    const send = vi.fn(sent)
    for (let i = 0; i < TYPING_THREADS + 100; i++)
      await typing.send('alice', 'line-a', `+1415${String(i).padStart(7, '0')}`, send)
    expect(typing.size).toBeLessThanOrEqual(TYPING_THREADS)
    expect(send).toHaveBeenCalledTimes(TYPING_THREADS + 100)
    // The newest thread's indicator stands: another keystroke there costs nothing upstream.
    await typing.send('alice', 'line-a', `+1415${String(TYPING_THREADS + 99).padStart(7, '0')}`, send)
    expect(send).toHaveBeenCalledTimes(TYPING_THREADS + 100)
  })
})
