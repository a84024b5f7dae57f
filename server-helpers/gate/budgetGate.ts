/**
 * The one place that spends the key's budget (spec: Limits — 60 requests per minute for the
 * whole key, 30 mints per minute): every upstream call of the deployment waits here for a slot
 * of the shared window, user actions first, then reads a user waits for, then background work.
 */
import type { BudgetStore } from './store'

/**
 * What an upstream call is for. `action`: a send, group send, reaction, typing indicator or call
 * start/answer/decline/end (a user pressed a button); `read`: a read a user is waiting for;
 * `background`: work nobody waits for (the read model's reconciler). Background work never
 * waits in the queue: when the window has no room for it, or users' requests wait, it is refused
 * at once and its caller tries again later (the reconciler at its next tick), so it never holds
 * a place users need nor goes out late.
 */
export type Priority = 'action' | 'read' | 'background'

const rank: Record<Priority, number> = { action: 0, read: 1, background: 2 }

/** Thrown by {@link BudgetGate.acquire} when the queue is full: answer 429 with `Retry-After`. */
export class GateFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
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
   * Slots of the window kept free for higher priorities: reads may take a slot only while fewer
   * than `limit - reserve.read` were sent, background work while fewer than `limit - reserve.background`.
   * This also orders priorities across instances sharing a Redis store, where each instance has
   * its own queue. @default { read: 10 % of limit, background: 30 % of limit }
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
   * Resolves when a slot is taken for this call. Rejects with {@link GateFullError} when the
   * queue is full, or with `signal.reason` when the caller leaves first.
   */
  acquire(priority: Priority, signal?: AbortSignal): Promise<void>
  /** The service said `Retry-After`: hold every slot (on every instance) this long. */
  pause(seconds: number): Promise<void>
  /** Requests waiting on this instance. */
  readonly queued: number
}

interface Waiter {
  priority: Priority
  resolve: () => void
  reject: (reason: unknown) => void
  signal: AbortSignal | undefined
  onAbort: () => void
  timer?: ReturnType<typeof setTimeout>
}

/** Creates a {@link BudgetGate} over a store. */
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
  // Ordered by priority, then arrival.
  const queue: Waiter[] = []
  let pumping = false
  let pausedUntil = 0
  let wake: (() => void) | undefined

  const remove = (waiter: Waiter) => {
    const at = queue.indexOf(waiter)
    if (at >= 0) queue.splice(at, 1)
    clearTimeout(waiter.timer)
    waiter.signal?.removeEventListener('abort', waiter.onAbort)
  }

  /** Seconds until a request at the back of the queue would likely go out. */
  const retryAfterSeconds = (): number => {
    const paused = Math.max(0, pausedUntil - now())
    const perSlot = store.windowMs / limit
    return Math.max(1, Math.ceil((paused + (queue.length + 1) * perSlot) / 1000))
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        wake = undefined
        resolve()
      }
      // A newcomer of higher priority (or a pause) re-evaluates at once.
      wake = done
    })

  const pump = async () => {
    if (pumping) return
    pumping = true
    try {
      while (queue.length > 0) {
        const head = queue[0] as Waiter
        let result
        try {
          result = await store.take(ceiling[head.priority])
        } catch (error) {
          // The store is unreachable (Redis down): refuse what waits rather than hang.
          for (const waiter of [...queue]) {
            remove(waiter)
            waiter.reject(error)
          }
          return
        }
        if (result.ok) {
          if (queue[0] === head) {
            remove(head)
            head.resolve()
          } else {
            // The head left or was overtaken while the slot was taken: give it to the new head.
            const next = queue[0]
            if (next) {
              remove(next)
              next.resolve()
            }
          }
          continue
        }
        await sleep(result.waitMs)
      }
    } finally {
      pumping = false
    }
  }

  const enqueue = (priority: Priority, signal: AbortSignal | undefined) => {
    if (signal?.aborted) return Promise.reject(signal.reason)
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        priority,
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
        // Full: the newest waiter of the lowest priority makes room for a higher one, else the
        // newcomer is refused. Either way the refused caller hears 429 with Retry-After.
        const last = queue[queue.length - 1]
        if (!last || rank[last.priority] <= rank[priority]) {
          reject(new GateFullError(retryAfterSeconds()))
          return
        }
        remove(last)
        last.reject(new GateFullError(retryAfterSeconds()))
      }
      let at = queue.length
      while (at > 0 && rank[(queue[at - 1] as Waiter).priority] > rank[priority]) at--
      queue.splice(at, 0, waiter)
      signal?.addEventListener('abort', waiter.onAbort, { once: true })
      waiter.timer = setTimeout(() => {
        remove(waiter)
        reject(new GateFullError(retryAfterSeconds()))
      }, maxWaitMs)
      if (at === 0) wake?.()
      void pump()
    })
  }

  return {
    get queued() {
      return queue.length
    },
    async acquire(priority, signal) {
      if (signal?.aborted) throw signal.reason
      // Nobody waiting: take a slot at once when the window has one. Only requests that must wait
      // for the window are queued (and counted against maxQueue).
      if (queue.length === 0 && pausedUntil <= now()) {
        const result = await store.take(ceiling[priority])
        if (result.ok) return
        // A wait longer than anyone will wait (a pause another instance set, a spent window).
        if (result.waitMs > maxWaitMs || priority === 'background')
          throw new GateFullError(Math.ceil(result.waitMs / 1000))
      }
      if (priority === 'background') throw new GateFullError(retryAfterSeconds())
      return enqueue(priority, signal)
    },
    async pause(seconds) {
      const ms = Math.max(0, seconds) * 1000
      pausedUntil = Math.max(pausedUntil, now() + ms)
      await store.pause(ms)
    },
  }
}
