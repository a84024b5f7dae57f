/**
 * Where the budget gate keeps its window: in memory for one instance ({@link createMemoryBudgetStore}),
 * in Redis for several (`createRedisBudgetStore` from `linekit/server/redis`).
 */

/** The answer of {@link BudgetStore.take}: a slot taken, or how long to wait before asking again. */
export type TakeResult = { ok: true } | { ok: false; waitMs: number }

/**
 * A sliding window of the requests sent with the key: at most `limit` in any `windowMs`, as the
 * service counts them (spec: Limits — 60 requests per minute per key), plus a pause set when the
 * service says `Retry-After`.
 */
export interface BudgetStore {
  /** Takes one slot when fewer than `ceiling` were taken in the window and no pause holds. */
  take(ceiling: number): Promise<TakeResult>
  /** Holds every slot (on every instance) for `ms`; extends a pause, never shortens it. */
  pause(ms: number): Promise<void>
  /** The window size; the gate estimates waits from it. */
  readonly windowMs: number
}

/** Options of {@link createMemoryBudgetStore}. */
export interface MemoryBudgetStoreOptions {
  /** @default 61000 (a minute and a second: see {@link DEFAULT_WINDOW_MS}) */
  windowMs?: number
  /** Clock (tests inject one). @default Date.now */
  now?: () => number
}

/**
 * spec: Limits — 60 per minute. One second more than the service's minute: the service counts
 * arrivals on its own clock, a request leaves here some time before it arrives there, and a slot
 * freed a few milliseconds early would be a 429 for everyone.
 */
export const DEFAULT_WINDOW_MS = 61_000

/** A {@link BudgetStore} for one instance: the send times still inside the window, oldest first. */
export function createMemoryBudgetStore(options: MemoryBudgetStoreOptions = {}): BudgetStore {
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS
  const now = options.now ?? Date.now
  const sent: number[] = []
  let pausedUntil = 0
  return {
    windowMs,
    async take(ceiling) {
      const at = now()
      if (pausedUntil > at) return { ok: false, waitMs: pausedUntil - at }
      while (sent.length > 0 && (sent[0] as number) <= at - windowMs) sent.shift()
      if (sent.length < ceiling) {
        sent.push(at)
        return { ok: true }
      }
      // The slot that lets this ceiling through frees when the (length - ceiling + 1)-th oldest leaves.
      const freeing = sent[sent.length - ceiling] ?? sent[0] ?? at
      return { ok: false, waitMs: Math.max(1, freeing + windowMs - at) }
    },
    async pause(ms) {
      pausedUntil = Math.max(pausedUntil, now() + ms)
    },
  }
}
