/**
 * Types of the server-side read model: what goes in (webhooks, audio-call events, listed
 * records), what comes out (changes for the event stream, inbound calls) and the store under it.
 */
import type { AudioCallEvent, CallLog, MessageRecord, MessageWebhookPayload } from '../../src/api'
import type { AnsweredGroupSend } from './groupBook'

/** The fields of a message webhook the model reads. spec: Message webhook payload. */
export type MessageWebhook = Pick<
  MessageWebhookPayload,
  'message' | 'destination' | 'receivedAt' | 'direction' | 'messageId' | 'guid' | 'linePhoneNumber'
>

/** An inbound audio call as the model knows it. spec: States and transitions — Inbound audio call. */
export interface InboundCall {
  callUuid: string
  lineId: string
  /** The caller (E.164). */
  from: string
  linePhoneNumber: string
  /** `ended` stands for every terminal state; the exact one is `endStatus`. */
  state: 'ringing' | 'answered' | 'ended'
  /** `ended`, `declined`, `no_answer`, `voicemail`, `busy`, `failed`, or null while live or when unknown. */
  endStatus: string | null
  ringingAt: string | null
  answeredAt: string | null
  endedAt: string | null
  /** When the model last heard of the call (event or status poll), ms since the epoch. */
  updatedAt: number
}

/** What the call-status endpoint said about a call; only `call_status` is relied on. */
export interface CallStatusReading {
  /** spec: the endpoint "returns a `call_status`"; other fields are not shown. */
  call_status: string
  answeredAt?: string | null
  endedAt?: string | null
}

/**
 * One change of the model, for the event stream. A record that replaces a provisional one (a
 * webhook's message, now listed by the service) names the provisional handle in `replaces`.
 */
export type ModelChange =
  | { kind: 'message'; lineId: string; record: MessageRecord; provisional: boolean; replaces?: string }
  | { kind: 'call'; lineId: string; call: InboundCall }

/**
 * A span of `created_at` that a listing read completely: every message created in it, inclusive,
 * is in the records given with it. `from` null = from the account's first message.
 */
export interface MessageWindow {
  from: string | null
  to: string
}

/**
 * The span of `created_at` the model holds completely. `since` null = from the first message;
 * `until` is where the reconciler last read the service (webhooks fill in after it).
 */
export interface Coverage {
  since: string | null
  until: string
}

/** An operation on the model. Every instance applies the same operations in the same order. */
export type ModelOp =
  /** `lineId`: the line the webhook route resolved (and published the event to); null when unknown. */
  | { op: 'webhook'; at: number; payload: MessageWebhook; lineId?: string | null }
  | { op: 'call'; at: number; event: AudioCallEvent }
  | { op: 'records'; at: number; records: MessageRecord[]; window: MessageWindow | null }
  | { op: 'callStatus'; at: number; callUuid: string; reading: CallStatusReading | null }
  | { op: 'groupSend'; at: number; numbers: string[]; content: string }
  /** A group send's answer (its members, and its name when it created the group): groupBook.ts. */
  | { op: 'groupAnswer'; at: number; send: AnsweredGroupSend }
  | { op: 'learnLine'; at: number; number: string; lineId: string }
  | { op: 'learnCall'; at: number; callUuid: string; lineId: string }
  | { op: 'callLogs'; at: number; logs: CallLog[]; complete: boolean }

/** Reports a learned fact the model ignored because it conflicts with a known one. */
export type ConflictReporter = (message: string, details: Record<string, unknown>) => void

/** Serialized state of the model (stores persist it; it is opaque to them). */
export interface ModelSnapshot {
  v: 1
  data: unknown
}

/** The state machine a store drives: applies operations, saves and restores itself. */
export interface ModelTarget {
  apply(op: ModelOp): ModelChange[]
  snapshot(): ModelSnapshot
  restore(snapshot: ModelSnapshot): void
}

/**
 * Where the model's operations are ordered and kept. The memory store applies each operation at
 * once; the Redis store appends it to a stream that every instance applies in order, so every
 * instance holds the same model (`createRedisModelStore`).
 */
export interface ModelStore {
  /** Restores the saved state, applies what came after it, then follows new operations. */
  open(target: ModelTarget): Promise<void>
  /** Orders `op` among every instance's operations; resolves with the changes it made here. */
  submit(op: ModelOp): Promise<ModelChange[]>
  /** Saves the state so a restart resumes from it (the reconciler's leader calls it). */
  checkpoint(): Promise<void>
  /** Takes or renews the reconciler's lease for `holder`; true while `holder` leads. */
  lease(holder: string, ttlMs: number): Promise<boolean>
  /** Gives the lease up, if `holder` has it. */
  release(holder: string): Promise<void>
  close(): Promise<void>
}
