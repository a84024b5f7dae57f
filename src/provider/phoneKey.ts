/**
 * A cheap canonical form for comparing phone numbers that are already E.164 or close to it
 * (`+1 (415) 555-0100` and `+14155550100` compare equal): one thread of the send engine, one
 * thread's query key. Not a normalizer: parsing belongs to `normalizePhone` in linekit/api,
 * which stays off this display/matching path for size.
 */
export function phoneKey(phone: string): string {
  const trimmed = phone.trim()
  // Group chat identifiers (`chat…`) and other non-numbers compare as given.
  if (!/^[+\d\s().-]+$/.test(trimmed)) return trimmed
  const digits = trimmed.replace(/\D/g, '')
  return trimmed.startsWith('+') ? `+${digits}` : digits
}
