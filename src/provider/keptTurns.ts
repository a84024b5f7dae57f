import type { GroupSendRequest, LinekitClient, ReactionRequest } from '../api'
import { LinekitError } from '../api/errors'
import { keptFailure, type KeptGroupSend, type KeptReaction, type Outbox } from './outbox'
import { offlineNow } from './sendAttempts'
import { groupLane, reactionLane } from './sendLanes'
import type { createTurns } from './sendTurns'
import type { RestoredSend, SendWait } from './sendTypes'

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

/** What {@link createKeptTurns} needs of its send engine. */
interface KeptTurnsOptions {
  outbox: Outbox | undefined
  turns: ReturnType<typeof createTurns>
  now: () => number
  newKey: () => string
  /** The engine's change signal (its `subscribe` listeners). */
  emit: () => void
  /** See the send engine's option of the same name. */
  onRestoredAccepted?: (send: RestoredSend) => boolean
}

/**
 * The group sends and reactions of a send engine: each in its thread's turn (sendTurns.ts), kept
 * in the outbox like a 1:1 send while it waits for the connection, and after a reload restored:
 * shown (`getRestored`), sent again by itself in typed order, cancellable. Framework-free.
 */
export function createKeptTurns(options: KeptTurnsOptions) {
  const { outbox, turns, now, newKey, emit } = options
  /** Per thread of group sends or reactions, those in it that may be kept, in the order they were made. */
  const keepers = new Map<string, Keeper[]>()
  /** The group sends and reactions restored after a reload, and how to stop each one. */
  let restored: readonly RestoredSend[] = []
  const restoredRuns = new Map<string, { abort: AbortController; keeper: Keeper }>()

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
    /** Shows and sends again a group send or reaction kept before a reload (once per key). */
    restore(client: LinekitClient, kept: KeptGroupSend | KeptReaction) {
      if (!restored.some((r) => r.key === kept.idempotencyKey)) restoreOther(client, kept)
    },
    /**
     * Lets a restored send this engine still tries go to the next engine instead (kept in the
     * outbox): a reaction has no key, so two engines must not both send it.
     */
    release(key: string) {
      const run = restoredRuns.get(key)
      if (!run) return
      run.keeper.released = true
      restoredRuns.delete(key)
      run.abort.abort()
      // At once: the same engine may restore it again right away (a remount, React's StrictMode).
      dropRestored(key)
    },
    getRestored: () => restored,
    cancelRestored(key: string) {
      const run = restoredRuns.get(key)
      restoredRuns.delete(key)
      run?.abort.abort()
      dropRestored(key)
    },
  }
}
