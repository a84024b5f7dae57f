import type { LinekitClient, SendMessageRequest, SendMessageResponse } from '../api'
import { defaultRetryPolicy, retryDelayMs, shouldRetry } from './retryPolicy'
import type { RetryPolicy } from './retryPolicy'
import { newIdempotencyKey } from '../hooks/internal/idempotencyKey'

/** One user send the service has not yet confirmed by listing it (or that failed). */
export interface OptimisticMessage {
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
  /**
   * True while the thread should poll for the accepted send's record; false after
   * `confirmTimeoutMs` (e.g. the record went to a line the thread does not show).
   */
  awaitingRecord?: boolean
  error?: unknown
  response?: SendMessageResponse
  /** Newest `created_at` in the thread when the user sent (reconciliation anchor, server clock). */
  serverFloor?: string
  /** Handles loaded in the thread when the user sent. */
  knownHandles?: ReadonlySet<string>
}

/** Outcome of one user send (never a rejection, so a fire-and-forget `send()` leaks nothing). */
export type SendResult =
  { ok: true; localId: string; response: SendMessageResponse } | { ok: false; localId: string; error: unknown }

/** Options of {@link createSendEngine}. */
interface SendEngineOptions {
  retry?: Partial<RetryPolicy>
  /** Sleep between attempts (tests inject fake timers). */
  sleep?: (ms: number) => Promise<void>
  random?: () => number
  /** Key generator. @default newIdempotencyKey (`lk-` + crypto.randomUUID) */
  newKey?: () => string
  /** Called after the service accepted a send (the provider refetches the thread). */
  onAccepted?: (message: OptimisticMessage) => void
  /** How long a thread polls for an accepted send's record. @default 60000 */
  confirmTimeoutMs?: number
  /** Thread context at send time, for reconciliation. */
  snapshotThread?: (
    phone: string,
    lineId: string | undefined,
  ) => { serverFloor?: string; knownHandles?: ReadonlySet<string> }
}

/**
 * The optimistic-send engine behind `useSendMessage` and `useThread`: a small external store
 * of unconfirmed sends plus the attempt loop. Framework-free; one per provider.
 */
export function createSendEngine(options: SendEngineOptions = {}) {
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry }
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const newKey = options.newKey ?? newIdempotencyKey
  let items: readonly OptimisticMessage[] = []
  const listeners = new Set<() => void>()
  const clients = new Map<string, LinekitClient>()
  const running = new Map<string, Promise<SendResult>>()
  const aborts = new Map<string, AbortController>()
  // Handles that already reconciled a send: each record confirms one send, ever.
  const claimed = new Set<string>()

  const emit = () => {
    for (const l of [...listeners]) l()
  }
  const get = (localId: string) => items.find((m) => m.localId === localId)
  const patch = (localId: string, p: Partial<OptimisticMessage>) => {
    let changed = false
    items = items.map((m) => {
      if (m.localId !== localId) return m
      changed = true
      return { ...m, ...p }
    })
    if (changed) emit()
  }
  const drop = (localIds: readonly string[]) => {
    if (localIds.length === 0) return
    const set = new Set(localIds)
    items = items.filter((m) => !set.has(m.localId))
    for (const id of localIds) {
      aborts.get(id)?.abort()
      aborts.delete(id)
      clients.delete(id)
    }
    emit()
  }

  const run = (localId: string, before?: () => Promise<void>): Promise<SendResult> => {
    const existing = running.get(localId)
    if (existing) return existing
    const promise = (async (): Promise<SendResult> => {
      if (before) {
        try {
          await before()
        } catch {
          // A failed prelude (e.g. the typing indicator) never blocks the send itself.
        }
      }
      for (let attempt = 1; ; attempt++) {
        const item = get(localId)
        const client = clients.get(localId)
        if (!item || !client) return { ok: false, localId, error: new Error('discarded') }
        const abort = new AbortController()
        aborts.set(localId, abort)
        try {
          const response = await client.sendMessage(item.body, {
            idempotencyKey: item.idempotencyKey,
            signal: abort.signal,
          })
          // The response names the destination in E.164 (spec: Send-message response `phone`):
          // from now on the send matches its thread and its record even if typed loosely.
          patch(localId, {
            accepted: true,
            awaitingRecord: true,
            response,
            state: 'pending',
            error: undefined,
            ...(response.phone ? { phone: response.phone } : {}),
          })
          setTimeout(() => patch(localId, { awaitingRecord: false }), options.confirmTimeoutMs ?? 60_000)
          const after = get(localId)
          if (after) options.onAccepted?.(after)
          return { ok: true, localId, response }
        } catch (error) {
          if (!get(localId)) return { ok: false, localId, error }
          // Automatic retries only for retry-safe failures; the key makes timeouts and 5xx safe.
          if (shouldRetry(error) && attempt < policy.maxAttempts) {
            patch(localId, { error })
            await sleep(retryDelayMs(attempt, error, policy, options.random))
            continue
          }
          patch(localId, { state: 'failed', error })
          return { ok: false, localId, error }
        } finally {
          if (aborts.get(localId) === abort) aborts.delete(localId)
        }
      }
    })().finally(() => running.delete(localId))
    running.set(localId, promise)
    return promise
  }

  return {
    getSnapshot: () => items,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    /** Handles already matched to a send. */
    claimed: claimed as ReadonlySet<string>,
    /**
     * Start a user send: adds an optimistic message at once and runs the attempts. The key
     * is the body's `idempotencyKey` when given, else a new one for this send.
     */
    send(
      client: LinekitClient,
      body: SendMessageRequest,
      sendOptions: { now?: Date; beforeFirstAttempt?: () => Promise<void> } = {},
    ): { localId: string; result: Promise<SendResult> } {
      const now = sendOptions.now ?? new Date()
      const idempotencyKey = body.idempotencyKey ?? newKey()
      const localId = `local-${idempotencyKey}`
      const context = options.snapshotThread?.(body.phone, body.lineId) ?? {}
      const message: OptimisticMessage = {
        localId,
        idempotencyKey,
        body: { ...body, idempotencyKey },
        phone: body.phone,
        ...(body.lineId !== undefined ? { lineId: body.lineId } : {}),
        createdAt: now.toISOString(),
        state: 'pending',
        accepted: false,
        ...context,
      }
      if (get(localId)) return { localId, result: run(localId) }
      items = [...items, message]
      clients.set(localId, client)
      emit()
      return { localId, result: run(localId, sendOptions.beforeFirstAttempt) }
    },
    /** Retry a failed send with the same idempotency key (a no-op while it is still running). */
    retry(localId: string): Promise<SendResult> {
      const item = get(localId)
      if (!item) return Promise.resolve({ ok: false, localId, error: new Error('unknown send') })
      if (item.state === 'failed') patch(localId, { state: 'pending', error: undefined })
      return run(localId)
    },
    /** Remove a send from view (an in-flight attempt is aborted; one already delivered stays delivered). */
    discard(localId: string) {
      drop([localId])
    },
    /** Record matches found by `reconcileOptimistic` and drop those sends. */
    confirm(matches: ReadonlyMap<string, string>) {
      const ids: string[] = []
      for (const [localId, handle] of matches) {
        if (!get(localId)) continue
        claimed.add(handle)
        ids.push(localId)
      }
      drop(ids)
    },
  }
}

/** The engine returned by {@link createSendEngine}. */
export type SendEngine = ReturnType<typeof createSendEngine>
