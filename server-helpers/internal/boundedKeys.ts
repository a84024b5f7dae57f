/**
 * The keys of keyless 1:1 sends (routes/proxyRequest.ts, scopeIdempotencyKey), bounded whatever
 * a user sends: per user at most {@link KEYLESS_PER_USER} entries, at most {@link KEYLESS_USERS}
 * users, each entry a fixed-size hash (never the request's text), each expiring after the
 * window. Every operation is O(1) amortized: it runs before the budget gate, for refused requests
 * too.
 */
import { namespaceHash } from './hash'

/** Keyless sends remembered per user; past it the user's oldest is forgotten. */
export const KEYLESS_PER_USER = 100
/** Users whose keyless sends are remembered; past it the user who sent least recently is forgotten. */
export const KEYLESS_USERS = 1000

interface Entry {
  key: string
  at: number
}

/** Creates the store of keyless keys, each kept `windowMs`. */
export function createKeylessKeys(windowMs: number) {
  // Both maps keep insertion order: the oldest first, so expiry and eviction trim from the front.
  const byUser = new Map<string, Map<string, Entry>>()

  return {
    /**
     * The key of `user`'s send of `content` to `destination`: the same for a rolling window from
     * the first such send, then a new one.
     */
    keyFor(user: string, destination: string, content: string, now: number): string {
      let mine = byUser.get(user)
      if (mine) byUser.delete(user)
      else mine = new Map()
      // Most recently active last: the user evicted first is the one who sent least recently.
      byUser.set(user, mine)
      if (byUser.size > KEYLESS_USERS) byUser.delete(byUser.keys().next().value as string)
      for (const [id, entry] of mine) {
        if (now - entry.at < windowMs) break
        mine.delete(id)
      }
      const id = namespaceHash(`${destination}\n${content}`)
      let entry = mine.get(id)
      if (!entry) {
        entry = { key: `lkd_${namespaceHash(`${user}\n${id}\n${now}`)}`, at: now }
        mine.set(id, entry)
        if (mine.size > KEYLESS_PER_USER) mine.delete(mine.keys().next().value as string)
      }
      return entry.key
    },
    /** Entries held (tests and the benchmark read it). */
    get size(): number {
      let total = 0
      for (const mine of byUser.values()) total += mine.size
      return total
    },
  }
}
