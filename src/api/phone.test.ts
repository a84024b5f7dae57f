import { describe, expect, it } from 'vitest'
import { PhoneNumberError, normalizeGroupNumbers, normalizePhone, tryNormalizePhone } from './phone'

describe('tryNormalizePhone', () => {
  it.each([
    ['+1 415 555 2671', undefined, '+14155552671'],
    ['(415) 555-2671', 'US', '+14155552671'],
    ['415.555.2671', 'US', '+14155552671'],
    ['415-555-2671', 'US', '+14155552671'],
    ['  +14155552671  ', undefined, '+14155552671'],
    ['tel:+14155552671', undefined, '+14155552671'],
    ['0044 20 7946 0958', 'US', '+442079460958'],
    ['00 44 20 7946 0958', undefined, '+442079460958'],
    ['+44 (0)20 7946 0958', undefined, '+442079460958'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['06 12 34 56 78', 'FR', '+33612345678'],
    ['011 44 20 7946 0958', 'US', '+442079460958'],
  ] as const)('%s (default %s) → %s', (input, country, e164) => {
    expect(tryNormalizePhone(input, country)).toEqual({ ok: true, e164 })
  })

  it.each([
    ['', 'US', 'empty'],
    ['   ', 'US', 'empty'],
    ['someone@example.com', 'US', 'not_a_number'],
    ['chat123456', 'US', 'not_a_number'],
    ['4155552671', undefined, 'invalid_country'],
    ['+999 1234567', undefined, 'invalid_country'],
    ['12', 'US', 'too_short'],
    ['+1 415 555 26711234', undefined, 'too_long'],
    ['+1 123 456 7890', undefined, 'invalid'],
  ] as const)('%j (default %s) → %s', (input, country, code) => {
    const result = tryNormalizePhone(input, country)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe(code)
      expect(result.error.input).toBe(input)
      expect(result.error.message.length).toBeGreaterThan(0)
    }
  })
})

describe('normalizePhone', () => {
  it('returns E.164 or throws a typed PhoneNumberError', () => {
    expect(normalizePhone('(415) 555-2671', 'US')).toBe('+14155552671')
    expect(() => normalizePhone('nope')).toThrow(PhoneNumberError)
    try {
      normalizePhone('12', 'US')
    } catch (e) {
      expect(e).toBeInstanceOf(PhoneNumberError)
      expect((e as PhoneNumberError).code).toBe('too_short')
    }
  })
})

describe('normalizeGroupNumbers', () => {
  it('normalizes, de-duplicates in first-seen order, and counts after de-duplication', () => {
    expect(normalizeGroupNumbers(['(415) 555-2671', '+14155552671', '+1 415 555 2672'], 'US')).toEqual({
      ok: true,
      numbers: ['+14155552671', '+14155552672'],
    })
    const one = normalizeGroupNumbers(['(415) 555-2671', '+14155552671'], 'US')
    expect(one.ok).toBe(false)
  })

  it('names the first entry that is not a phone number', () => {
    const r = normalizeGroupNumbers(['+14155552671', 'chat4567'], 'US')
    expect(r).toMatchObject({ ok: false, index: 1, error: { code: 'not_a_number' } })
  })
})
