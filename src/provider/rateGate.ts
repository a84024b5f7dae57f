/** Injectable time, so tests drive the gate with fake timers or a mock clock. */
interface GateTime {
  now(): number
  sleep(ms: number): Promise<void>
}

const realTime: GateTime = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

/**
 * A shared "not before" gate. When any request gets a 429, every later request through the
 * same gate waits out the `Retry-After`, not only the one that was refused — so a burst from
 * many components does not keep hammering the service (spec: Limits — 60 requests/minute).
 */
export interface RateGate {
  /** Resolves when requests may go out again (at once when not blocked). */
  wait(): Promise<void>
  /** Block every request through this gate for `seconds` (extends, never shortens). */
  block(seconds: number): void
  /** Epoch ms until which requests wait (0 when open). */
  readonly blockedUntil: number
}

/** Options of {@link createRateGate}. */
interface RateGateOptions {
  /**
   * At most this many requests go out through the gate in any `windowMs` (a sliding window,
   * like the service's), so a burst is paced instead of being refused with 429s and then
   * released all at once when `Retry-After` ends. 0 disables pacing. @default 0
   */
  limit?: number
  /** @default 60000 */
  windowMs?: number
}

/** Create a {@link RateGate}. */
export function createRateGate(time: GateTime = realTime, options: RateGateOptions = {}): RateGate {
  let blockedUntil = 0
  const limit = options.limit ?? 0
  const windowMs = options.windowMs ?? 60_000
  // Send times still inside the window, oldest first.
  const sent: number[] = []
  return {
    async wait() {
      // Loop: the block may be extended by another 429 while we sleep, and slots freed by the
      // window may be taken by other waiters first.
      for (;;) {
        const now = time.now()
        const remaining = blockedUntil - now
        if (remaining > 0) {
          await time.sleep(remaining)
          continue
        }
        if (limit > 0) {
          while (sent.length > 0 && (sent[0] as number) <= now - windowMs) sent.shift()
          if (sent.length >= limit) {
            await time.sleep((sent[0] as number) + windowMs - now)
            continue
          }
          sent.push(now)
        }
        return
      }
    },
    block(seconds) {
      const until = time.now() + Math.max(0, seconds) * 1000
      if (until > blockedUntil) blockedUntil = until
    },
    get blockedUntil() {
      return blockedUntil
    },
  }
}
