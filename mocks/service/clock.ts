/**
 * The mock's clock. Everything time-dependent in the mock (rate-limit windows, the
 * de-duplication hour, processing → done, creating → active, pending → delivered, and
 * later token lifetimes) reads this clock, never `Date.now()` directly, so tests can move
 * time with `advance(ms)` instead of sleeping.
 *
 * No Node or browser APIs: timers are kept in a heap and fire synchronously whenever the
 * clock is read past their due time (`runDue`), on `advance` and on `set`. The service calls
 * `runDue()` at the start of every request, so a flowing clock behaves like real time.
 */

/** A timer callback; receives the time it was due (ms since epoch). */
export type TimerCallback = (dueAt: number) => void

/** Handle returned by {@link MockClock.setTimer}; pass it to `clearTimer`. */
export type TimerId = number

/** Options for {@link createMockClock}. */
export interface MockClockOptions {
  /** Start time (ISO string, Date or ms since epoch). @default the current wall time */
  now?: string | number | Date
  /**
   * When true the clock also moves with wall time (the standalone server, stories);
   * when false it only moves through `advance`/`set` (tests).
   * @default false
   */
  flowing?: boolean
  /** Wall-time source for a flowing clock (injectable for tests). @default Date.now */
  wallNow?: () => number
}

/** The mock's controllable clock. */
export interface MockClock {
  /** Current mock time in ms since epoch. Does not fire timers (see `runDue`). */
  now(): number
  /** Current mock time as an ISO 8601 UTC string. */
  iso(): string
  /** Move time forward by `ms` and fire every timer that became due, in due order. */
  advance(ms: number): void
  /** Jump to an absolute time (forward only; earlier times are ignored) and fire due timers. */
  set(time: string | number | Date): void
  /** Fire every timer due at or before now. Cheap when nothing is due. */
  runDue(): void
  /** Schedule `callback` at absolute time `at` (ms). */
  setTimer(at: number, callback: TimerCallback): TimerId
  /** Cancel a timer; unknown ids are ignored. */
  clearTimer(id: TimerId): void
  /** Number of pending timers. */
  pendingTimers(): number
  /** Due time (ms) of the earliest pending timer, or undefined when none is pending. */
  nextDueAt(): number | undefined
  /**
   * Calls `listener` whenever a timer is scheduled (a real-time driver re-arms on it); returns
   * a function that stops listening.
   */
  onSchedule(listener: () => void): () => void
  /**
   * Returns to the start: a manual clock to its `now` option, a flowing clock to following
   * wall time (every `advance`/`set` undone); every pending timer is dropped. Used by reset.
   */
  rewind(): void
  /** Whether the clock moves with wall time. */
  readonly flowing: boolean
}

interface Timer {
  at: number
  seq: number
  id: TimerId
  callback: TimerCallback
}

function toMs(time: string | number | Date): number {
  if (typeof time === 'number') return time
  if (time instanceof Date) return time.getTime()
  const ms = Date.parse(time)
  if (Number.isNaN(ms)) throw new TypeError(`Invalid time: ${time}`)
  return ms
}

/** Creates a mock clock; see {@link MockClockOptions}. */
export function createMockClock(options: MockClockOptions = {}): MockClock {
  const wallNow = options.wallNow ?? (() => Date.now())
  const flowing = options.flowing ?? false
  const start = options.now === undefined ? wallNow() : toMs(options.now)
  const wallStart = wallNow()
  let offset = 0
  // Binary min-heap ordered by (at, seq) so many pending timers stay cheap.
  const heap: Timer[] = []
  const cancelled = new Set<TimerId>()
  let nextId = 1
  let seq = 0
  let firing = false
  const scheduleListeners = new Set<() => void>()

  const now = () => start + offset + (flowing ? wallNow() - wallStart : 0)
  const less = (a: Timer, b: Timer) => a.at < b.at || (a.at === b.at && a.seq < b.seq)

  function push(timer: Timer) {
    heap.push(timer)
    let i = heap.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      const p = heap[parent] as Timer
      if (!less(timer, p)) break
      heap[i] = p
      i = parent
    }
    heap[i] = timer
  }

  function pop(): Timer | undefined {
    const top = heap[0]
    const last = heap.pop()
    if (top === undefined || last === undefined || heap.length === 0) return top
    let i = 0
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let m = i
      let mv = last
      const lv = heap[l]
      const rv = heap[r]
      if (lv && less(lv, mv)) {
        m = l
        mv = lv
      }
      if (rv && less(rv, mv)) {
        m = r
        mv = rv
      }
      if (m === i) break
      heap[i] = mv
      i = m
    }
    heap[i] = last
    return top
  }

  function runDue() {
    // Re-entrancy guard: a timer callback may read the clock or schedule more timers.
    if (firing) return
    firing = true
    try {
      for (;;) {
        const top = heap[0]
        if (!top || top.at > now()) break
        pop()
        if (cancelled.delete(top.id)) continue
        top.callback(top.at)
      }
    } finally {
      firing = false
    }
  }

  return {
    flowing,
    now,
    iso: () => new Date(now()).toISOString(),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance(ms) needs a finite ms >= 0')
      offset += ms
      runDue()
    },
    set(time) {
      const target = toMs(time)
      const current = now()
      if (target > current) offset += target - current
      runDue()
    },
    runDue,
    setTimer(at, callback) {
      const id = nextId++
      push({ at, seq: seq++, id, callback })
      for (const listener of scheduleListeners) listener()
      return id
    },
    clearTimer(id) {
      if (heap.some((t) => t.id === id)) cancelled.add(id)
    },
    pendingTimers: () => heap.length - cancelled.size,
    nextDueAt() {
      // Cancelled timers stay in the heap until popped; drop them from the top first.
      while (heap[0] && cancelled.has(heap[0].id)) cancelled.delete((pop() as Timer).id)
      return heap[0]?.at
    },
    onSchedule(listener) {
      scheduleListeners.add(listener)
      return () => scheduleListeners.delete(listener)
    },
    rewind() {
      offset = 0
      heap.length = 0
      cancelled.clear()
    },
  }
}
