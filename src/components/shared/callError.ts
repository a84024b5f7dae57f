/**
 * What a failed audio-call request (start, answer, decline) means for the person at the screen,
 * from what the contract names: spec: Authentication 4 — 403 `AUDIOCALL_NOT_ENABLED`; answer and
 * decline — 429 rate limit, 502 device error, 503 device unreachable. A 502 or 504 that
 * linekit/server made itself (`upstream_unavailable`, `upstream_timeout`: the service did not
 * answer) is not the line's phone. The banner and the Dialer word each kind in their own strings.
 */
import { LinekitError } from '../../api/errors'

type CallErrorKind =
  'not_enabled' | 'rate_limited' | 'service_unreachable' | 'device_error' | 'device_unreachable' | 'offline' | 'other'

/** The kind of a call request's failure, and the wait a 429 asked for (`Retry-After` / `retryAfterSeconds`). */
export function callErrorKind(error: unknown): { kind: CallErrorKind; retryAfterSeconds?: number } {
  if (!LinekitError.is(error)) return { kind: 'other' }
  if (error.code === 'AUDIOCALL_NOT_ENABLED') return { kind: 'not_enabled' }
  if (error.status === 429) {
    return error.retryAfterSeconds !== undefined
      ? { kind: 'rate_limited', retryAfterSeconds: Math.ceil(error.retryAfterSeconds) }
      : { kind: 'rate_limited' }
  }
  if (error.status === 0) return { kind: 'offline' }
  if (error.code === 'upstream_unavailable' || error.code === 'upstream_timeout') return { kind: 'service_unreachable' }
  if (error.status === 502) return { kind: 'device_error' }
  if (error.status === 503) return { kind: 'device_unreachable' }
  return { kind: 'other' }
}

/** Whether trying the same request again can help. */
export function isCallErrorRetryable(kind: CallErrorKind): boolean {
  return kind !== 'not_enabled'
}
