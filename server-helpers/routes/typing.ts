/**
 * Typing indicators, the cheapest requests to drop: at most one goes upstream per thread (user +
 * line + destination) per `intervalMs`. A page sends one at each keystroke burst and from every
 * open thread; each would spend a slot of the key's window that users' sends need.
 */
import type { LinekitContext } from '../routeContext'
import { BoundedMap } from '../internal/boundedMap'
import { LinekitHttpError } from '../internal/http'
import { normalizeNumber } from '../internal/learned'
import type { UpstreamAnswer } from '../internal/upstream'

/** A thread's last indicator: its answer (in flight or kept) and until when it stands for the thread. */
interface Held {
  answer: Promise<UpstreamAnswer>
  until: number
}

/**
 * Threads whose last indicator is kept; past it the oldest is forgotten (its next indicator goes
 * upstream through the gate, as after its interval).
 */
export const TYPING_THREADS = 1000

/** A refusal is a Response (its body is read once): each caller gets its own copy. */
const own = (error: unknown): never => {
  throw error instanceof LinekitHttpError ? new LinekitHttpError(error.response.clone()) : error
}

/**
 * Coalesces typing indicators per thread. A request for a thread whose indicator went upstream
 * less than `intervalMs` ago (or is still on its way) gets that indicator's answer: spec: POST
 * /send-typing-indicator — `{ status, number, error_message }` in a 200, `status` `SENT` or
 * `ERROR`. The indicator the caller asked for is showing on the recipient's device (it clears
 * "after a short period or when a message arrives"), so the answer of the one that put it there
 * (`SENT`, the same `number`) is the honest one; a device-level `ERROR` is kept too, since the
 * spec says it "must not be retried". Only a 200 is kept: a refusal (a 429 from the gate, a 4xx)
 * is not, and the next request for the thread goes upstream through the gate.
 */
export function createTypingCoalescer(ctx: LinekitContext, intervalMs: number) {
  // In write order, which is expiry order (every entry stands for the same interval).
  const held = new BoundedMap<string, Held>(TYPING_THREADS)

  return {
    /**
     * `send` is called unless the thread's indicator stands; every caller answers with the same
     * answer. `send` should not take one browser's abort signal: others may wait for it too.
     */
    send(user: string, lineId: unknown, phoneNumber: unknown, send: () => Promise<UpstreamAnswer>) {
      const at = ctx.now()
      held.dropOldestWhile((entry) => entry.until <= at)
      const phone = typeof phoneNumber === 'string' ? normalizeNumber(phoneNumber) : ''
      const key = JSON.stringify([user, typeof lineId === 'string' ? lineId.toLowerCase() : null, phone])
      const standing = held.get(key)
      if (standing && standing.until > at) return standing.answer.catch(own)
      const entry: Held = { answer: send(), until: at + intervalMs }
      held.set(key, entry)
      const forget = () => {
        if (held.get(key) === entry) held.delete(key)
      }
      entry.answer.then((answer) => answer.status === 200 || forget(), forget)
      return entry.answer.catch(own)
    },
    /** Threads kept (tests read it). */
    get size(): number {
      return held.size
    },
  }
}
