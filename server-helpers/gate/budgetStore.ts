/**
 * Where the budget gate keeps its window: in memory for one instance ({@link createMemoryBudgetStore}),
 * in Redis for several (`createRedisBudgetStore` from `linekit/server/redis`).
 */

/**
 * The answer of {@link BudgetStore.take}: a slot taken, or how long to wait before asking again.
 * `own: true` when the window has room but the user already holds their fair share of it
 * ({@link fairShare}): that user waits, other users may still go.
 */
export type TakeResult = { ok: true } | { ok: false; waitMs: number; own?: boolean }

/** Who a slot is for, when it is a user's: the share is counted per user in the window. */
export interface TakeFor {
  user: string
  /** The window's full size (the gate's limit), of which the user's share is counted. */
  limit: number
}

/**
 * The per-user fairness rule, the same in memory and in Redis (so every instance of a deployment
 * applies it to the one shared window). A sixth of the window is kept free for whoever comes next
 * (a user not yet in it, the server's own lookups and reconciler); the rest is shared equally by
 * the `n` users holding slots in it, this user included: `(limit - ceil(limit / 6)) / n` slots
 * each, but never fewer than {@link BURST}. A user holding their share waits for their own oldest
 * slot, whatever the priority and however much of the window the others leave unused now (they
 * will ask again within the minute: a slot lent now is held for a whole window). Within it, a
 * user takes any slot short of the free sixth; of the free sixth itself, each user takes at most {@link keptPerUser}, so a second flood
 * starting while the first fills the window cannot spend it all. So one user's flood (or one
 * buggy tab) never spends the slots another user's next request needs, and a page's first reads
 * are never refused for fairness while the key has room (max-min fair by user first; the gate
 * orders each user's requests by priority). The gate names the server's background work (the
 * reconciler) as one more user (budgetGate.ts, SERVER_USER), so the read model's refresh has a
 * share no flood can take; a call for nobody (the lines lookup) counts toward the window only,
 * within its priority's ceiling.
 */
function fairShare(limit: number, users: number): number {
  const shared = limit - reserveOf(limit)
  return Math.max(1, Math.min(BURST, shared), Math.floor(shared / users))
}
/**
 * The server's own background work (budgetGate.ts names it with a leading NUL, which no user id
 * an app hands out starts with): it has a share of its own, but does not halve the users' shares.
 * It reads little and never queues; counted as a user, it made a team of one a team of two, and a
 * lone agent's page got 25 of the 60.
 */
const isServer = (user: string) => user.startsWith('\u0000')

/** The slots of the window kept free for users who hold none of it yet. */
function reserveOf(limit: number): number {
  return Math.ceil(limit / 6)
}
/**
 * The share no user goes below while the window allows it: an inbox page's first reads (contacts,
 * availability, call logs), a typing indicator and a few lines, with room to spare.
 */
const BURST = 10
/**
 * The slots of the free sixth one user may hold: half of it (5 of 60's 10), a page's first reads
 * that reach the service (the lines, contacts, availability, call logs, a message) or the
 * reconciler's reads of a minute. A second flood that starts while the first fills the window
 * leaves the other half to whoever comes next.
 */
function keptPerUser(limit: number): number {
  return Math.ceil(reserveOf(limit) / 2)
}

/**
 * How long `mine` (the user's slots in the window, oldest first) must wait before one more, 0 when
 * it may go now; `sent` is the whole window, `users` the users holding slots in it (this user
 * included). Two bounds, the same in Redis (redisBudgetStore.ts):
 * - **their share** ({@link fairShare}): holding it, they wait for their own oldest slot to leave,
 *   however empty the window is. Room the others are not using now is not lent out: those users
 *   are in the window and will ask again within the minute, and a slot lent now is held for a
 *   whole window;
 * - **the free sixth**: holding {@link keptPerUser} slots, they wait for room short of it (or for
 *   their own slot to leave), so the users who come next find it free.
 */
