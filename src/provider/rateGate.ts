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
 * A shared "not before" gate. When any request gets a 429 (linekit/server's budget gate is full,
 * or the service's `Retry-After`), every later request of this page through the same gate waits
 * it out, not only the one that was refused. Pacing itself is linekit/server's: it spends the
 * key's budget for every user of the app (spec: Limits — 60 requests/minute for the whole key).
 */
export interface RateGate {
  /** Resolves when requests may go out again (at once when not blocked). */
  wait(): Promise<void>
  /** Block every request through this gate for `seconds` (extends, never shortens). */
  block(seconds: number): void
  /** Epoch ms until which requests wait (0 when open). */
  readonly blockedUntil: number
  /** Calls `listener` when the gate blocks; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
  /** The gate's clock. */
  now(): number
}

/** Create a {@link RateGate}. */
export function createRateGate(time: GateTime = realTime): RateGate {
  let blockedUntil = 0
  const listeners = new Set<() => void>()
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
      if (until <= blockedUntil) return
      blockedUntil = until
      for (const listener of [...listeners]) listener()
    },
    get blockedUntil() {
      return blockedUntil
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    now: () => time.now(),
  }
}
