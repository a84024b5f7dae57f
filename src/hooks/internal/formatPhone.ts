/**
 * Phone numbers for reading, without phone metadata (libphonenumber-js stays out of the first
 * load; `linekit/phone` parses what users type). Only what can be done honestly without it:
 * North American Numbering Plan numbers (+1 and ten digits, one fixed 3-3-4 shape) are grouped —
 * nationally, `(415) 555-0124`, when the line they are seen from is in the plan too (or its number
 * is not known), else `+1 415-555-0124`. Any other number is shown as given (E.164 is readable,
 * and grouping it needs each country's rules).
 */
export function formatPhone(phone: string, lineNumber?: string): string {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone.trim())
  if (!nanp) return phone
  const [, area, exchange, subscriber] = nanp
  const national = lineNumber === undefined || /^\+1\d{10}$/.test(lineNumber.trim())
  return national ? `(${area}) ${exchange}-${subscriber}` : `+1 ${area}-${exchange}-${subscriber}`
}