function ownWait(
  mine: number[],
  users: number,
  sent: { at: number }[],
  limit: number,
  windowMs: number,
  at: number,
): number {
  const share = fairShare(limit, users)
  const oldestLeaves = (held: number) => (mine[mine.length - held] ?? at) + windowMs - at
  if (mine.length >= share) return Math.max(1, oldestLeaves(share))
  const keeps = keptPerUser(limit)
  const room = mine.length >= keeps ? limit - reserveOf(limit) : limit
  let wait = 0
  if (sent.length >= room) {
    const roomFrees = (sent[sent.length - room]?.at ?? at) + windowMs - at
    wait = mine.length >= keeps ? Math.min(roomFrees, oldestLeaves(keeps)) : roomFrees
  }
  return wait > 0 ? Math.max(1, Math.ceil(wait)) : 0
}

/**
 * A sliding window of the requests sent with the key: at most `limit` in any `windowMs`, as the
 * service counts them (spec: Limits — 60 requests per minute per key), plus a pause set when the
 * service says `Retry-After`.
 */
export interface BudgetStore {
  /**
   * Takes one slot when no pause holds and: without `taker`, fewer than `ceiling` were taken in
   * the window; with `taker`, fewer than `taker.limit` were taken and the user's own bounds allow
   * it (their share, the free sixth: {@link fairShare}).
   */
  take(ceiling: number, taker?: TakeFor): Promise<TakeResult>
  /** Holds every slot (on every instance) for `ms`; extends a pause, never shortens it. */
  pause(ms: number): Promise<void>
  /** The window size; the gate estimates waits from it. */
  readonly windowMs: number
}

/** Options of {@link createMemoryBudgetStore}. */
export interface MemoryBudgetStoreOptions {
  /** @default 61000 (a minute and a second: see {@link DEFAULT_WINDOW_MS}) */
  windowMs?: number
  /** Clock (tests inject one). @default Date.now */
  now?: () => number
}

/**
 * spec: Limits — 60 per minute. One second more than the service's minute: the service counts
 * arrivals on its own clock, a request leaves here some time before it arrives there, and a slot
 * freed a few milliseconds early would be a 429 for everyone.
 */
export const DEFAULT_WINDOW_MS = 61_000

/** A {@link BudgetStore} for one instance: the send times (and users) still inside the window, oldest first. */
export function createMemoryBudgetStore(options: MemoryBudgetStoreOptions = {}): BudgetStore {
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS
  const now = options.now ?? Date.now
  const sent: { at: number; user: string | undefined }[] = []
  let pausedUntil = 0
  return {
    windowMs,
    async take(ceiling, taker) {
      const at = now()
      if (pausedUntil > at) return { ok: false, waitMs: pausedUntil - at }
      while (sent.length > 0 && (sent[0] as { at: number }).at <= at - windowMs) sent.shift()
      // A user's slot is bounded by the limit here and by their own bounds below: the priority
      // ceilings only bound a call for nobody.
      const bound = taker ? taker.limit : ceiling
      if (sent.length >= bound) {
        // The slot that lets this bound through frees when the (length - bound + 1)-th oldest leaves.
        const freeing = sent[sent.length - bound]?.at ?? sent[0]?.at ?? at
        return { ok: false, waitMs: Math.max(1, freeing + windowMs - at) }
      }
      if (taker) {
        const users = new Set<string>([taker.user])
        const mine: number[] = []
        for (const slot of sent) {
          if (slot.user === undefined) continue
          if (!isServer(slot.user)) users.add(slot.user)
          if (slot.user === taker.user) mine.push(slot.at)
        }
        const waitMs = ownWait(mine, users.size, sent, taker.limit, windowMs, at)
        if (waitMs > 0) return { ok: false, waitMs, own: true }
      }
      sent.push({ at, user: taker?.user })
      return { ok: true }
    },
    async pause(ms) {
      pausedUntil = Math.max(pausedUntil, now() + ms)
    },
  }
}
