import type { LinekitClient, SendMessageRequest } from '../api'
import { newIdempotencyKey } from './idempotencyKey'
import { keptForm, restoredHere, restoredMessage } from './outbox'
import { defaultRetryPolicy } from './retryPolicy'
import type { RetryPolicy } from './retryPolicy'
import { attemptInOrder, offlineNow, untilOnline } from './sendAttempts'
import { threadLane } from './sendLanes'
import { createKeptTurns } from './keptTurns'
import { createTurns } from './sendTurns'
import type { SendEngineOptions } from './sendEngineOptions'
import type { OptimisticMessage, SendResult, ThreadSnapshot } from './sendTypes'
import { gateOf } from './wrapClient'

/** The id of the optimistic message of the send with this idempotency key (one message per key). */
function sendLocalId(idempotencyKey: string): string {
  return `local-${idempotencyKey}`
}

/** A copy of `m` without the optional fields `keys`. */
function without(m: OptimisticMessage, ...keys: ('wait' | 'error')[]): OptimisticMessage {
  const copy = { ...m }
  for (const key of keys) delete copy[key]
  return copy
}

/**
 * The optimistic-send engine behind `useSendMessage` and `useThread`: a small external store
 * of unconfirmed sends plus the attempt loop. Framework-free; one per provider.
 *
 * Sends of one thread go out one after another, in the order they were made: the next one starts
 * when the one before was accepted (the service stored it) or was dropped. A send that fails for
 * good holds the later ones of its thread (they show `wait: held`) until it is retried and
 * accepted, or discarded: a support agent expects the customer to read the messages in the order
 * they were typed, and a later message must never arrive before an earlier one that is sent again.
 */
