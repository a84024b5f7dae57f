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
 * each, but never fewer than {@link BURST}. A user past their share still goes while the window
 * has room beyond the free sixth (nobody waits on them); once it has not, they wait for their own
 * oldest slot and everyone else goes first. So one user's flood (or one buggy tab) never spends the
 * slots another user's next request needs, a user alone (a team of one) may use 50 of the 60, and
 * a page's first reads are never refused for fairness while the key has room. A user within their
 * share takes any slot short of the free sixth, whatever the priority (max-min fair by user first,
 * then by priority); of the free sixth itself, each user takes at most {@link keptPerUser}, so
 * a second flood starting while the first fills the window cannot spend it all. The gate names
 * the server's background work (the reconciler) as one more user (budgetGate.ts, SERVER_USER), so
 * the read model's refresh has a share no flood can take; a call for nobody (the lines lookup)
 * counts toward the window only, within its priority's ceiling.
 */
function fairShare(limit: number, users: number): number {
  const shared = limit - reserveOf(limit)
  return Math.max(1, Math.min(BURST, shared), Math.floor(shared / users))
}
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
 * A sliding window of the requests sent with the key: at most `limit` in any `windowMs`, as the
 * service counts them (spec: Limits — 60 requests per minute per key), plus a pause set when the
 * service says `Retry-After`.
 */
export interface BudgetStore {
  /**
   * Takes one slot when no pause holds and: without `taker`, fewer than `ceiling` were taken in
   * the window; with `taker`, the user holds less than their {@link fairShare} and fewer than
   * `taker.limit` minus the sixth kept free were taken (whatever the priority; the kept sixth too
   * while they hold fewer than {@link keptPerUser} slots), or, past their share, fewer than
   * `ceiling` minus the sixth kept free were taken.
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
      // A user's slot is bounded by the limit here and by their share below: the priority
      // ceilings only bound what a user past their share (and a call for nobody) may use.
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
          users.add(slot.user)
          if (slot.user === taker.user) mine.push(slot.at)
        }
        const share = fairShare(taker.limit, users.size)
        const kept = reserveOf(taker.limit)
        // How far this user may fill the window, and how many of their own slots must leave for
        // them to go further. Past their share: the room nobody else needs (the priority's
        // ceiling, never the free sixth); within it: any slot short of the free sixth; holding
        // fewer than keptPerUser: the free sixth too.
        const keeps = keptPerUser(taker.limit)
        const [held, room] =
          mine.length >= share
            ? [share, ceiling - kept]
            : mine.length >= keeps
              ? [keeps, taker.limit - kept]
              : [0, taker.limit]
        if (sent.length >= room) {
          // They may go when their (count - held + 1)-th oldest leaves the window, or when the
          // window is back under `room`, whichever is first.
          const ownFrees = held > 0 ? (mine[mine.length - held] ?? at) + windowMs : Number.POSITIVE_INFINITY
          const roomFrees = (sent[sent.length - room]?.at ?? at) + windowMs
          return { ok: false, waitMs: Math.max(1, Math.min(ownFrees, roomFrees) - at), own: true }
        }
      }
      sent.push({ at, user: taker?.user })
      return { ok: true }
    },
    async pause(ms) {
      pausedUntil = Math.max(pausedUntil, now() + ms)
    },
  }
}
