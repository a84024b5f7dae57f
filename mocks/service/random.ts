/**
 * Deterministic ids for the mock: a seeded PRNG (mulberry32) so a given seed produces the
 * same line ids, message handles and group ids on every run (reset restores the sequence).
 */

/** A seeded source of ids. */
export interface IdSource {
  /** A float in [0, 1). */
  next(): number
  /** An RFC 4122 version-4 UUID (lowercase). */
  uuid(): string
  /** `prefix` + `length` base-62 characters, e.g. `pbm_…`. */
  token(prefix: string, length?: number): string
  /** Restart the sequence from the seed. */
  reset(): void
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const HEX = '0123456789abcdef'

/** Creates a seeded id source. */
export function createIdSource(seed: number): IdSource {
  let s = seed >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const hex = (n: number) => {
    let out = ''
    for (let i = 0; i < n; i++) out += HEX[Math.floor(next() * 16)]
    return out
  }
  return {
    next,
    uuid() {
      const variant = HEX[8 + Math.floor(next() * 4)] as string
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`
    },
    token(prefix, length = 20) {
      let out = prefix
      for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(next() * ALPHABET.length)]
      return out
    },
    reset() {
      s = seed >>> 0
    },
  }
}
