/**
 * The one place that spends the key's budget (spec: Limits — 60 requests per minute for the
 * whole key, 30 mints per minute): every upstream call of the deployment waits here for a slot
 * of the shared window, each user within a fair share of it, user actions first, then reads a user
 * waits for, then background work.
 */
import type { BudgetStore, TakeResult } from './budgetStore'

/**
 * What an upstream call is for. `action`: a send, group send, reaction or call start/answer/
 * decline/end (a user pressed a button); `read`: a read a user is waiting for (and a typing
 * indicator, the cheapest request to drop);
 * `background`: work nobody waits for (the read model's reconciler). Background work never
 * waits in the queue: when the window has no room for it, or users' requests wait, it is refused
 * at once and its caller tries again later (the reconciler at its next tick), so it never holds
 * a place users need nor goes out late.
 */
export type Priority = 'action' | 'read' | 'background'

const rank: Record<Priority, number> = { action: 0, read: 1, background: 2 }

/**
 * Whom the server's background work (the reconciler) counts against: one more user of the window. A NUL cannot start a user id an application hands out, so no user shares it.
 */
const SERVER_USER = '\u0000server'

/**
 * Thrown by {@link BudgetGate.acquire} when the queue is full: answer 429 with `Retry-After`.
 * `own`: the caller's user holds their fair share of the window (others may still go).
 */
export class GateFullError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly own = false,
  ) {
    super(`The request budget is in use; retry in ${retryAfterSeconds} s`)
    this.name = 'GateFullError'
  }
}

/** Options of {@link createBudgetGate}. */
interface BudgetGateOptions {
  store: BudgetStore
  /** Requests per window (spec: Limits). */
  limit: number
  /**
   * Slots of the window kept free for higher priorities, for calls that name no user (the
   * server's line lookups): reads may take a slot only while fewer than `limit - reserve.read`
   * were sent, background work while fewer than `limit - reserve.background`. Users' calls (and
   * the reconciler's, as one more user) are bounded by their own share instead (budgetStore.ts,
   * fairShare). @default { read: 10 % of limit, background: 30 % of limit }
   */
  reserve?: { read?: number; background?: number }
  /** Waiting requests beyond which the lowest-priority newest one is refused with 429. */
  maxQueue: number
  /**
   * Longest wait for a slot: past it the waiter is refused with 429 and `Retry-After` (the
   * browser's own time limit, 30 s in the linekit client, would end it anyway); a newcomer facing
   * a longer pause the service asked for is refused at once. @default 20000
   */
  maxWaitMs?: number
  /** Clock for the Retry-After estimate (tests inject one). @default Date.now */
  now?: () => number
}

/** A shared budget gate. */
export interface BudgetGate {
  /**
   * Resolves when a slot is taken for this call. `user` (the signed-in user it is for) counts it
   * toward that user's fair share of the window (budgetStore.ts, fairShare); the server's own calls
   * name no user. Rejects with {@link GateFullError} when the queue is full or the user's share
   * is spent for longer than anyone waits, or with `signal.reason` when the caller leaves first.
   */
  acquire(priority: Priority, signal?: AbortSignal, user?: string): Promise<void>
  /** The service said `Retry-After`: hold every slot (on every instance) this long. */
  pause(seconds: number): Promise<void>
  /** Requests waiting on this instance. */
  readonly queued: number
  /** The window's length (the store's); 0 for a gate without a limit, which keeps no window. */
  readonly windowMs: number
}

interface Waiter {
  priority: Priority
  user: string | undefined
  /** When it started waiting. */
  since: number
  resolve: () => void
  reject: (reason: unknown) => void
  signal: AbortSignal | undefined
  onAbort: () => void
  timer?: ReturnType<typeof setTimeout>
}

/**
 * Creates a {@link BudgetGate} over a store. Waiters are served round-robin by user (each user's
 * highest priority first, then arrival), so a user with many requests waiting does not hold the
 * queue: the next user's request is tried right after one of theirs. The store holds back a user
 * by their own bounds (their fair share of the shared window, their pace: budgetStore.ts,
 * fairShare) while other users may still go; such a user's waiters that would wait past
 * `maxWaitMs` hear 429 with their own Retry-After.
 */
