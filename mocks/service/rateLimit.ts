/**
 * A sliding-window rate limiter on the mock clock. The messaging API uses 60/min per key
 * (spec: Limits); the voice-token mint can create its own with 30/min.
 */
import type { MockClock } from './clock'

/** Result of {@link RateLimiter.take}. */
export type RateLimitResult = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number }

/** A per-key limiter. */
export interface RateLimiter {
  /** Uses one slot for `key` if one is free. */
  take(key: string): RateLimitResult
  /** Whether a slot is free, without using it. */
  check(key: string): RateLimitResult
  /** Forget every key (reset). */
  clear(): void
}

/** Options for {@link createRateLimiter}. */
interface RateLimiterOptions {
  clock: MockClock
  /** Requests allowed per window; read on every call so settings can change it. 0 disables. */
  limit: number | (() => number)
  /** @default 60_000 */
  windowMs?: number
}

/** Creates a sliding-window limiter: at most `limit` requests in any `windowMs`. */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const windowMs = options.windowMs ?? 60_000
  const limitOf = typeof options.limit === 'function' ? options.limit : () => options.limit as number
  // Timestamps of the requests still inside the window, oldest first, per key.
  const logs = new Map<string, number[]>()

  function inspect(key: string): { log: number[]; result: RateLimitResult } {
    const now = options.clock.now()
    let log = logs.get(key)
    if (!log) {
      log = []
      logs.set(key, log)
    }
    let drop = 0
    while (drop < log.length && (log[drop] as number) <= now - windowMs) drop++
    if (drop > 0) log.splice(0, drop)
    const limit = limitOf()
    if (limit <= 0) return { log, result: { ok: true, remaining: Number.POSITIVE_INFINITY } }
    if (log.length >= limit) {
      const oldest = log[log.length - limit] as number
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + windowMs - now) / 1000))
      return { log, result: { ok: false, retryAfterSeconds } }
    }
    return { log, result: { ok: true, remaining: limit - log.length - 1 } }
  }

  return {
    take(key) {
      const { log, result } = inspect(key)
      if (result.ok && Number.isFinite(result.remaining)) log.push(options.clock.now())
      return result
    },
    check: (key) => inspect(key).result,
    clear: () => logs.clear(),
  }
}
