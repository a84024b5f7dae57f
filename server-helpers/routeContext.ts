/**
 * The shared context of the routes: resolved options, the logger, the budget gates and the one
 * way to call the service. Each route module takes a {@link LinekitContext}; tests can build one
 * with {@link createContext} and call a route alone.
 */
import type { EventBus } from './eventBus'
import type { BudgetGate, Priority } from './gate/budgetGate'
import { GateFullError } from './gate/budgetGate'
import { forwardableHeaders, json, LinekitHttpError, messagingError, mintError } from './internal/http'
import type { UpstreamAnswer, UpstreamCall, UpstreamFetch } from './internal/upstream'
import { fetchUpstream } from './internal/upstream'

/** Where linekit/server reports what it did not forward. The API key is never passed to it. */
export interface LinekitLogger {
  warn(message: string, details?: Record<string, unknown>): void
  error(message: string, details?: Record<string, unknown>): void
}

/** What the context is built from (the resolved options of createLinekitServer). */
interface ContextOptions {
  apiKey: string
  baseUrl: string
  appUrl: string
  fetch: UpstreamFetch
  bus: EventBus
  logger: LinekitLogger
  /** The messaging API's gate (spec: Limits — 60 requests per minute per key). */
  gate: BudgetGate
  /** The mint's own gate (spec: Limits — 30 mints per minute, separate from the 60). */
  mintGate: BudgetGate
  upstreamTimeoutMs: number
  maxBodyBytes: number
  now: () => number
}

/** How a call waits and who waits for it. */
interface UpstreamOptions {
  priority: Priority
  /** The browser leaving: a call nobody waits for any more is aborted (or leaves the queue). */
  signal?: AbortSignal
  /**
   * The signed-in user the call is for: it counts toward that user's fair share of the key's
   * window (gate/budgetStore.ts, fairShare). Omitted for the server's own calls.
   */
  user?: string
}

/** The shared context of every route. */
export interface LinekitContext {
  readonly apiKey: string
  readonly baseUrl: string
  readonly appUrl: string
  readonly bus: EventBus
  readonly logger: LinekitLogger
  readonly maxBodyBytes: number
  readonly now: () => number
  /**
   * Calls the messaging API through the budget gate. Identical GETs in flight share one call; a
   * 429 pauses the gate for everyone for a whole window, or its `Retry-After` when longer (and is
   * returned to the caller); the mint's 429 pauses the mint's gate for its `Retry-After`. Throws {@link LinekitHttpError}: 429 `rate_limited` when the queue is full, 502/504
   * when the service cannot be reached in time.
   */
  upstream(call: UpstreamCall, options: UpstreamOptions): Promise<UpstreamAnswer>
  /** Calls the voice-token mint through its own gate (`user`'s fair share of it); refusals in the mint's error shape. */
  mintUpstream(call: UpstreamCall, signal?: AbortSignal, user?: string): Promise<UpstreamAnswer>
  /** The service's answer (or `replacement`, a filtered body) for the browser: safe headers, the key redacted. */
  relay(answer: UpstreamAnswer, replacement?: string): Response
  /** Keeps background work (a webhook's publish) alive and awaited by `settled()`. */
  track(promise: Promise<unknown>, waitUntil?: (promise: Promise<unknown>) => void): void
  /** Resolves when the background work started so far is done. */
  settled(): Promise<void>
}

/** Replaces every occurrence of `secret` in `text`. */
export function redactWith(secret: string): (text: string) => string {
  return (text) => (secret && text.includes(secret) ? text.split(secret).join('[redacted]') : text)
}

/** Seconds the service asked to wait: `Retry-After` (seconds or a date), else the body's `retryAfterSeconds`. */
function retryAfterOf(answer: UpstreamAnswer, now: number): number | undefined {
  const header = answer.headers.get('retry-after')?.trim()
  if (header && /^\d+$/.test(header)) return Number(header)
  const date = header ? Date.parse(header) : Number.NaN
  if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000))
  try {
    const body = JSON.parse(answer.text) as { retryAfterSeconds?: unknown }
    if (typeof body.retryAfterSeconds === 'number' && body.retryAfterSeconds >= 0) return body.retryAfterSeconds
  } catch {
    // not JSON: no hint in the body
  }
  return undefined
}

