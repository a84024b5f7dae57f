import type { GroupSendRequest, LinekitClient, ReactionRequest, SendMessageRequest } from '../api'
import { LinekitError } from '../api/errors'
import { newIdempotencyKey } from './idempotencyKey'
import {
  keptFailure,
  keptForm,
  restoredHere,
  restoredMessage,
  type KeptGroupSend,
  type KeptReaction,
  type Outbox,
} from './outbox'
import { defaultRetryPolicy } from './retryPolicy'
import type { RetryPolicy } from './retryPolicy'
import { attemptInOrder, untilOnline } from './sendAttempts'
import { groupLane, reactionLane, threadLane } from './sendLanes'
import { createTurns } from './sendTurns'
import type { OptimisticMessage, RestoredSend, SendResult, SendWait, ThreadSnapshot } from './sendTypes'
import { gateOf } from './wrapClient'

/** Options of {@link createSendEngine}. */
interface SendEngineOptions {
  retry?: Partial<RetryPolicy>
  /** Sleep between attempts (tests inject fake timers). */
  sleep?: (ms: number) => Promise<void>
  /**
   * Waits for the connection after a network failure, at most `ms` (tests inject it).
   * @default `sleep` when one was given, else a timer that ends early on the browser's `online` event
   */
  waitForNetwork?: (ms: number) => Promise<void>
  random?: () => number
  /** The clock of `wait.until`. @default Date.now */
  now?: () => number
  /** Key generator. @default newIdempotencyKey (`lk-` + crypto.randomUUID) */
  newKey?: () => string
  /** Called after the service accepted a send that no other send of its thread waits behind (the provider refetches the thread). */
  onAccepted?: (message: OptimisticMessage) => void
  /** How long a thread polls for an accepted send's record. @default 60000 */
  confirmTimeoutMs?: number
  /** Where sends waiting for the connection are kept across a reload (the provider's is the browser's). */
  outbox?: Outbox
  /**
   * Called when the service accepted a restored group send or reaction. True: nothing is left
   * for a component to do, the send is forgotten; else it stays `sent` until `cancelRestored`.
   */
  onRestoredAccepted?: (send: RestoredSend) => boolean
}

/** What a group send or a reaction is kept as, should it wait for the connection (`inTurn`'s `keepAs`). */
type KeepAs =
  { kind: 'group'; body: GroupSendRequest & { idempotencyKey: string } } | { kind: 'reaction'; body: ReactionRequest }

/** A group send or reaction in its thread's turn that the outbox keeps, or may keep. */
interface Keeper {
  kept: KeptGroupSend | KeptReaction
  isKept: boolean
  /** Let go for another engine of the page (a provider's remount): it stays in the outbox. */
  released?: boolean
}

