const encoder = new TextEncoder()

/**
 * Compares two strings in time that depends only on the length of `expected`, not on where
 * they first differ, so the webhook secret cannot be guessed byte by byte from response times.
 * Web-standard (no node:crypto) because linekit/server also runs on the edge and in the browser.
 */
export function timingSafeEqual(actual: string, expected: string): boolean {
  const a = encoder.encode(actual)
  const b = encoder.encode(expected)
  // Loop over the expected length whatever the input; a length mismatch still fails.
  let diff = a.length ^ b.length
  for (let i = 0; i < b.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return diff === 0 && b.length > 0
}
