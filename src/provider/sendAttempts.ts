import { LinekitError } from '../api/errors'
import type { RateGate } from './rateGate'
import { isConnectionFailure, isNetworkFailure, retryDelayMs, shouldRetry } from './retryPolicy'
import type { RetryPolicy } from './retryPolicy'
import type { SendWait } from './sendTypes'

/** How {@link attemptInOrder} retries, and what it reports meanwhile. */
interface AttemptOptions {
  policy: RetryPolicy
  sleep: (ms: number) => Promise<void>
  /** Waits for the connection: at most `ms`, sooner when the browser reports it is back. @default sleep */
  waitForNetwork?: ((ms: number) => Promise<void>) | undefined
  random?: (() => number) | undefined
  now: () => number
  /** The client's rate gate: while it is closed the attempt waits, and says why. */
  gate: RateGate | undefined
  /** Why the send waits now (`undefined`: an attempt is on its way), and the last failure. */
  onWait: (wait: SendWait | undefined, error?: unknown) => void
  /** False once the send was discarded: no further attempt. */
  live: () => boolean
  /**
   * The request changes nothing when it is made again (a reaction: a state, not a new message),
   * so a failed connection waits and tries again although the request carries no key.
   */
  repeatable?: boolean | undefined
}

/** The outcome of {@link attemptInOrder}: `discarded` when the send was dropped meanwhile. */
type AttemptOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown; discarded?: true }

/**
 * Runs `attempt` until it succeeds, fails for good (a failure that is not retry-safe, or the last
 * of `policy.maxAttempts`) or the send is dropped — all inside the send's turn of its thread, so
 * no later send of the thread goes out in between, whichever retry path is taken (429, 5xx,
 * timeout, no network). A network failure waits for the connection instead of counting as an
 * attempt (see {@link isNetworkFailure}). Every attempt is the same request with the same idempotency key.
 */
export async function attemptInOrder<T>(attempt: () => Promise<T>, o: AttemptOptions): Promise<AttemptOutcome<T>> {
  // A 429 says when to come back (its Retry-After): waiting it out is not a failed attempt, so a
  // send that meets a full budget waits its turn instead of ending "Not sent" after a few minutes
  // of a busy team. Bounded all the same, for a server that never lets it through.
  let limitedWaits = 0
  // Network failures are not the service's verdict: the send waits for the connection with no
  // limit (the agent can cancel it), keeping its key, so nothing typed is lost to an outage.
  let networkWaits = 0
  for (let n = 1; ; n++) {
    const gate = o.gate
    if (gate && gate.blockedUntil > gate.now()) {
      // Another request met a 429: this one would wait inside the client anyway; say for how long.
      const show = () => o.onWait({ reason: 'rateLimited', until: gate.blockedUntil })
      show()
      const off = gate.subscribe(show)
      try {
        await gate.wait()
      } finally {
        off()
      }
    }
    if (!o.live()) return { ok: false, error: new Error('discarded'), discarded: true }
    o.onWait(undefined)
    try {
      return { ok: true, value: await attempt() }
    } catch (error) {
      if (!o.live()) return { ok: false, error, discarded: true }
      // Automatic retries only for retry-safe failures; the key makes timeouts and 5xx safe.
      const limited = LinekitError.is(error) && error.status === 429
      if (limited && shouldRetry(error) && limitedWaits < maxRateLimitedWaits) {
        limitedWaits += 1
        n -= 1
      }
      if (o.policy.waitForConnection && (o.repeatable ? isConnectionFailure(error) : isNetworkFailure(error))) {
        networkWaits += 1
        n -= 1
        // Its own short ceiling: after a long outage the next try is never more than a few seconds away.
        const delay = retryDelayMs(
          networkWaits,
          error,
          { ...o.policy, maxDelayMs: o.policy.offlineMaxDelayMs },
          o.random,
        )
        o.onWait({ reason: 'offline', until: o.now() + delay }, error)
        await (o.waitForNetwork ?? o.sleep)(delay)
        continue
      }
      if (!shouldRetry(error) || n >= o.policy.maxAttempts) return { ok: false, error }
      const delay = retryDelayMs(n, error, o.policy, o.random)
      o.onWait({ reason: limited ? 'rateLimited' : 'retrying', until: o.now() + delay }, error)
      await o.sleep(delay)
    }
  }
}

/** 429s a send waits out before it counts them as failed attempts (each waits its Retry-After). */
const maxRateLimitedWaits = 10

/**
 * The error of a send that did not go because an earlier one of its thread failed for good: the
 * earlier one's status and code (the sentence a user reads names the real cause).
 */
export function heldBy(failure: unknown): LinekitError {
  const cause = LinekitError.is(failure) ? failure : undefined
  return new LinekitError({
    status: cause?.status ?? 0,
    code: cause?.code ?? 'unknown',
    message: `Not sent: an earlier message of this thread was not sent${cause ? ` (${cause.message})` : ''}`,
    hint: 'Send the earlier message again first, then this one.',
    retryAfterSeconds: cause?.retryAfterSeconds,
    // It never went out: sending it again cannot duplicate it.
    retrySafe: true,
    cause: failure,
  })
}

/** Is the browser offline now (a send made now waits for the connection)? */
export const offlineNow = () => typeof navigator !== 'undefined' && navigator.onLine === false

/** Sleeps `ms`, or less when the browser reports that the network is back. */
export function untilOnline(ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const target = typeof window === 'undefined' ? undefined : window
    const done = () => {
      clearTimeout(timer)
      target?.removeEventListener('online', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    target?.addEventListener('online', done)
  })
}
