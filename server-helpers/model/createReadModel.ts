/**
 * The server-side read model of the account's recent activity: messages (one-to-one and group
 * threads) and inbound calls, fed by the webhooks and kept true by the reconciler. The proxy
 * answers `GET /get-messages-api` from it when it covers the requested window.
 */
import type { AudioCallEvent, CallLog, CallLogsListResponse, MessageRecord, MessagesListResponse } from '../../src/api'
import { queryCallLogs } from './heldCallLogs'
import { createMemoryModelStore } from './memoryModelStore'
import { queryEntries } from './query'
import type { MessagesQueryInput } from './query'
import { ModelState } from './modelState'
import type { KnownGroup } from './groupBook'
import type { RetentionOptions } from './modelState'
import type {
  CallStatusReading,
  Coverage,
  InboundCall,
  MessageWebhook,
  MessageWindow,
  ModelChange,
  ModelOp,
  ModelStore,
} from './modelTypes'

/** Options of {@link createReadModel}. */
interface ReadModelOptions {
  /** Where operations are ordered and kept. @default createMemoryModelStore() */
  store?: ModelStore
  /** How much is kept: a window of days and of messages per line. @default { days: 7, messagesPerLine: 5000, bytesPerLine: 4_000_000 } */
  retention?: RetentionOptions
  /** Clock of the operations this instance submits (tests inject one). @default Date.now */
  now?: () => number
  /** Where a learned fact that conflicts with a known one is reported (it is ignored). @default none */
  logger?: { warn(message: string, details?: Record<string, unknown>): void }
}

/** A thread: one-to-one (a line and the other party's number) or a group (its `chat…` identifier). */
type ThreadKey = { lineId: string; number: string } | { chatId: string }

/** See the module comment. Writes resolve once applied here; reads are synchronous. */
export interface ReadModel {
  /** Resolves once the store has restored the saved state and caught up. */
  ready(): Promise<void>
  /**
   * A message webhook: stored at once as a provisional record on `lineId`, the line its event went
   * to (or, without one, once the model learns its line number).
   */
  applyMessageWebhook(payload: MessageWebhook, lineId?: string | null): Promise<ModelChange[]>
  /** An audio-call webhook (learns `call_uuid → line` and the line's number). */
  applyCallEvent(event: AudioCallEvent): Promise<ModelChange[]>
  /** Listed records; `window` (when given) is the `created_at` span they cover completely. */
  applyMessageRecords(records: readonly MessageRecord[], window: MessageWindow | null): Promise<ModelChange[]>
  /** A call-status reading (null: the service does not know the call). */
  applyCallStatus(callUuid: string, reading: CallStatusReading | null): Promise<ModelChange[]>
  /** The newest page of call logs as listed; `complete` when the page was short (no older ones). */
  applyCallLogs(logs: readonly CallLog[], complete: boolean): Promise<ModelChange[]>
  /** A group send about to go upstream: its webhooks are group traffic (messageIndex.ts). */
  noteGroupSend(numbers: readonly string[], content: string): Promise<ModelChange[]>
  /**
   * A group send's answer: `recipients` (spec: Group-send response) are the group's members, and
   * `name` its name when the answer says the send created it. Tied to the group's chat identifier
   * once its outbound record is listed (groupBook.ts).
   */
  noteGroupAnswer(recipients: readonly string[], content: string, name: string | null): Promise<ModelChange[]>
  /** The groups on `visibleLineIds` the model learned, most recently used first. */
  knownGroups(visibleLineIds: readonly string[]): KnownGroup[]
  /** Teaches the model a line's number (e.g. a send answer's `devicePhoneNumber` and its `lineId`). */
  learnLineNumber(number: string, lineId: string): Promise<ModelChange[]>
  /** Teaches the model the line of a call the server started. */
  learnCallLine(callUuid: string, lineId: string): Promise<void>
  /**
   * `GET /get-messages-api` from the model, limited to `visibleLineIds`, or undefined when the
   * model does not cover the query (then ask the service).
   */
  queryMessages(query: MessagesQueryInput, visibleLineIds: readonly string[]): MessagesListResponse | undefined
  /** `GET /get-call-logs-api` from the model, limited to `visibleLineIds`, or undefined (ask the service). */
  queryCallLogs(query: MessagesQueryInput, visibleLineIds: readonly string[]): CallLogsListResponse | undefined
  /** One thread, oldest first, within `visibleLineIds`. A `chat…` message is never in a one-to-one thread. */
  threadMessages(key: ThreadKey, visibleLineIds: readonly string[]): MessageRecord[]
  lineIdForNumber(number: string): string | undefined
  lineIdForCall(callUuid: string): string | undefined
  /**
   * Messages of `visibleLineIds` whose text contains `needle` (already lower-cased), newest first:
   * at most `limit`, and whether more match. One pass over what the model holds, no pattern built.
   */
  searchMessages(
    needle: string,
    visibleLineIds: readonly string[],
    limit: number,
  ): { records: MessageRecord[]; more: boolean }
  /** Inbound calls of `visibleLineIds` the model still holds (live and recently ended), newest first. */
  recentInboundCalls(visibleLineIds: readonly string[]): InboundCall[]
  /** The oldest `created_at` the model holds for `lineIds` (ms), or null when it holds none. */
  oldestHeld(lineIds: readonly string[]): number | null
  /** The `created_at` span held completely for `lineIds` (every line with none), or undefined. */
  coverage(lineIds?: readonly string[]): Coverage | undefined
  /** Calls `listener` with the changes of every operation applied here, from any instance. */
  subscribe(listener: (changes: ModelChange[]) => void): () => void
  /** The state machine (the reconciler reads it). */
  readonly state: ModelState
  readonly store: ModelStore
  readonly now: () => number
  close(): Promise<void>
}

