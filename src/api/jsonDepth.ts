/**
 * The nesting limit of the JSON bodies linekit/server and the mock accept: deeper structure is
 * refused with the contract's 400 before it is parsed (spec: Errors — 400 `{ error, code, hint }`
 * for a malformed body). No request the service documents nests beyond a few levels
 * (`customFields` is a flat object); without a limit a body of a few kilobytes nested thousands
 * deep overflows the stack of whoever walks it (`JSON.stringify`, a schema), a 500.
 */
export const MAX_JSON_DEPTH = 64

/**
 * True when `text` nests arrays or objects deeper than `max` (strings skipped, escapes
 * included). One pass, no recursion, no allocation: safe on any input, before `JSON.parse`.
 */
export function jsonNestsDeeper(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c) i++
      else if (ch === 0x22) inString = false
    } else if (ch === 0x22) inString = true
    else if (ch === 0x7b || ch === 0x5b) {
      depth++
      if (depth > max) return true
    } else if (ch === 0x7d || ch === 0x5d) depth--
  }
  return false
}