export function createBudgetGate(options: BudgetGateOptions): BudgetGate {
  const { store, limit, maxQueue } = options
  const now = options.now ?? Date.now
  const maxWaitMs = options.maxWaitMs ?? 20_000
  const kept = (reserve: number | undefined, share: number) =>
    Number.isFinite(limit) ? Math.max(1, limit - (reserve ?? Math.floor(limit * share))) : limit
  const ceiling: Record<Priority, number> = {
    action: limit,
    read: kept(options.reserve?.read, 0.1),
    background: kept(options.reserve?.background, 0.3),
  }
  // Background work (the read model's refresh) is one more user: its share keeps it going whoever
  // floods (budgetStore.ts, fairShare). The server's other calls (the lines lookup) count toward
  // the window only, within their priority's ceiling.
  const takerFor = (user: string | undefined, priority: Priority) => {
    if (!Number.isFinite(limit)) return undefined
    if (user !== undefined) return { user, limit }
    return priority === 'background' ? { user: SERVER_USER, limit } : undefined
  }
  // In arrival order; the pump picks from it by user, then priority.
  const queue: Waiter[] = []
  let pumping = false
  /** Set when a waiter arrives while the pump is busy: it looks again before sleeping. */
  let dirty = false
  let lastServed: string | undefined
  /**
   * Users in the order they first waited: the round-robin's circle. A user keeps their place while
   * they wait or were served last (so the turn passes on to the next user even when the one served
   * has nothing more waiting).
   */
  let rotation: (string | undefined)[] = []
  let pausedUntil = 0
  let wake: (() => void) | undefined
  /**
   * Users the store last held back by their own bounds (share, pace): a wait of theirs that runs
   * out is their own 429. Bounded by the users waiting: a user leaves it with their last waiter.
   */
  const heldBack = new Set<string | undefined>()

  const remove = (waiter: Waiter) => {
    const at = queue.indexOf(waiter)
    if (at >= 0) queue.splice(at, 1)
    if (!queue.some((other) => other.user === waiter.user)) heldBack.delete(waiter.user)
    clearTimeout(waiter.timer)
    waiter.signal?.removeEventListener('abort', waiter.onAbort)
  }

  /** Seconds until a request at the back of the queue would likely go out. */
  const retryAfterSeconds = (): number => {
    const paused = Math.max(0, pausedUntil - now())
    const perSlot = store.windowMs / limit
    return Math.max(1, Math.ceil((paused + (queue.length + 1) * perSlot) / 1000))
  }

  /** The user's waiter that goes first (highest priority, then earliest) or last (the reverse). */
  const pick = (user: string | undefined, which: 'first' | 'last'): Waiter | undefined => {
    let chosen: Waiter | undefined
    for (const waiter of queue) {
      if (waiter.user !== user) continue
      if (!chosen) chosen = waiter
      else if (
        which === 'first'
          ? rank[waiter.priority] < rank[chosen.priority]
          : rank[waiter.priority] >= rank[chosen.priority]
      )
        chosen = waiter
    }
    return chosen
  }

  /** Each waiting user's first waiter, round-robin: starting after the user served last. */
  const candidates = (): Waiter[] => {
    const waiting = new Set(queue.map((waiter) => waiter.user))
    rotation = rotation.filter((user) => waiting.has(user) || user === lastServed)
    for (const user of waiting) if (!rotation.includes(user)) rotation.push(user)
    const after = rotation.indexOf(lastServed) + 1
    return [...rotation.slice(after), ...rotation.slice(0, after)]
      .filter((user) => waiting.has(user))
      .map((user) => pick(user, 'first') as Waiter)
  }

  /** The user's share is spent for `waitMs`: those of their waiters that would outwait maxWaitMs hear it now. */
  const refuseLongWaits = (user: string | undefined, waitMs: number) => {
    const at = now()
    for (const waiter of [...queue]) {
      if (waiter.user !== user || at - waiter.since + waitMs <= maxWaitMs) continue
      remove(waiter)
      waiter.reject(new GateFullError(Math.max(1, Math.ceil(waitMs / 1000)), true))
    }
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        wake = undefined
        resolve()
      }
      // A newcomer (or a pause) re-evaluates at once.
      wake = done
    })

  const pump = async () => {
    if (pumping) return
    pumping = true
    try {
      while (queue.length > 0) {
        dirty = false
        let served = false
        let waitMs = Number.POSITIVE_INFINITY
        // The window itself refused this rank: every candidate of this rank or lower is refused too.
        let blocked = Number.POSITIVE_INFINITY
        for (const candidate of candidates()) {
          if (rank[candidate.priority] >= blocked) continue
          let result: TakeResult
          try {
            result = await store.take(ceiling[candidate.priority], takerFor(candidate.user, candidate.priority))
          } catch (error) {
            // The store is unreachable (Redis down): refuse what waits rather than hang.
            for (const waiter of [...queue]) {
              remove(waiter)
              waiter.reject(error)
            }
            return
          }
          if (!result.ok && result.own) heldBack.add(candidate.user)
          else heldBack.delete(candidate.user)
          if (result.ok) {
            // The slot is the user's: when this waiter left meanwhile, their next one takes it.
            const taker = queue.includes(candidate) ? candidate : pick(candidate.user, 'first')
            if (taker) {
              remove(taker)
              taker.resolve()
            }
            lastServed = candidate.user
            served = true
            break
          }
          if (result.own) refuseLongWaits(candidate.user, result.waitMs)
          else blocked = rank[candidate.priority]
          waitMs = Math.min(waitMs, result.waitMs)
        }
        if (served || dirty || queue.length === 0) continue
        await sleep(Number.isFinite(waitMs) ? waitMs : 1)
      }
    } finally {
      pumping = false
    }
  }

  const enqueue = (priority: Priority, signal: AbortSignal | undefined, user: string | undefined) => {
    if (signal?.aborted) return Promise.reject(signal.reason)
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        priority,
        user,
        since: now(),
        resolve,
        reject,
        signal,
        onAbort: () => {
          remove(waiter)
          reject(signal?.reason)
        },
      }
      const pauseLeft = pausedUntil - now()
      if (pauseLeft > maxWaitMs) {
        reject(new GateFullError(Math.ceil(pauseLeft / 1000)))
        return
      }
      if (queue.length >= maxQueue) {
        // Full: the user with the most waiters (the newcomer counted) gives way, their newest
        // waiter of the lowest priority; when that is the newcomer, it is refused. A flood thus
        // meets its own 429s, never another user's. The refused caller hears 429 with Retry-After.
        const counts = new Map<string | undefined, number>([[user, 1]])
        for (const queued of queue) counts.set(queued.user, (counts.get(queued.user) ?? 0) + 1)
        let heaviest = user
        for (const [other, count] of counts) if (count > (counts.get(heaviest) ?? 0)) heaviest = other
        const last = pick(heaviest, 'last')
        const own = counts.size > 1 || heldBack.has(heaviest)
        if (!last || (heaviest === user && rank[last.priority] <= rank[priority])) {
          reject(new GateFullError(retryAfterSeconds(), own))
          return
        }
        remove(last)
        last.reject(new GateFullError(retryAfterSeconds(), own))
      }
      queue.push(waiter)
      signal?.addEventListener('abort', waiter.onAbort, { once: true })
      waiter.timer = setTimeout(() => {
        const own = heldBack.has(user)
        remove(waiter)
        reject(new GateFullError(retryAfterSeconds(), own))
      }, maxWaitMs)
      dirty = true
      wake?.()
      void pump()
    })
  }

  return {
    get queued() {
      return queue.length
    },
    windowMs: Number.isFinite(limit) ? store.windowMs : 0,
    async acquire(priority, signal, user) {
      if (signal?.aborted) throw signal.reason
      // Nobody waiting: take a slot at once when the window (and the user's share) has one. Only
      // requests that must wait are queued (and counted against maxQueue).
      if (queue.length === 0 && pausedUntil <= now()) {
        const result = await store.take(ceiling[priority], takerFor(user, priority))
        if (result.ok) return
        // A wait longer than anyone will wait (a pause another instance set, a spent window or share).
        if (result.waitMs > maxWaitMs || priority === 'background')
          throw new GateFullError(Math.ceil(result.waitMs / 1000), result.own === true)
        if (result.own) heldBack.add(user)
      }
      if (priority === 'background') throw new GateFullError(retryAfterSeconds())
      return enqueue(priority, signal, user)
    },
    async pause(seconds) {
      const ms = Math.max(0, seconds) * 1000
      pausedUntil = Math.max(pausedUntil, now() + ms)
      await store.pause(ms)
    },
  }
}
