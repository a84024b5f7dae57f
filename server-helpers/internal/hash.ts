/**
 * A deterministic 212-bit hash as 56 hex characters (four seeded cyrb53 rounds). Not a MAC: it
 * only keeps users' idempotency keys apart (and user ids out of what the service sees), the same
 * on every runtime and instance — Web Crypto's digest is async and missing outside secure contexts.
 */
export function namespaceHash(text: string): string {
  let out = ''
  for (let seed = 1; seed <= 4; seed++) {
    let h1 = 0xdeadbeef ^ seed
    let h2 = 0x41c6ce57 ^ seed
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i)
      h1 = Math.imul(h1 ^ ch, 2654435761)
      h2 = Math.imul(h2 ^ ch, 1597334677)
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
    out += (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')
  }
  return out
}

/** Keys longer than this are kept as their hash (57 characters). */
const LONGEST_KEY = 64

/**
 * A key to keep for `text`: itself when no longer than any id the service gives, else its hash,
 * so no request body (nor a hostile id) is ever kept as a key in memory or in Redis.
 */
export function compactKey(text: string): string {
  return text.length > LONGEST_KEY ? `#${namespaceHash(text)}` : text
}
