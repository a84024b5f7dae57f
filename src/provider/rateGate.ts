/** Injectable time, so tests drive the gate with fake timers or a mock clock. */
export interface GateTime {
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

/** Create a {@link RateGate}. */
export function createRateGate(time: GateTime = realTime): RateGate {
  let blockedUntil = 0
  return {
    async wait() {
      // Loop: the block may be extended by another 429 while we sleep.
      for (;;) {
        const remaining = blockedUntil - time.now()
        if (remaining <= 0) return
        await time.sleep(remaining)
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
