import { describe, expect, it } from 'vitest'
import { createMockClock } from './clock'
import { createRateLimiter } from './rateLimit'

describe('createMockClock', () => {
  it('starts at the given time and only moves on advance/set when not flowing', () => {
    const clock = createMockClock({ now: '2026-01-01T00:00:00Z' })
    expect(clock.iso()).toBe('2026-01-01T00:00:00.000Z')
    clock.advance(1500)
    expect(clock.iso()).toBe('2026-01-01T00:00:01.500Z')
    clock.set('2025-01-01T00:00:00Z') // earlier: ignored
    expect(clock.iso()).toBe('2026-01-01T00:00:01.500Z')
    clock.set('2026-01-02T00:00:00Z')
    expect(clock.iso()).toBe('2026-01-02T00:00:00.000Z')
    expect(() => clock.advance(-1)).toThrow(RangeError)
  })

  it('fires timers in due order on advance, each once, and not before they are due', () => {
    const clock = createMockClock({ now: 0 })
    const fired: string[] = []
    clock.setTimer(300, () => fired.push('c'))
    clock.setTimer(100, (at) => fired.push(`a@${at}`))
    clock.setTimer(200, () => fired.push('b'))
    const cancelled = clock.setTimer(150, () => fired.push('x'))
    clock.clearTimer(cancelled)
    clock.advance(99)
    expect(fired).toEqual([])
    clock.advance(101)
    expect(fired).toEqual(['a@100', 'b'])
    clock.advance(1000)
    expect(fired).toEqual(['a@100', 'b', 'c'])
    expect(clock.pendingTimers()).toBe(0)
  })

  it('lets a timer schedule another timer that is already due', () => {
    const clock = createMockClock({ now: 0 })
    const fired: number[] = []
    clock.setTimer(10, () => {
      fired.push(10)
      clock.setTimer(20, () => fired.push(20))
    })
    clock.advance(50)
    expect(fired).toEqual([10, 20])
  })

  it('flows with an injected wall clock and fires due timers on runDue', () => {
    let wall = 1_000
    const clock = createMockClock({ now: 0, flowing: true, wallNow: () => wall })
    const fired: number[] = []
    clock.setTimer(500, () => fired.push(1))
    wall += 400
    expect(clock.now()).toBe(400)
    clock.runDue()
    expect(fired).toEqual([])
    wall += 100
    clock.runDue()
    expect(fired).toEqual([1])
    clock.advance(1000)
    expect(clock.now()).toBe(1500)
  })
})

describe('createRateLimiter', () => {
  it('allows `limit` requests per sliding window per key and reports the wait', () => {
    const clock = createMockClock({ now: 0 })
    const limiter = createRateLimiter({ clock, limit: 3, windowMs: 60_000 })
    expect(limiter.take('k').ok).toBe(true)
    clock.advance(10_000)
    expect(limiter.take('k').ok).toBe(true)
    expect(limiter.take('k').ok).toBe(true)
    expect(limiter.take('k')).toEqual({ ok: false, retryAfterSeconds: 50 })
    expect(limiter.take('other').ok).toBe(true)
    clock.advance(50_000) // the first request leaves the window
    expect(limiter.take('k').ok).toBe(true)
    expect(limiter.take('k').ok).toBe(false)
  })

  it('a denied request does not use a slot; limit 0 disables', () => {
    const clock = createMockClock({ now: 0 })
    let limit = 1
    const limiter = createRateLimiter({ clock, limit: () => limit })
    expect(limiter.take('k').ok).toBe(true)
    for (let i = 0; i < 5; i++) expect(limiter.take('k').ok).toBe(false)
    clock.advance(60_000)
    expect(limiter.take('k').ok).toBe(true)
    limit = 0
    for (let i = 0; i < 5; i++) expect(limiter.take('k').ok).toBe(true)
  })

  it('rewind returns a manual clock to its start and a flowing one to wall time, dropping every timer', () => {
    const manual = createMockClock({ now: 1_000 })
    const fired: number[] = []
    manual.setTimer(5_000, () => fired.push(5_000))
    manual.advance(2_000)
    manual.set(4_000)
    manual.rewind()
    expect(manual.now()).toBe(1_000)
    expect(manual.pendingTimers()).toBe(0)
    expect(manual.nextDueAt()).toBe(undefined)
    manual.advance(10_000)
    expect(fired).toEqual([])

    let wall = 50_000
    const flowing = createMockClock({ flowing: true, wallNow: () => wall })
    flowing.advance(3_600_000)
    wall += 10
    expect(flowing.now()).toBe(3_650_010)
    flowing.rewind()
    expect(flowing.now()).toBe(50_010)
  })

  it('nextDueAt skips cancelled timers; onSchedule tells a driver about new timers', () => {
    const clock = createMockClock({ now: 0 })
    let scheduled = 0
    const stop = clock.onSchedule(() => (scheduled += 1))
    const a = clock.setTimer(100, () => {})
    clock.setTimer(200, () => {})
    expect(scheduled).toBe(2)
    expect(clock.nextDueAt()).toBe(100)
    clock.clearTimer(a)
    expect(clock.nextDueAt()).toBe(200)
    stop()
    clock.setTimer(50, () => {})
    expect(scheduled).toBe(2)
    expect(clock.nextDueAt()).toBe(50)
  })
})
