/**
 * Bounds of the control API's numbers (the control API is the mock's own; the spec is silent;
 * mocks/README.md lists them). Every number is checked before use, in process and over HTTP
 * alike: one clock step fires every timer it passes (a daily reset per simulated day), and a
 * duration past the year 275760 has no date at all.
 */
import { fail } from './serviceErrors'

const YEAR_MS = 365 * 24 * 60 * 60_000

export const controlLimits = {
  /** One move of the clock (`advanceClock`, and `setClock` ahead of now). */
  clockStepMs: YEAR_MS,
  /** Wall-time latency added to each request. */
  latencyMs: 60 * 60_000,
  /** Mock-time durations: processing, delivery, group creation, call answer and ring timeout, classification. */
  durationMs: YEAR_MS,
  /** Requests per minute, fault counts and dialer minutes. */
  count: 1_000_000,
} as const

/** `value` when it is a number from 0 to `max` (a whole number with `integer`), otherwise a 400 naming `field`. */
export function checkedNumber(
  value: unknown,
  field: string,
  max: number,
  options: { integer?: boolean; hint?: string } = {},
): number {
  const { integer = false, hint = 'See the control API in mocks/README.md for the bounds.' } = options
  const ok = typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max
  if (!ok || (integer && !Number.isInteger(value)))
    throw fail(
      400,
      'invalid_request',
      `${field} must be ${integer ? 'a whole number' : 'a number'} from 0 to ${max}`,
      hint,
    )
  return value
}

/** Checks the numbers of a patch before any is applied (a refused patch changes nothing). */
export function checkNumbers<K extends string>(
  patch: Partial<Record<K, number | null | undefined>>,
  fields: readonly K[],
  max: number,
): void {
  for (const field of fields) {
    const value = patch[field]
    if (value !== undefined && value !== null) checkedNumber(value, field, max)
  }
}
