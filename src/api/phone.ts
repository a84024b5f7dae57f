/**
 * Phone-number normalization to E.164 on libphonenumber-js (min metadata, ≈30 KB gzip).
 *
 * Size: import this module only where a person types a number (composer, dialer, forms) or on
 * the server. It is the `linekit/phone` entry, not part of `linekit/api`: the schemas and the
 * client never import it (the service normalizes group numbers itself), and the components load
 * it with `import()` when a number field mounts (`usePhoneNormalizer`).
 */
import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js/min'
import type { CountryCode } from 'libphonenumber-js/min'

export type { CountryCode }

/** Why a string is not a phone number. */
export type PhoneErrorCode = 'empty' | 'not_a_number' | 'invalid_country' | 'too_short' | 'too_long' | 'invalid'

/** A typed normalization failure. */
export interface PhoneError {
  code: PhoneErrorCode
  /** A sentence for people. */
  message: string
  input: string
}

/** Result of {@link tryNormalizePhone}. */
export type PhoneResult = { ok: true; e164: string } | { ok: false; error: PhoneError }

/** Thrown by {@link normalizePhone}. */
export class PhoneNumberError extends Error {
  override name = 'PhoneNumberError'
  readonly code: PhoneErrorCode
  readonly input: string
  constructor(error: PhoneError) {
    super(error.message)
    this.code = error.code
    this.input = error.input
  }
}

const messages: Record<PhoneErrorCode, string> = {
  empty: 'Enter a phone number.',
  not_a_number: 'This is not a phone number.',
  invalid_country: 'Unknown country code; start international numbers with + and the country code.',
  too_short: 'This phone number is too short.',
  too_long: 'This phone number is too long.',
  invalid: 'This is not a valid phone number.',
}

// libphonenumber's own input limit (it refuses longer strings as too long). Checking it first keeps
// every pattern below on a short string: the extension pattern backtracks on long blank runs.
const MAX_PHONE_INPUT_CHARS = 250

const fail = (code: PhoneErrorCode, input: string): PhoneResult => ({
  ok: false,
  error: { code, message: messages[code], input },
})

/**
 * Normalize what people paste (spaces, dots, dashes, parentheses, `00` or `+` international
 * prefixes, `tel:` URIs, national format with `defaultCountry`) to E.164.
 *
 * @param defaultCountry region for numbers written without a country code. The service's own
 *   default is not shown in the spec; linekit uses `US` where a default is needed (ASSUMPTIONS.md).
 * @example tryNormalizePhone('(415) 555-2671', 'US') // { ok: true, e164: '+14155552671' }
 */
export function tryNormalizePhone(input: string, defaultCountry?: CountryCode): PhoneResult {
  if (typeof input !== 'string') return fail('not_a_number', String(input))
  let text = input.trim().replace(/^tel:/i, '')
  if (text === '') return fail('empty', input)
  if (text.length > MAX_PHONE_INPUT_CHARS) return fail('too_long', input)
  // Letters (other than an extension marker) mean a handle or an e-mail, not a number:
  // libphonenumber would otherwise read "chat123" as +1123.
  if (/[@A-Za-z]/.test(text.replace(/\s*(?:ext\.?|x)\s*\d+$/i, ''))) return fail('not_a_number', input)
  // `00` is the international prefix in most of the world; accept it whatever the default country.
  text = text.replace(/^00[\s.-]*(?=[1-9])/, '+')
  const lengthError = validatePhoneNumberLength(text, defaultCountry)
  if (lengthError !== undefined) {
    const map: Record<string, PhoneErrorCode> = {
      NOT_A_NUMBER: 'not_a_number',
      INVALID_COUNTRY: 'invalid_country',
      TOO_SHORT: 'too_short',
      TOO_LONG: 'too_long',
      INVALID_LENGTH: 'invalid',
    }
    return fail(map[lengthError] ?? 'invalid', input)
  }
  const parsed = parsePhoneNumberFromString(text, defaultCountry)
  if (parsed === undefined)
    return fail(text.startsWith('+') || defaultCountry ? 'not_a_number' : 'invalid_country', input)
  if (!parsed.isValid()) return fail('invalid', input)
  return { ok: true, e164: parsed.number }
}

/**
 * Like {@link tryNormalizePhone} but returns the E.164 string or throws {@link PhoneNumberError}.
 */
export function normalizePhone(input: string, defaultCountry?: CountryCode): string {
  const result = tryNormalizePhone(input, defaultCountry)
  if (!result.ok) throw new PhoneNumberError(result.error)
  return result.e164
}

/** Result of {@link normalizeGroupNumbers}. */
export type GroupNumbersResult =
  { ok: true; numbers: string[] } | { ok: false; message: string; index?: number; error?: PhoneError }

/**
 * spec: POST /send-group-message — `numbers`: 2 to 32 entries, normalized to E.164 and
 * de-duplicated after normalization. Returns the unique E.164 list in first-seen order.
 */
export function normalizeGroupNumbers(numbers: readonly string[], defaultCountry?: CountryCode): GroupNumbersResult {
  const unique: string[] = []
  for (const [index, raw] of numbers.entries()) {
    const r = tryNormalizePhone(raw, defaultCountry)
    if (!r.ok) return { ok: false, index, error: r.error, message: `numbers[${index}]: ${r.error.message}` }
    if (!unique.includes(r.e164)) unique.push(r.e164)
  }
  // spec: Limits — group recipients 2 to 32 (after de-duplication)
  if (unique.length < 2 || unique.length > 32) {
    return {
      ok: false,
      message: `a group needs 2 to 32 distinct recipients after normalization (got ${unique.length})`,
    }
  }
  return { ok: true, numbers: unique }
}
