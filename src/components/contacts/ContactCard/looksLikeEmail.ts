/**
 * `name@domain.tld` without spaces: one `@` after something, a dot inside the domain. A scan, so a
 * long pasted value costs linear time (the pattern `^[^\s@]+@[^\s@]+\.[^\s@]+$` backtracks over dots).
 */
export function looksLikeEmail(text: string): boolean {
  const at = text.indexOf('@')
  const domain = text.slice(at + 1)
  return at > 0 && !domain.includes('@') && !/\s/.test(text) && domain.slice(1, -1).includes('.')
}