export function createSendEngine(options: SendEngineOptions = {}) {
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry }
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const waitForNetwork = options.waitForNetwork ?? (options.sleep ? sleep : untilOnline)
  const now = options.now ?? (() => Date.now())
  const newKey = options.newKey ?? newIdempotencyKey
  let items: readonly OptimisticMessage[] = []
  const listeners = new Set<() => void>()
  const clients = new Map<string, LinekitClient>()
  const running = new Set<string>()
  const aborts = new Map<string, AbortController>()
  const preludes = new Map<string, () => Promise<void>>()
  /** Per thread, its sends not yet accepted, in the order they were made. */
  const lanes = new Map<string, string[]>()
  const laneOf = new Map<string, string>()
  /** The callers waiting for a send's outcome (its current turn). */
  const outcomes = new Map<string, { promise: Promise<SendResult>; resolve: (r: SendResult) => void }>()
  // Handles that already reconciled a send: each record confirms one send, ever.
  const claimed = new Set<string>()
  const outbox = options.outbox
  /** Sends kept in the outbox: those that waited for the connection, and the later ones of their thread. */
  const keptIds = new Set<string>()

  const emit = () => {
    for (const l of [...listeners]) l()
  }
  const get = (localId: string) => items.find((m) => m.localId === localId)
  const update = (change: (m: OptimisticMessage) => OptimisticMessage) => {
    let changed = false
    items = items.map((m) => {
      const next = change(m)
      if (next !== m) changed = true
      return next
    })
    if (changed) emit()
  }
  const patch = (localId: string, p: Partial<OptimisticMessage>) =>
    update((m) => (m.localId === localId ? { ...m, ...p } : m))

  /** Keeps a send in the outbox (and, after it, the later sends of its thread: typed order). */
  const keep = (m: OptimisticMessage) => {
    if (!outbox || m.accepted) return
    const lane = laneOf.get(m.localId)
    const ids = lane === undefined ? [m.localId] : (lanes.get(lane) ?? [])
    for (const id of ids.slice(Math.max(0, ids.indexOf(m.localId)))) {
      const item = get(id)
      if (!item || item.accepted) continue
      // Beyond the caps (or a full storage) it is not kept, nor anything typed after it.
      if (!outbox.put(keptForm(item))) break
      keptIds.add(id)
    }
  }
  const forget = (m: OptimisticMessage | undefined) => {
    if (!m || !keptIds.delete(m.localId)) return
    outbox?.remove(m.idempotencyKey)
  }
  /** Its refusal (or a Retry) is kept too: after a reload it shows as it did. */
  const rekeep = (localId: string) => {
    const m = get(localId)
    if (m && keptIds.has(localId)) outbox?.put(keptForm(m))
  }
  /** Adds a send to its thread, behind the earlier sends of that thread. */
  const enqueue = (client: LinekitClient, message: OptimisticMessage, lane: string) => {
    const head = lanes.get(lane)?.[0]
    if (head !== undefined && message.state === 'pending')
      message.wait = { reason: get(head)?.state === 'failed' ? 'held' : 'queued' }
    items = [...items, message]
    clients.set(message.localId, client)
    laneOf.set(message.localId, lane)
    lanes.set(lane, [...(lanes.get(lane) ?? []), message.localId])
  }

  const outcome = (localId: string): Promise<SendResult> => {
    const existing = outcomes.get(localId)
    if (existing) return existing.promise
    let resolve!: (r: SendResult) => void
    const promise = new Promise<SendResult>((r) => (resolve = r))
    outcomes.set(localId, { promise, resolve })
    return promise
  }
  const settle = (result: SendResult) => {
    const waiting = outcomes.get(result.localId)
    outcomes.delete(result.localId)
    waiting?.resolve(result)
  }

  /** Starts the thread's first send if it may go, and says why the others wait. */
  const pump = (lane: string) => {
    const ids = lanes.get(lane)
    const head = ids?.[0] === undefined ? undefined : get(ids[0])
    if (!ids || !head) return
    const reason = head.state === 'failed' ? 'held' : 'queued'
    const behind = new Set(ids.slice(1))
    update((m) => {
      // The first send's own wait (a 429, a back-off) is its attempt loop's to say.
      if (m.localId === head.localId)
        return m.wait?.reason === 'queued' || m.wait?.reason === 'held' ? without(m, 'wait') : m
      return behind.has(m.localId) && m.wait?.reason !== reason ? { ...m, wait: { reason } } : m
    })
    if (head.state === 'pending' && !running.has(head.localId)) void start(head.localId)
  }
  const leaveLane = (localId: string) => {
    const lane = laneOf.get(localId)
    if (lane === undefined) return
    laneOf.delete(localId)
    const ids = (lanes.get(lane) ?? []).filter((id) => id !== localId)
    if (ids.length === 0) lanes.delete(lane)
    else lanes.set(lane, ids)
    pump(lane)
  }
  const drop = (localIds: readonly string[]) => {
    if (localIds.length === 0) return
    const set = new Set(localIds)
    for (const id of localIds) forget(get(id))
    items = items.filter((m) => !set.has(m.localId))
    for (const id of localIds) {
      aborts.get(id)?.abort()
      aborts.delete(id)
      clients.delete(id)
      preludes.delete(id)
      settle({ ok: false, localId: id, error: new Error('discarded') })
    }
    emit()
    for (const id of localIds) leaveLane(id)
  }

  /** One turn of a send: its attempts, while the rest of its thread waits. */
  const start = async (localId: string) => {
    running.add(localId)
    try {
      const before = preludes.get(localId)
      preludes.delete(localId)
      if (before) {
        try {
          await before()
        } catch {
          // A failed prelude (e.g. the typing indicator) never blocks the send itself.
        }
      }
      const client = clients.get(localId)
      const result = await attemptInOrder(
        async () => {
          const item = get(localId)
          if (!item || !client) throw new Error('discarded')
          const abort = new AbortController()
          aborts.set(localId, abort)
          try {
            return await client.sendMessage(item.body, { idempotencyKey: item.idempotencyKey, signal: abort.signal })
          } finally {
            if (aborts.get(localId) === abort) aborts.delete(localId)
          }
        },
        {
          policy,
          sleep,
          waitForNetwork,
          random: options.random,
          now,
          gate: client ? gateOf(client) : undefined,
          live: () => get(localId) !== undefined,
          onWait: (wait, error) => {
            update((m) =>
              m.localId !== localId || (wait === undefined && m.wait === undefined && error === undefined)
                ? m
                : { ...without(m, 'wait'), ...(wait ? { wait } : {}), ...(error !== undefined ? { error } : {}) },
            )
            // Waiting for the connection: kept, so that a reload or a closed tab loses nothing.
            const item = get(localId)
            if (wait?.reason === 'offline' && item && !keptIds.has(localId)) keep(item)
          },
        },
      )
      if (result.ok) {
        const response = result.value
        // The response names the destination in E.164 (spec: Send-message response `phone`):
        // from now on the send matches its thread and its record even if typed loosely.
        update((m) =>
          m.localId !== localId
            ? m
            : {
                ...without(m, 'wait', 'error'),
                accepted: true,
                awaitingRecord: true,
                response,
                state: 'pending',
                ...(response.phone ? { phone: response.phone } : {}),
              },
        )
        setTimeout(() => patch(localId, { awaitingRecord: false }), options.confirmTimeoutMs ?? 60_000)
        // The service has it: the key did its work, nothing is left to send after a reload.
        forget(get(localId))
        settle({ ok: true, localId, response })
      } else if (!result.discarded) {
        update((m) => (m.localId !== localId ? m : { ...without(m, 'wait'), state: 'failed', error: result.error }))
        rekeep(localId)
        settle({ ok: false, localId, error: result.error })
      } else settle({ ok: false, localId, error: result.error })
    } finally {
      running.delete(localId)
    }
    // Accepted: the next send of the thread goes. Failed: the next ones are held.
    const after = get(localId)
    if (after?.accepted) {
      const lane = laneOf.get(localId)
      leaveLane(localId)
      // One refresh of the thread when its burst is out (each accepted send polls for its record
      // meanwhile), not one per message.
      if (lane === undefined || !lanes.has(lane)) options.onAccepted?.(after)
    } else {
      const lane = laneOf.get(localId)
      if (lane !== undefined) pump(lane)
    }
  }

  const retry = (localId: string): Promise<SendResult> => {
    const item = get(localId)
    if (!item) return Promise.resolve({ ok: false, localId, error: new Error('unknown send') })
    if (item.accepted && item.response) return Promise.resolve({ ok: true, localId, response: item.response })
    const result = outcome(localId)
    if (item.state === 'failed') {
      update((m) => (m.localId !== localId ? m : { ...without(m, 'error'), state: 'pending' }))
      rekeep(localId)
      const lane = laneOf.get(localId)
      if (lane !== undefined) pump(lane)
    }
    return result
  }

  const turns = createTurns({ policy, sleep, waitForNetwork, random: options.random, now })
  const others = createKeptTurns({
    outbox,
    turns,
    now,
    newKey,
    emit,
    onRestoredAccepted: options.onRestoredAccepted,
  })

  return {
    /**
     * Runs `attempt` with the engine's retries in the thread's turn (group sends, reactions); with
     * `keepAs`, kept across a reload while it waits for the connection (keptTurns.ts).
     */
    inTurn: others.inTurn,
    getSnapshot: () => items,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    /** Handles already matched to a send. */
    claimed: claimed as ReadonlySet<string>,
    /**
     * Start a user send: adds an optimistic message at once; its attempts run after the earlier
     * sends of its thread. The key is the body's `idempotencyKey` when given, else a new one.
     */
    send(
      client: LinekitClient,
      body: SendMessageRequest,
      sendOptions: {
        now?: Date
        beforeFirstAttempt?: () => Promise<void>
        /** What the thread showed at send time, to reconcile the send with its record. */
        thread?: ThreadSnapshot
      } = {},
    ): { localId: string; result: Promise<SendResult> } {
      const createdAt = sendOptions.now ?? new Date(now())
      const idempotencyKey = body.idempotencyKey ?? newKey()
      const localId = sendLocalId(idempotencyKey)
      const existing = get(localId)
      if (existing) {
        // The same send again (same key): its outcome, never a second message.
        return { localId, result: retry(localId) }
      }
      const message: OptimisticMessage = {
        localId,
        idempotencyKey,
        body: { ...body, idempotencyKey },
        phone: body.phone,
        ...(body.lineId !== undefined ? { lineId: body.lineId } : {}),
        createdAt: createdAt.toISOString(),
        state: 'pending',
        accepted: false,
        ...sendOptions.thread,
      }
      const lane = threadLane(body.phone, body.lineId)
      const ahead = lanes.get(lane)?.at(-1)
      enqueue(client, message, lane)
      if (sendOptions.beforeFirstAttempt) preludes.set(localId, sendOptions.beforeFirstAttempt)
      if (offlineNow() || (ahead !== undefined && keptIds.has(ahead))) keep(message)
      const result = outcome(localId)
      emit()
      pump(lane)
      return { localId, result }
    },
    /**
     * Takes back the sends this browser kept when they waited for the connection (a reload, a
     * closed tab): each shows in its thread again, with its key, and goes by itself in the order
     * it was typed — or, kept longer than an hour, waits for the agent as Not sent. Returns the
     * release: another engine of the page may then take them (the provider's remount).
     */
    restore(client: LinekitClient): () => void {
      const mine: string[] = []
      const touched = new Set<string>()
      for (const kept of outbox?.load() ?? []) {
        const key = kept.idempotencyKey
        if (restoredHere.has(key)) continue
        restoredHere.add(key)
        mine.push(key)
        if (kept.kind !== 'message') {
          others.restore(client, kept)
          continue
        }
        const localId = sendLocalId(key)
        if (get(localId)) continue
        const message = restoredMessage(kept, localId, now())
        const lane = threadLane(message.phone, message.lineId)
        enqueue(client, message, lane)
        keptIds.add(localId)
        touched.add(lane)
      }
      if (touched.size > 0) emit()
      for (const lane of touched) pump(lane)
      return () => {
        for (const key of mine) {
          restoredHere.delete(key)
          others.release(key)
        }
      }
    },
    /** The group sends and reactions restored after a reload (`subscribe` tells of changes). */
    getRestored: others.getRestored,
    /**
     * Drops a restored group send or reaction: one still waiting is not sent (an attempt on its way
     * is aborted) and no longer kept; one sent or refused is no longer shown.
     */
    cancelRestored: others.cancelRestored,
    /**
     * Retry a failed send with the same idempotency key; the sends held behind it follow once it
     * is accepted. For a send still pending: its outcome.
     */
    retry,
    /**
     * Remove a send from view (an in-flight attempt is aborted; one already delivered stays
     * delivered). The sends of its thread it held go on.
     */
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