/**
 * Creates a read model over a store.
 *
 * @example
 * ```ts
 * const model = createReadModel({ retention: { days: 3 } })
 * await model.applyMessageWebhook(payload) // provisional record, on screen at once
 * model.queryMessages(new URL(request.url).searchParams, user.lineIds) // or undefined → upstream
 * ```
 */
export function createReadModel(options: ReadModelOptions = {}): ReadModel {
  const store = options.store ?? createMemoryModelStore()
  const now = options.now ?? Date.now
  const listeners = new Set<(changes: ModelChange[]) => void>()
  // Logged once each: the same conflict comes back with every listing that shows it.
  const reported = new Set<string>()
  const onConflict = (message: string, details: Record<string, unknown>) => {
    const key = JSON.stringify(details)
    if (reported.has(key)) return
    if (reported.size >= 1000) reported.clear()
    reported.add(key)
    options.logger?.warn(message, details)
  }
  let state = new ModelState(options.retention, onConflict)
  const target = {
    apply(op: ModelOp) {
      const changes = state.apply(op)
      if (changes.length > 0) for (const listener of [...listeners]) listener(changes)
      return changes
    },
    snapshot: () => state.snapshot(),
    restore(snapshot: Parameters<ModelState['restore']>[0]) {
      state = new ModelState(options.retention, onConflict)
      state.restore(snapshot)
    },
  }
  const opened = store.open(target)
  opened.catch(() => undefined)
  const submit = async (op: ModelOp) => {
    await opened
    return store.submit(op)
  }

  return {
    ready: () => opened,
    applyMessageWebhook: (payload, lineId) =>
      submit({
        op: 'webhook',
        at: now(),
        ...(lineId ? { lineId } : {}),
        payload: {
          message: payload.message,
          destination: payload.destination,
          receivedAt: payload.receivedAt,
          direction: payload.direction,
          messageId: payload.messageId,
          guid: payload.guid,
          linePhoneNumber: payload.linePhoneNumber,
        },
      }),
    applyCallEvent: (event) => submit({ op: 'call', at: now(), event }),
    applyMessageRecords(records, window) {
      // Records the model holds unchanged (the reconciler's overlap re-reads them) are not sent
      // through the store: with Redis every operation is a stream entry.
      const changed = records.filter((record) => {
        const held = state.messages.byHandle.get(record.message_handle)
        return !held || JSON.stringify(held.record) !== JSON.stringify(record)
      })
      return submit({ op: 'records', at: now(), records: changed, window })
    },
    applyCallStatus: (callUuid, reading) => submit({ op: 'callStatus', at: now(), callUuid, reading }),
    applyCallLogs: (logs, complete) => submit({ op: 'callLogs', at: now(), logs: [...logs], complete }),
    queryCallLogs: (query, visibleLineIds) => queryCallLogs(state.callLogs, query, visibleLineIds),
    noteGroupAnswer(recipients, content, name) {
      const at = now()
      return submit({ op: 'groupAnswer', at, send: { recipients: [...recipients], content, name, at } })
    },
    knownGroups: (visibleLineIds) => state.groups.list(new Set(visibleLineIds.map((id) => id.toLowerCase()))),
    noteGroupSend: (numbers, content) => submit({ op: 'groupSend', at: now(), numbers: [...numbers], content }),
    learnLineNumber: (number, lineId) => submit({ op: 'learnLine', at: now(), number, lineId }),
    async learnCallLine(callUuid, lineId) {
      await submit({ op: 'learnCall', at: now(), callUuid, lineId })
    },
    queryMessages: (query, visibleLineIds) =>
      queryEntries(state.messages.all, (lineIds) => state.since(lineIds), query, visibleLineIds, now()),
    threadMessages(key, visibleLineIds) {
      const threadKey = 'chatId' in key ? `g:${key.chatId}` : `o:${key.lineId}|${key.number}`
      const lines = new Set(visibleLineIds)
      return [...(state.messages.byThread.get(threadKey) ?? [])]
        .filter((entry) => lines.has(entry.record.line_id))
        .sort((a, b) => a.created - b.created || a.seq - b.seq)
        .map((entry) => entry.record)
    },
    searchMessages(needle, visibleLineIds, limit) {
      const lines = new Set(visibleLineIds)
      const records: MessageRecord[] = []
      const all = state.messages.all
      for (let i = all.length - 1; i >= 0; i -= 1) {
        const entry = all[i]!
        if (!lines.has(entry.record.line_id) || !entry.record.content.toLowerCase().includes(needle)) continue
        if (records.length === limit) return { records, more: true }
        records.push(entry.record)
      }
      return { records, more: false }
    },
    lineIdForNumber: (number) => state.numbers.get(number),
    lineIdForCall: (callUuid) => state.calls.lines.get(callUuid)?.lineId,
    recentInboundCalls: (visibleLineIds) => state.calls.recent(visibleLineIds),
    oldestHeld(lineIds) {
      let oldest: number | null = null
      for (const lineId of lineIds) {
        const first = state.messages.byLine.get(lineId)?.[0]
        if (first && (oldest === null || first.created < oldest)) oldest = first.created
      }
      return oldest
    },
    coverage(lineIds) {
      const since = state.since(lineIds ?? [...state.messages.byLine.keys()])
      if (since === undefined || !state.covered) return undefined
      return {
        since: since === null ? null : new Date(since).toISOString(),
        until: new Date(state.covered.until).toISOString(),
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    get state() {
      return state
    },
    store,
    now,
    async close() {
      listeners.clear()
      await store.close()
    },
  }
}
