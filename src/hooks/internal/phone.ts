/**
 * A cheap canonical form for comparing phone numbers that are already E.164 or close to it
 * (`+1 (415) 555-0100` and `+14155550100` compare equal). Not a normalizer: parsing belongs
 * to `normalizePhone` in linekit/api, which we keep off this display/matching path for size.
 */
export function phoneKey(phone: string): string {
  const trimmed = phone.trim()
  // Group chat identifiers (`chat…`) and other non-numbers compare as given.
  if (!/^[+\d\s().-]+$/.test(trimmed)) return trimmed
  const digits = trimmed.replace(/\D/g, '')
  return trimmed.startsWith('+') ? `+${digits}` : digits
}

/**
 * The number in E.164 for a request that asks for it (spec: POST /send-typing-indicator —
 * `phoneNumber` is E.164), or undefined when it is not a phone number. libphonenumber is loaded
 * on first use only (`linekit/phone`); `US` is the default region (ASSUMPTIONS.md).
 */
export async function toE164(phone: string): Promise<string | undefined> {
  const { tryNormalizePhone } = await import('../../api/phone')
  const result = tryNormalizePhone(phone, 'US')
  return result.ok ? result.e164 : undefined
}
