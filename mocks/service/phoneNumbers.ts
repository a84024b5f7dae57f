/**
 * Phone normalization for the mock, delegated to linekit/api (spec: Conventions — every phone
 * input is normalized to E.164). Invalid numbers become a 400 with the error body.
 */
import { tryNormalizePhone } from '../../src/api/phone'
import { fail } from './serviceErrors'

// Parsing costs ~60 µs; the same few numbers come back on every request, so remember them.
const cache = new Map<string, string | null>()
const CACHE_CAP = 10_000

/** E.164 for `input`, or null when it is not a valid phone number. */
export function normalizeOrNull(input: string): string | null {
  // Guard the parser against absurd inputs (property tests send megabyte strings).
  if (typeof input !== 'string' || input.length === 0 || input.length > 64) return null
  const hit = cache.get(input)
  if (hit !== undefined) return hit
  const result = tryNormalizePhone(input, 'US')
  const e164 = result.ok ? result.e164 : null
  if (cache.size >= CACHE_CAP) cache.clear()
  cache.set(input, e164)
  return e164
}

/** E.164 for `input`, or throws 400 `invalid_phone` naming `field`. */
export function requirePhone(input: string, field: string): string {
  const phone = normalizeOrNull(input)
  if (phone === null) {
    throw fail(
      400,
      'invalid_phone',
      `${field} is not a valid phone number`,
      'Send a phone number in E.164 format, e.g. +14155550123.',
    )
  }
  return phone
}