/** Identical GETs waiting together (routeContext.ts, shared). */
interface Flight {
  /** The one call, once a caller's turn came. */
  answer?: Promise<UpstreamAnswer>
  controller: AbortController
  callers: number
  /** The turns still queued at the gate: aborted when the call goes. */
  turns: Set<AbortController>
}

/** Pause when a 429 names no wait (spec: "Rate-limit response headers on the messaging API: not shown"). */
const DEFAULT_PAUSE_SECONDS = 5

/** Builds the context. */
export function createContext(options: ContextOptions): LinekitContext {
  const { apiKey, fetch, gate, mintGate, logger, now } = options
  const redact = redactWith(apiKey)
  const pending = new Set<Promise<unknown>>()
  // Bounded by the callers waiting: an entry lives while one of them does (gate's maxQueue, maxWaitMs).
  const inflight = new Map<string, Flight>()

  const rateLimited = (error: GateFullError, shape: 'messaging' | 'mint'): LinekitHttpError => {
    const headers = { 'retry-after': String(error.retryAfterSeconds) }
    const message = error.own
      ? `Too many requests from you: your share of this app's service budget is in use; retry in ${error.retryAfterSeconds} s`
      : `Too many requests: this app's share of the service is in use; retry in ${error.retryAfterSeconds} s`
    if (shape === 'mint') {
      // spec: Errors — the mint's 429 is `rate_limited` with `retryAfterSeconds` and Retry-After.
      return new LinekitHttpError(
        json({ error: message, code: 'rate_limited', retryAfterSeconds: error.retryAfterSeconds }, 429, headers),
      )
    }
    return messagingError(
      429,
      'rate_limited',
      message,
      error.own
        ? `Every user of this app shares one API key, each within a fair share of it; retry after ${error.retryAfterSeconds} s (Retry-After).`
        : `Every user of this app shares one API key; retry after ${error.retryAfterSeconds} s (Retry-After).`,
      headers,
    )
  }

  const unreachable = (error: unknown, shape: 'messaging' | 'mint'): LinekitHttpError => {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    logger.warn(timedOut ? 'upstream timed out' : 'upstream unreachable', {
      error: error instanceof Error ? error.message : String(error),
    })
    if (shape === 'mint')
      return mintError(503, 'dialer_unavailable', 'The voice-token service is unavailable; retry with backoff.')
    return timedOut
      ? messagingError(
          504,
          'upstream_timeout',
          'The service did not answer in time',
          'Retry later; sends are safe to retry with the same idempotencyKey.',
        )
      : messagingError(502, 'upstream_unavailable', 'The service could not be reached', 'Retry later.')
  }

  /** Waits for `user`'s turn at `through`; a refusal is this caller's alone, in the route's shape. */
  const admit = async (
    through: BudgetGate,
    priority: Priority,
    signal: AbortSignal | undefined,
    shape: 'messaging' | 'mint',
    user: string | undefined,
  ): Promise<void> => {
    try {
      await through.acquire(priority, signal, user)
    } catch (error) {
      if (error instanceof GateFullError) throw rateLimited(error, shape)
      if (signal?.aborted) throw error
      // The gate's store is unreachable (Redis down): the service cannot be called safely.
      throw unreachable(error, shape)
    }
  }

  /** Sends a call that holds a slot; a 429 pauses `through` for everyone, then is relayed. */
  const send = async (
    through: BudgetGate,
    call: UpstreamCall,
    signal: AbortSignal | undefined,
    shape: 'messaging' | 'mint',
  ): Promise<UpstreamAnswer> => {
    let answer: UpstreamAnswer
    try {
      answer = await fetchUpstream(fetch, apiKey, call, { signal, timeoutMs: options.upstreamTimeoutMs })
    } catch (error) {
      if (signal?.aborted) throw error
      throw unreachable(error, shape)
    }
    if (answer.status === 429) {
      // spec: Errors — 429 carries Retry-After: the key's budget is spent for every user, not
      // only this one. The answer itself goes to its caller unchanged (its client waits it out).
      // The messaging gate waits a whole window, not only the hint: a 429 means the gate's window
      // and the service's disagree (Redis lost it, or another client spends the key), the service
      // still counts every request of its last minute (spec: Limits — 60 per minute), and its
      // rate-limit headers are not shown. After a whole window nothing of ours is left in its
      // count, so the gate's own window is true again before it lets a burst through. The mint
      // says exactly how long (spec: Errors — `retryAfterSeconds`, the same in Retry-After).
      const hint = retryAfterOf(answer, now()) ?? DEFAULT_PAUSE_SECONDS
      const seconds = shape === 'messaging' ? Math.max(hint, through.windowMs / 1000) : hint
      logger.warn('the service answered 429; every upstream call waits', { pauseSeconds: seconds })
      await through.pause(seconds)
    }
    return answer
  }

  const gated = async (
    through: BudgetGate,
    call: UpstreamCall,
    priority: Priority,
    signal: AbortSignal | undefined,
    shape: 'messaging' | 'mint',
    user: string | undefined,
  ): Promise<UpstreamAnswer> => {
    await admit(through, priority, signal, shape, user)
    return send(through, call, signal, shape)
  }

  /**
   * Identical GETs share one call. Each caller waits for their own turn at the gate (their own
   * share, their own refusal: a flooder's 429 is never another user's); the first turn to come
   * sends the call for all, and the other callers leave the queue and take its answer. So nobody
   * waits longer than their own turn, and one call is spent however many wait. The call is
   * aborted only when every caller has left. A turn granted in the same instant as the one that
   * sent is one slot spent for nothing, never a second call.
   */
  const shared = async (
    call: UpstreamCall,
    priority: Priority,
    signal: AbortSignal | undefined,
    user: string | undefined,
  ): Promise<UpstreamAnswer> => {
    if (signal?.aborted) throw signal.reason
    let flight = inflight.get(call.url)
    if (!flight) {
      const created: Flight = { controller: new AbortController(), callers: 0, turns: new Set() }
      inflight.set(call.url, created)
      flight = created
    }
    const joined = flight
    joined.callers += 1
    const leave = () => {
      joined.callers -= 1
      if (joined.callers > 0) return
      if (inflight.get(call.url) === joined) inflight.delete(call.url)
      joined.controller.abort(signal?.reason)
    }
    try {
      if (!joined.answer) {
        const turn = new AbortController()
        const onAbort = () => turn.abort(signal?.reason)
        signal?.addEventListener('abort', onAbort, { once: true })
        joined.turns.add(turn)
        try {
          await admit(gate, priority, turn.signal, 'messaging', user)
        } catch (error) {
          // Left the queue because another caller's turn came first: take its answer.
          if (!joined.answer || signal?.aborted) throw error
        } finally {
          joined.turns.delete(turn)
          signal?.removeEventListener('abort', onAbort)
        }
        if (!joined.answer) {
          joined.answer = send(gate, call, joined.controller.signal, 'messaging').finally(() => {
            if (inflight.get(call.url) === joined) inflight.delete(call.url)
          })
          joined.answer.catch(() => undefined)
          for (const other of joined.turns) other.abort(new DOMException('Shared', 'AbortError'))
        }
      }
      const answer = joined.answer
      return await new Promise<UpstreamAnswer>((resolve, reject) => {
        const quit = () => reject(signal?.reason)
        if (signal?.aborted) return quit()
        signal?.addEventListener('abort', quit, { once: true })
        answer
          // Each caller answers with its own copy of a shared refusal (a body is read once).
          .then(resolve, (error: unknown) =>
            reject(error instanceof LinekitHttpError ? new LinekitHttpError(error.response.clone()) : error),
          )
          .finally(() => signal?.removeEventListener('abort', quit))
      })
    } finally {
      leave()
    }
  }

  return {
    apiKey,
    baseUrl: options.baseUrl,
    appUrl: options.appUrl,
    bus: options.bus,
    logger,
    maxBodyBytes: options.maxBodyBytes,
    now,
    upstream(call, { priority, signal, user }) {
      if (call.method === 'GET') return shared(call, priority, signal, user)
      return gated(gate, call, priority, signal, 'messaging', user)
    },
    mintUpstream(call, signal, user) {
      return gated(mintGate, call, 'action', signal, 'mint', user)
    },
    relay(answer, replacement) {
      const { status } = answer
      const body = status === 204 || status === 304 ? null : redact(replacement ?? answer.text)
      return new Response(body, {
        status,
        statusText: redact(answer.statusText),
        headers: forwardableHeaders(answer.headers, apiKey),
      })
    },
    track(promise, waitUntil) {
      const guarded = promise.catch((error: unknown) =>
        logger.error('background task failed', { error: String(error) }),
      )
      pending.add(guarded)
      void guarded.finally(() => pending.delete(guarded))
      waitUntil?.(guarded)
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending])
    },
  }
}
