import type {
  GroupSendRequest,
  GroupSendResponse,
  ReactionRequest,
  ReactionResponse,
  SendMessageRequest,
  SendMessageResponse,
} from '../api'

/**
 * Why a send that is not out yet waits, so its bubble can say so instead of a bare "Sending…".
 * `until` is epoch milliseconds.
 * - `rateLimited`: a 429 — linekit/server's gate is full or the service said `Retry-After`
 *   (spec: Errors — 429 carries `Retry-After`); the next attempt goes at `until`.
 * - `retrying`: the last attempt failed (5xx, timeout, no network); the next one goes at `until`.
 * - `offline`: the last attempt got no answer from the service (no network, reset, timeout, a
 *   gateway's 5xx); the same request (same key) goes again when the connection is back, or at `until`.
 * - `queued`: an earlier send of the same thread goes first.
 * - `held`: an earlier send of the same thread failed; this one waits until it is retried and
 *   accepted, or discarded.
 */
export type SendWait =
  | { reason: 'rateLimited'; until: number }
  | { reason: 'retrying'; until: number }
  | { reason: 'offline'; until: number }
  | { reason: 'queued' }
  | { reason: 'held' }

/** What the thread showed when the user sent: the anchor that reconciles the send with its record. */
export interface ThreadSnapshot {
  /** Newest `created_at` in the thread when the user sent (reconciliation anchor, server clock). */
  serverFloor?: string
  /** Handles loaded in the thread when the user sent. */
  knownHandles?: ReadonlySet<string>
}

/** One user send the service has not yet confirmed by listing it (or that failed). */
export interface OptimisticMessage extends ThreadSnapshot {
  localId: string
  /** Reused on every attempt of this send, automatic or manual, so it is sent at most once. */
  idempotencyKey: string
  /** The request as the user made it (the key is added per attempt). */
  body: SendMessageRequest
  /** Destination as given. */
  phone: string
  lineId?: string
  /** Client time of the send, ISO 8601. */
  createdAt: string
  /** `pending` while attempts run or until the record is listed; `failed` after the last attempt. */
  state: 'pending' | 'failed'
  /** True once the service answered 200 (the record may not be listed yet). */
  accepted: boolean
  /** Why a pending send is not out yet (absent while an attempt is on its way, or once accepted). */
  wait?: SendWait
  /**
   * True while the thread should poll for the accepted send's record; false after
   * `confirmTimeoutMs` (e.g. the record went to a line the thread does not show).
   */
  awaitingRecord?: boolean
  error?: unknown
  response?: SendMessageResponse
}

/** Outcome of one user send (never a rejection, so a fire-and-forget `send()` leaks nothing). */
export type SendResult =
  { ok: true; localId: string; response: SendMessageResponse } | { ok: false; localId: string; error: unknown }

/**
 * A group send or a reaction this browser kept while it waited for the connection, restored after
 * a reload (the page that made it is gone, so no mutation shows it): it goes by itself in its
 * thread's turn, and its component shows it (the group's composer, the message's reaction bar).
 */
export type RestoredSend = (
  | { kind: 'group'; body: GroupSendRequest & { idempotencyKey: string }; response?: GroupSendResponse }
  | { kind: 'reaction'; body: ReactionRequest; response?: ReactionResponse }
) & {
  /** Its key in the outbox (a group send's idempotency key). */
  key: string
  /** Client time of the send, ISO 8601. */
  createdAt: string
  /**
   * `pending` while it waits or goes; `sent` once the service accepted it (until its component
   * took note); `failed` when the service refused it or it was kept too long to go by itself.
   */
  state: 'pending' | 'sent' | 'failed'
  /** Why a pending one is not out yet. */
  wait?: SendWait
  error?: unknown
}
