/**
 * Recipient-list parsing for the group composer. Pure: the phone normalizer is passed in, so this
 * module never pulls libphonenumber into a bundle by itself (it is loaded lazily, see usePhoneNormalizer.ts).
 */

/** A normalizer with the shape of `tryNormalizePhone` from `linekit/api`. */
export type Normalize = (input: string) => { ok: true; e164: string } | { ok: false; error: { message: string } }

/** One chip. */
export interface RecipientChip {
  /** What the person typed or pasted (after trimming). */
  raw: string
  /** E.164 when valid. */
  e164?: string
  /** Why it is not a phone number. */
  error?: string
  /** How many later entries normalized to the same number and were merged into this one. */
  merged: number
}

/**
 * Splits pasted text into candidate entries: one per line, comma, semicolon, tab or `|`;
 * `Name <+1 415 555 0100>` keeps the part in angle brackets; a piece that holds several
 * numbers separated by spaces is split when every part is a number on its own.
 */
export function splitRecipients(text: string, normalizeEach?: Normalize): string[] {
  const normalize = normalizeEach && once(normalizeEach)
  const out: string[] = []
  for (const piece of text.split(/[\n\r,;\t|]+/)) {
    let p = piece.trim()
    const bracket = bracketed(p)
    if (bracket) p = bracket.trim()
    if (p === '') continue
    if (normalize && /\s/.test(p) && !normalize(p).ok) {
      const parts = p.split(/\s+/).filter(Boolean)
      if (parts.length > 1 && parts.every((x) => normalize(x).ok)) {
        out.push(...parts)
        continue
      }
    }
    out.push(p)
  }
  return out
}

/** `normalize` parsing each distinct text once (a paste can repeat one entry thousands of times). */
function once(normalize: Normalize): Normalize {
  const results = new Map<string, ReturnType<Normalize>>()
  return (input) => {
    let result = results.get(input)
    if (!result) results.set(input, (result = normalize(input)))
    return result
  }
}

/**
 * The text of the first non-empty `<…>` in `p` (what `/<([^>]+)>/` finds), found by scanning:
 * the pattern backtracks over a run of `<` without `>`, quadratic in pasted text.
 */
function bracketed(p: string): string | undefined {
  for (let open = p.indexOf('<'); open >= 0; open = p.indexOf('<', open + 1)) {
    const close = p.indexOf('>', open + 1)
    if (close < 0) return undefined
    if (close > open + 1) return p.slice(open + 1, close)
  }
  return undefined
}

/**
 * Normalizes entries to E.164 and merges duplicates (first one wins, later ones are counted on
 * it); invalid entries are kept, flagged, so the person can fix or remove them. Without a
 * normalizer (not loaded yet) every entry is returned unchecked.
 */
export function toChips(entries: readonly string[], normalize?: Normalize): RecipientChip[] {
  const chips: RecipientChip[] = []
  const byNumber = new Map<string, RecipientChip>()
  // The same text always gets the same chip, so each distinct text is normalized once: a pasted
  // list that repeats one entry thousands of times costs one parse.
  const byRaw = new Map<string, RecipientChip>()
  for (const raw of entries) {
    const seen = byRaw.get(raw)
    if (seen) {
      seen.merged++
      continue
    }
    const r = normalize?.(raw)
    const sameNumber = r?.ok ? byNumber.get(r.e164) : undefined
    if (sameNumber) {
      sameNumber.merged++
      byRaw.set(raw, sameNumber)
      continue
    }
    const chip: RecipientChip =
      r === undefined
        ? { raw, merged: 0 }
        : r.ok
          ? { raw, e164: r.e164, merged: 0 }
          : { raw, error: r.error.message, merged: 0 }
    byRaw.set(raw, chip)
    if (r?.ok) byNumber.set(r.e164, chip)
    chips.push(chip)
  }
  return chips
}
