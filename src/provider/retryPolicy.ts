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
  /**
   * A failure of the network (no answer, reset, timeout, offline, a 5xx that is not the service's)
   * is not an attempt: the send keeps its key and waits for the connection, trying again after at
   * most this long, or at once when the browser reports `online`. @default 4000
   */
  offlineMaxDelayMs: number
  /** Whether network failures wait for the connection (true) or count as attempts (false). @default true */
  waitForConnection: boolean
}

/** The defaults of {@link RetryPolicy}. */
export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  defaultRetryAfterSeconds: 1,
  offlineMaxDelayMs: 4000,
  waitForConnection: true,
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/**
 * Whether the request failed on the way, not at the service: no response, a reset, a timeout, or a
 * 5xx without the service's error body (a proxy or gateway answered). spec: Errors — the service's
 * errors carry a JSON body with `error`; only those are its verdict on the request.
 */
export function isNetworkFailure(error: unknown): boolean {
  return LinekitError.is(error) && error.retrySafe && isConnectionFailure(error)
}

/**
 * {@link isNetworkFailure} whether or not repeating the request is safe: the connection failed,
 * the service gave no verdict. For a request whose repeat changes nothing (a reaction), and for
 * one that is simply dropped meanwhile (the typing indicator).
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!LinekitError.is(error)) return false
  if (error.status === 0) return error.code === 'network_error' || error.code === 'timeout'
  return error.status >= 500 && !(isRecord(error.body) && 'error' in error.body)
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
