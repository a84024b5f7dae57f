import { LinekitError } from '../api/errors'

/** Back-off settings for automatic retries. */
export interface RetryPolicy {
  /** Attempts in total, the first one included. @default 4 */
  maxAttempts: number
  /** First back-off ceiling; doubles per attempt. Each wait is between half the ceiling and the ceiling (equal jitter). @default 500 */
  baseDelayMs: number
  /** Back-off ceiling. @default 8000 */
  maxDelayMs: number
  /** Used when a 429 carries no `Retry-After`. @default 1 */
  defaultRetryAfterSeconds: number
}

/** The defaults of {@link RetryPolicy}. */
export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  defaultRetryAfterSeconds: 1,
}

/**
 * Whether an automatic retry may follow this error. Only the client's `retrySafe` verdict
 * counts: it is true for transient failures (network, timeout, 408/429/5xx) of requests that
 * cannot duplicate a side effect — reads, and sends that carry an idempotency key.
 * spec: POST /send-api-message — a send without its key is never retried.
 */
export function shouldRetry(error: unknown): boolean {
  return LinekitError.is(error) && error.retrySafe
}

/**
 * Delay before attempt `attempt + 1` (attempt is 1-based): a 429 waits its `Retry-After`
 * (spec: Errors — 429 carries `Retry-After`); others back off exponentially with equal jitter:
 * a random wait between half the ceiling and the ceiling.
 */
export function retryDelayMs(
  attempt: number,
  error: unknown,
  policy: RetryPolicy = defaultRetryPolicy,
  random: () => number = Math.random,
): number {
  if (LinekitError.is(error) && error.status === 429) {
    return (error.retryAfterSeconds ?? policy.defaultRetryAfterSeconds) * 1000
  }
  if (LinekitError.is(error) && error.retryAfterSeconds !== undefined) return error.retryAfterSeconds * 1000
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1))
  // Equal jitter (half fixed, half random): spreads a burst of retries without ever retrying at once.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}