/** Is the browser offline now (a send made now waits for the connection)? */
const offlineNow = () => typeof navigator !== 'undefined' && navigator.onLine === false

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
  /** Per thread of group sends or reactions, those in it that may be kept, in the order they were made. */
  const keepers = new Map<string, Keeper[]>()
  /** The group sends and reactions restored after a reload, and how to stop each one. */
  let restored: readonly RestoredSend[] = []
  const restoredRuns = new Map<string, { abort: AbortController; keeper: Keeper }>()

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

  /**
   * A group send or reaction in its thread's turn, kept in the outbox like a 1:1 send: from the
   * moment it waits for the connection (or is made offline, or behind one that is kept), and the
   * later ones of its thread with it, so a reload restores them in typed order. Forgotten when it
   * settles: accepted, refused (its caller shows the refusal), or cancelled.
   */
  const keptTurn = <T>(
    lane: string,
    client: LinekitClient,
    attempt: () => Promise<T>,
    onWait: (wait: SendWait | undefined) => void,
    turnOptions: { signal?: AbortSignal; repeatable?: boolean },
    keeper: Keeper,
  ): Promise<T> => {
    if (!outbox) return turns(lane, client, attempt, onWait, turnOptions)
    keepers.set(lane, [...(keepers.get(lane) ?? []), keeper])
    const keepFrom = () => {
      const inLane = keepers.get(lane) ?? []
      for (const k of inLane.slice(Math.max(0, inLane.indexOf(keeper)))) {
        if (k.isKept) continue
        // Beyond the caps (or a full storage) it is not kept, nor anything typed after it.
        if (!outbox.put(k.kept)) break
        k.isKept = true
      }
    }
    if (offlineNow() || keepers.get(lane)?.some((k) => k !== keeper && k.isKept)) keepFrom()
    const settled = turns(
      lane,
      client,
      attempt,
      (wait) => {
        // Waiting for the connection: kept, so that a reload or a closed tab loses nothing.
        if (wait?.reason === 'offline' && !keeper.isKept) keepFrom()
        onWait(wait)
      },
      turnOptions,
    )
    const leave = () => {
      const rest = (keepers.get(lane) ?? []).filter((k) => k !== keeper)
      if (rest.length === 0) keepers.delete(lane)
      else keepers.set(lane, rest)
      if (keeper.isKept && !keeper.released) outbox.remove(keeper.kept.idempotencyKey)
    }
    settled.then(leave, leave)
    return settled
  }

  /**
   * Runs `attempt` with the engine's retries in the thread's turn (group sends, reactions; see
   * `createTurns`). With `keepAs` (and an outbox), a send that waits for the connection is kept
   * across a reload and goes again by itself then.
   */
  const inTurn = <T>(
    lane: string,
    client: LinekitClient,
    attempt: () => Promise<T>,
    onWait: (wait: SendWait | undefined) => void = () => {},
    turnOptions: { signal?: AbortSignal; repeatable?: boolean; keepAs?: KeepAs } = {},
  ): Promise<T> => {
    const { keepAs, ...rest } = turnOptions
    if (!keepAs || !outbox) return turns(lane, client, attempt, onWait, rest)
    const createdAt = new Date(now()).toISOString()
    const kept: KeptGroupSend | KeptReaction =
      keepAs.kind === 'group'
        ? { kind: 'group', idempotencyKey: keepAs.body.idempotencyKey, body: keepAs.body, createdAt }
        : { kind: 'reaction', idempotencyKey: newKey(), body: keepAs.body, createdAt }
    return keptTurn(lane, client, attempt, onWait, rest, { kept, isKept: false })
  }

  const patchRestored = (key: string, change: (r: RestoredSend) => RestoredSend) => {
    restored = restored.map((r) => (r.key === key ? change(r) : r))
    emit()
  }
  const dropRestored = (key: string) => {
    if (!restored.some((r) => r.key === key)) return
    restored = restored.filter((r) => r.key !== key)
    emit()
  }

  /** A group send or reaction kept before a reload: shown, and sent again by itself in its turn. */
  const restoreOther = (client: LinekitClient, kept: KeptGroupSend | KeptReaction) => {
    const key = kept.idempotencyKey
    const error = keptFailure(kept, now())
    const shown = {
      key,
      createdAt: kept.createdAt,
      ...(error ? { state: 'failed' as const, error } : { state: 'pending' as const }),
    }
    restored = [
      ...restored,
      kept.kind === 'group'
        ? { ...shown, kind: 'group', body: kept.body }
        : { ...shown, kind: 'reaction', body: kept.body },
    ]
    if (error) {
      // Shown once on this page (the group's draft still holds its text): not kept for the next one.
      outbox?.remove(key)
      return
    }
    const abort = new AbortController()
    const run = { abort, keeper: { kept, isKept: true } as Keeper }
    restoredRuns.set(key, run)
    /** False once cancelled or let go (the key may be restored again meanwhile: that run is another). */
    const current = () => restoredRuns.get(key) === run
    const signal = abort.signal
    const lane =
      kept.kind === 'group' ? groupLane(kept.body.numbers, kept.body.lineId) : reactionLane(kept.body.messageHandle)
    // The group send goes with the key it was made with: a replay of a send the earlier page got
    // through sends nothing (spec: POST /send-group-message — idempotencyKey). A reaction has no
    // key: made again it changes nothing (spec: POST /send-reaction — one state per type).
    const attempt: () => Promise<RestoredSend['response']> =
      kept.kind === 'group'
        ? () => client.sendGroupMessage(kept.body, { signal })
        : () => client.sendReaction(kept.body, { signal })
    const onWait = (wait: SendWait | undefined) =>
      current() &&
      patchRestored(key, (r) => {
        const rest = { ...r }
        delete rest.wait
        return wait ? { ...rest, wait } : rest
      })
    keptTurn(lane, client, attempt, onWait, { signal, repeatable: kept.kind === 'reaction' }, run.keeper).then(
      (response) => {
        const shownNow = restored.find((r) => r.key === key)
        if (!current() || !shownNow) return
        restoredRuns.delete(key)
        // spec: POST /send-reaction — a device-level failure is `status: ERROR` inside a 200.
        if (kept.kind === 'reaction' && response && 'error_message' in response && response.status === 'ERROR') {
          const message = response.error_message ?? 'The reaction was not sent'
          patchRestored(key, (r) => ({
            ...r,
            state: 'failed',
            error: new LinekitError({ status: 200, code: 'ERROR', message }),
          }))
          return
        }
        const sent = { ...shownNow, state: 'sent', response } as RestoredSend
        delete sent.wait
        if (options.onRestoredAccepted?.(sent)) dropRestored(key)
        else patchRestored(key, () => sent)
      },
      (failure: unknown) => {
        // Cancelled by the agent, or let go for another engine: already gone from view.
        if (!current()) return
        restoredRuns.delete(key)
        patchRestored(key, (r) => {
          const rest = { ...r }
          delete rest.wait
          return { ...rest, state: 'failed', error: failure }
        })
      },
    )
  }

  return {
    inTurn,
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
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false
      if (offline || (ahead !== undefined && keptIds.has(ahead))) keep(message)
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
          if (!restored.some((r) => r.key === key)) restoreOther(client, kept)
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
          // A group send or reaction this engine still tries goes to the next engine instead
          // (kept in the outbox): a reaction has no key, so two engines must not both send it.
          const run = restoredRuns.get(key)
          if (run) {
            run.keeper.released = true
            restoredRuns.delete(key)
            run.abort.abort()
            // At once: the same engine may restore it again right away (a remount, React's StrictMode).
            dropRestored(key)
          }
        }
      }
    },
    /** The group sends and reactions restored after a reload (`subscribe` tells of changes). */
    getRestored: () => restored,
    /**
     * Drops a restored group send or reaction: one still waiting is not sent (an attempt on its way
     * is aborted) and no longer kept; one sent or refused is no longer shown.
     */
    cancelRestored(key: string) {
      const run = restoredRuns.get(key)
      restoredRuns.delete(key)
      run?.abort.abort()
      dropRestored(key)
    },
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
