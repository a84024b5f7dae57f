/**
 * The mock service's state container: one mutable object per mock instance holding the records
 * of stateRecords.ts (accounts, keys, lines, messages, …, calls, call logs, voice tokens and
 * webhooks), the settings, armed faults, rate limiters and the event outbox. Domain modules
 * (`messageSending.ts`, `groupThreads.ts`, …) implement the spec's rules on it. No Node or browser APIs.
 */
import type { MockClock } from './clock'
import { createIdSource, type IdSource } from './random'
import { createRateLimiter, type RateLimiter } from './rateLimit'
import type {
  AccessToken,
  Account,
  ApiKey,
  CallLogRecord,
  CallRecord,
  Line,
  StoredMessage,
  VoiceTokenRecord,
  WebhookRecord,
} from './stateRecords'

/** Settings the control API can change. */
export interface MockSettings {
  /** Added latency per service request (wall time), ms. */
  latencyMs: number
  /** How long a send stays `processing` (mock time), ms. 0 → sends answer `done`. */
  sendProcessingMs: number
  /** How long an outbound message stays `pending` after it is sent (mock time), ms. */
  deliveryMs: number
  /** How long a new group stays `creating` (mock time), ms. */
  groupCreatingMs: number
  /** Messaging API requests per minute per key (spec: 60). 0 disables the limit. */
  rateLimitPerMinute: number
}

/** Default settings (see mocks/README.md). */
export const defaultSettings: Readonly<MockSettings> = {
  latencyMs: 0,
  sendProcessingMs: 0,
  deliveryMs: 1_000,
  groupCreatingMs: 2_000,
  rateLimitPerMinute: 60,
}

/** A fault armed through the control API. */
export interface Fault {
  id: number
  /** Path the fault applies to (exact, e.g. `/send-api-message`); `*` matches every service path. */
  path: string
  /** Method filter (uppercase); undefined for any. */
  method: string | undefined
  /** `http`: answer `status` with an error body; `device`: the device fails (ERROR in a 200 for typing/reactions; 502 where the spec says so). */
  mode: 'http' | 'device'
  status: number
  /** Requests left to affect. */
  remaining: number
  /** Body for `http` faults; default is the error body for `status`. `text` sends a non-JSON body. */
  body: unknown
  text: string | undefined
}

/** Events published for every inbound/outbound message (and, later, calls). */
export type MockEvent =
  | { type: 'message.outbound'; at: number; accountId: string; message: StoredMessage }
  | { type: 'message.inbound'; at: number; accountId: string; message: StoredMessage }
  | { type: string; at: number; accountId: string; [field: string]: unknown }

/** The whole mutable state of one mock instance. */
export interface MockState {
  clock: MockClock
  ids: IdSource
  settings: MockSettings
  /** While true (seeding), `emit` publishes nothing. */
  quiet: boolean
  /** Incremented by every reset; timers armed under an older generation do nothing. */
  generation: number
  accounts: Map<string, Account>
  apiKeys: Map<string, ApiKey>
  accessTokens: Map<string, AccessToken>
  /** Every line of every account (so other workspaces' lines can be told apart from unknown ones). */
  lines: Map<string, Line>
  /** message handle → message (any account; handlers check ownership). */
  messagesByHandle: Map<string, StoredMessage>
  /** Global native-chat reachability overrides (phone → reachable). */
  reachability: Map<string, boolean>
  /** Numbers opted out / blocked for every account. */
  optedOut: Set<string>
  blocked: Set<string>
  faults: Fault[]
  /** Named rate limiters (`messaging`: 60/min per key; plus `mint`). */
  limiters: Map<string, RateLimiter>
  calls: Map<string, CallRecord>
  callLogs: Map<string, CallLogRecord>
  voiceTokens: Map<string, VoiceTokenRecord>
  webhooks: Map<string, WebhookRecord>
  /** The last events (newest last; between 1,000 and 2,000 are kept), for the control API. */
  outbox: MockEvent[]
  /** Counters for numeric ids. */
  counters: { message: number; run: number; fault: number; contact: number }
  /** Messages stored since this state was created: never reset, so a webhook's `messageId` never repeats. */
  messagesEver: number
  /** Publishes an event to the outbox and every listener. */
  emit(event: MockEvent): void
  /** Subscribes to events; returns the unsubscribe function. Listeners survive `reset`. */
  on(listener: (event: MockEvent) => void): () => void
  /** Gets (creating on first use) a named limiter, e.g. `limiter('mint', () => 30)`. */
  limiter(name: string, limit: number | (() => number), windowMs?: number): RateLimiter
}

const OUTBOX_CAP = 1_000

/** Creates an empty state (no accounts); `seed.ts` fills it. */
export function createEmptyState(clock: MockClock, seed: number): MockState {
  const listeners = new Set<(event: MockEvent) => void>()
  const state: MockState = {
    clock,
    ids: createIdSource(seed),
    settings: { ...defaultSettings },
    generation: 0,
    quiet: false,
    accounts: new Map(),
    apiKeys: new Map(),
    accessTokens: new Map(),
    lines: new Map(),
    messagesByHandle: new Map(),
    reachability: new Map(),
    optedOut: new Set(),
    blocked: new Set(),
    faults: [],
    limiters: new Map(),
    calls: new Map(),
    callLogs: new Map(),
    voiceTokens: new Map(),
    webhooks: new Map(),
    outbox: [],
    counters: { message: 0, run: 0, fault: 0, contact: 0 },
    messagesEver: 0,
    emit(event) {
      if (state.quiet) return
      state.outbox.push(event)
      // Trim in batches so a busy mock does not shift the array on every event.
      if (state.outbox.length > 2 * OUTBOX_CAP) state.outbox.splice(0, state.outbox.length - OUTBOX_CAP)
      for (const listener of listeners) listener(event)
    },
    on(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    limiter(name, limit, windowMs) {
      let limiter = state.limiters.get(name)
      if (!limiter) {
        limiter = createRateLimiter({ clock, limit, windowMs })
        state.limiters.set(name, limiter)
      }
      return limiter
    },
  }
  return state
}

/** Empties `state` in place (listeners are kept), ready for re-seeding. */
export function clearState(state: MockState): void {
  state.ids.reset()
  state.generation += 1
  state.settings = { ...defaultSettings }
  state.accounts.clear()
  state.apiKeys.clear()
  state.accessTokens.clear()
  state.lines.clear()
  state.messagesByHandle.clear()
  state.reachability.clear()
  state.optedOut.clear()
  state.blocked.clear()
  state.faults.length = 0
  for (const limiter of state.limiters.values()) limiter.clear()
  state.calls.clear()
  state.callLogs.clear()
  state.voiceTokens.clear()
  state.webhooks.clear()
  state.outbox.length = 0
  state.counters = { message: 0, run: 0, fault: 0, contact: 0 }
}

/**
 * Runs `fn` at mock time `when` (now when `at` is not in the future). Timers armed before a
 * reset are dropped: the account they captured no longer exists.
 */
export function at(state: MockState, when: number, fn: () => void): void {
  if (when <= state.clock.now()) {
    fn()
    return
  }
  const generation = state.generation
  state.clock.setTimer(when, () => {
    if (state.generation === generation) fn()
  })
}
