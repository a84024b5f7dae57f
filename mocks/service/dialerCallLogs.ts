/**
 * Outbound dialer call logs. spec: CallLog object, GET /get-call-logs-api.
 *
 * An attempt is recorded when an outbound call is placed (start-audiocall, or the dialer SDK
 * simulated through the control API with a voice token). It reads `in-progress` until it is
 * completed with an outcome; the AI disposition appears after a classification delay (mock
 * clock) and is null until then. Connected minutes count toward the workspace's and the line's
 * daily dialer usage (voiceTokenMint.ts reads them).
 */
import type { Disposition } from '../../src/api/enums'
import { dispositions } from '../../src/api/enums'
import { fail } from './serviceErrors'
import type { MockSettings, MockState } from './mockState'
import type { Account, CallLogRecord, Line } from './stateRecords'

declare module './mockState' {
  interface MockSettings {
    /** Mock ms between a call's completion and its AI disposition (null until then). @default 30000 */
    callLogClassifyMs?: number
  }
}

/** Outcomes the control API can complete an attempt with. */
export const callOutcomes = ['answered', 'voicemail', 'busy', 'no-answer', 'failed', 'canceled'] as const
export type CallOutcome = (typeof callOutcomes)[number]

/** Calls shorter than this many connected seconds keep no recording (spec: "very short calls"). */
export const VERY_SHORT_CALL_SECONDS = 5

/** A call log kept by the mock. */
interface CallLogEntry extends CallLogRecord {
  id: string
  accountId: string
  lineId: string
  from: string
  to: string
  /** The audio call this attempt belongs to, when placed through the start operation. */
  callUuid: string | null
  /** The voice token the dialer SDK used, when simulated through the control API. */
  token: string | null
  createdAt: number
  /** `in-progress` until completed; then the spec's `completed`, `no-answer`, `busy`, `failed`, `canceled`. */
  status: string
  outcome: CallOutcome | null
  transcript: string | null
  durationSeconds: number | null
  answeredAt: number | null
  endedAt: number | null
  recorded: boolean
  /** The disposition the classifier will assign, visible from `classifyAt`. */
  pendingDisposition: Disposition | null
  classifyAt: number | null
}

/** The public CallLog. spec: CallLog object (plus `created_at`, the sort key). */
export interface CallLogView {
  id: string
  line_id: string | null
  from_number: string
  to_number: string
  status: string
  disposition: Disposition | null
  transcript: string | null
  duration_seconds: number | null
  answered_at: string | null
  ended_at: string | null
  recording_url: string | null
  created_at: string
}

/** The call-logs map with the mock's full type (only this module writes it). */
export function callLogsOf(state: MockState): Map<string, CallLogEntry> {
  return state.callLogs as Map<string, CallLogEntry>
}

function classifyMs(settings: MockSettings): number {
  return Math.max(0, settings.callLogClassifyMs ?? 30_000)
}

const iso = (ms: number) => new Date(ms).toISOString()

/** Renders an entry at mock time `now` (the disposition is null until classified). */
export function toCallLogView(entry: CallLogEntry, now: number): CallLogView {
  const classified = entry.classifyAt !== null && now >= entry.classifyAt
  const connected = entry.durationSeconds ?? 0
  // spec: recording_url — null for unanswered, busy, failed and very short calls, and when no audio was captured.
  const hasRecording =
    entry.recorded &&
    (entry.outcome === 'answered' || entry.outcome === 'voicemail') &&
    connected >= VERY_SHORT_CALL_SECONDS
  return {
    id: entry.id,
    line_id: entry.lineId,
    from_number: entry.from,
    to_number: entry.to,
    status: entry.status,
    disposition: classified ? entry.pendingDisposition : null,
    transcript: entry.transcript,
    duration_seconds: entry.durationSeconds,
    answered_at: entry.answeredAt === null ? null : iso(entry.answeredAt),
    ended_at: entry.endedAt === null ? null : iso(entry.endedAt),
    recording_url: hasRecording ? `https://recordings.mock.linekit.invalid/${entry.id}.mp3` : null,
    created_at: iso(entry.createdAt),
  }
}

/** Records a new outbound attempt (`in-progress`). */
export function recordAttempt(
  state: MockState,
  account: Account,
  input: { lineId: string; to: string; callUuid?: string | undefined; token?: string | undefined },
): CallLogEntry {
  const line = state.lines.get(input.lineId)
  if (!line || line.accountId !== account.id)
    throw fail(400, 'invalid_line_id', "lineId is not one of the account's lines")
  const entry: CallLogEntry = {
    id: `cl_${state.ids.token('', 20)}`,
    accountId: account.id,
    lineId: line.lineId,
    from: line.phoneNumber,
    to: input.to,
    callUuid: input.callUuid ?? null,
    token: input.token ?? null,
    createdAt: state.clock.now(),
    status: 'in-progress',
    outcome: null,
    transcript: null,
    durationSeconds: null,
    answeredAt: null,
    endedAt: null,
    recorded: false,
    pendingDisposition: null,
    classifyAt: null,
  }
  callLogsOf(state).set(entry.id, entry)
  return entry
}

/**
 * The mock's "AI" classifier: a disposition from the outcome and the transcript's words.
 * Choice (README): keyword rules, `answered` when nothing more specific matches.
 */
export function classify(outcome: CallOutcome, transcript: string | null, durationSeconds: number | null): Disposition {
  switch (outcome) {
    case 'voicemail':
      return 'voicemail'
    case 'busy':
      return 'busy'
    case 'no-answer':
    case 'canceled':
      return 'no_answer'
    case 'failed':
      return 'unknown'
    case 'answered':
      break
  }
  const text = (transcript ?? '').toLowerCase()
  // Words beyond the speaker labels ("Agent:"), line by line with indexOf: a multiline pattern such
  // as /^[^:\n]*:/gm rescans a long line once per carriage return in it.
  const spoken = text.split('\n').some((line) => line.slice(line.indexOf(':') + 1).trim() !== '')
  if (!spoken || (durationSeconds ?? 0) < VERY_SHORT_CALL_SECONDS) return 'no_speech'
  if (/wrong number/.test(text)) return 'wrong_number'
  if (/not interested|no thanks|remove me/.test(text)) return 'not_interested'
  if (/call (me )?back|callback/.test(text)) return 'callback_requested'
  if (/meeting|schedule|calendar|appointment/.test(text)) return 'meeting_scheduled'
  if (/information|details|pricing|how much/.test(text)) return 'information_provided'
  return 'answered'
}

const DEFAULT_TRANSCRIPT =
  'Agent: Hi, this is Sam from Linekit.\nContact: Hi Sam.\nAgent: Do you have a minute?\nContact: Sure.'
const DEFAULT_VOICEMAIL =
  'Voicemail: You have reached the voicemail box. Please leave a message.\nAgent: Hi, this is Sam from Linekit, please call us back.'

/** Control API: how an attempt ended. */
export interface CompleteCallLogInput {
  outcome: CallOutcome
  /** Connected seconds (answered and voicemail). @default 95 for answered, 25 for voicemail */
  durationSeconds?: number | undefined
  /** Speaker-labelled transcript (answered and voicemail). @default a short sample */
  transcript?: string | null | undefined
  /** Whether audio was captured. @default true */
  recorded?: boolean | undefined
  /** Force the disposition the classifier assigns. @default {@link classify} */
  disposition?: Disposition | undefined
}

function statusOf(outcome: CallOutcome): string {
  // spec: CallLog status such as completed, no-answer, busy, failed, canceled.
  return outcome === 'answered' || outcome === 'voicemail' ? 'completed' : outcome
}

/** Adds connected minutes to the workspace's and the line's usage today (whole minutes, rounded up). */
function addUsage(state: MockState, entry: CallLogEntry): void {
  const seconds = entry.durationSeconds ?? 0
  if (seconds <= 0) return
  const minutes = Math.ceil(seconds / 60)
  const account = state.accounts.get(entry.accountId)
  if (account) account.dialer.usedMinutes += minutes
  const line: Line | undefined = state.lines.get(entry.lineId)
  if (line) line.usedMinutesToday += minutes
}

/** Completes an attempt with an outcome; the disposition follows after the classification delay. */
export function completeCallLog(
  state: MockState,
  id: string,
  input: CompleteCallLogInput,
  answeredAt?: number | null,
): CallLogEntry {
  const entry = callLogsOf(state).get(id)
  if (!entry)
    throw fail(
      404,
      'call_log_not_found',
      'Call log not found',
      'Use an id from GET /get-call-logs-api or /__mock/call-logs.',
    )
  if (entry.outcome !== null) throw fail(409, 'call_log_completed', `Call log already completed (${entry.status})`)
  if (input.disposition !== undefined && !(dispositions as readonly string[]).includes(input.disposition)) {
    throw fail(400, 'invalid_request', 'disposition is not a known value', `One of: ${dispositions.join(', ')}`)
  }
  const now = state.clock.now()
  const connected = input.outcome === 'answered' || input.outcome === 'voicemail'
  const duration = connected
    ? Math.max(0, Math.round(input.durationSeconds ?? (input.outcome === 'answered' ? 95 : 25)))
    : null
  entry.outcome = input.outcome
  entry.status = statusOf(input.outcome)
  entry.durationSeconds = duration
  entry.transcript = connected
    ? input.transcript === undefined
      ? input.outcome === 'answered'
        ? DEFAULT_TRANSCRIPT
        : DEFAULT_VOICEMAIL
      : input.transcript
    : null
  entry.endedAt = now
  entry.answeredAt = connected ? (answeredAt ?? now - (duration ?? 0) * 1000) : null
  entry.recorded = connected && input.recorded !== false
  entry.pendingDisposition = input.disposition ?? classify(input.outcome, entry.transcript, duration)
  entry.classifyAt = now + classifyMs(state.settings)
  addUsage(state, entry)
  return entry
}

/** Completes the attempt of an outbound audio call that reached a terminal state (audioCalls.ts). */
export function finishAttemptFromCall(
  state: MockState,
  call: { callLogId: string | null; status: string; answeredAt: number | null; endedAt: number | null },
): void {
  if (call.callLogId === null) return
  const entry = callLogsOf(state).get(call.callLogId)
  if (!entry || entry.outcome !== null) return
  const end = call.endedAt ?? state.clock.now()
  let outcome: CallOutcome
  if (call.answeredAt !== null) outcome = 'answered'
  else if (call.status === 'busy' || call.status === 'declined') outcome = 'busy'
  else if (call.status === 'voicemail') outcome = 'voicemail'
  else if (call.status === 'no_answer') outcome = 'no-answer'
  else if (call.status === 'failed') outcome = 'failed'
  else outcome = 'canceled'
  const durationSeconds = call.answeredAt !== null ? Math.round((end - call.answeredAt) / 1000) : undefined
  completeCallLog(state, entry.id, { outcome, durationSeconds }, call.answeredAt)
}

/** Parsed query of GET /get-call-logs-api (see `callLogsQuerySchema`). */
interface ListCallLogsInput {
  limit?: number | undefined
  offset?: number | undefined
  call_log_timestamp?: 'asc' | 'desc' | undefined
  pb_line_id?: string | undefined
  answered_at_gte?: string | undefined
  answered_at_lte?: string | undefined
}

function parseBound(value: string | undefined, field: string): number | undefined {
  if (value === undefined) return undefined
  const ms = Date.parse(value)
  // spec: call logs — invalid date returns 400.
  if (Number.isNaN(ms))
    throw fail(400, 'invalid_request', `${field} is not a valid ISO 8601 date`, 'Send e.g. 2026-01-31T00:00:00Z.')
  return ms
}

/** GET /get-call-logs-api: the user's outbound attempts, filtered, sorted and paged. */
export function listCallLogs(state: MockState, account: Account, input: ListCallLogsInput) {
  const limit = input.limit ?? 100
  const offset = input.offset ?? 0
  // spec: Limits — page size 1..100, offset >= 0, offset + limit <= 2000.
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw fail(400, 'invalid_request', 'limit must be an integer from 1 to 100')
  if (!Number.isInteger(offset) || offset < 0) throw fail(400, 'invalid_request', 'offset must be an integer >= 0')
  if (offset + limit > 2000) {
    throw fail(
      400,
      'invalid_request',
      'offset + limit must be at most 2000',
      'Narrow the window with answered_at_gte / answered_at_lte instead of paging deeper.',
    )
  }
  if (input.pb_line_id !== undefined) {
    const line = state.lines.get(input.pb_line_id)
    // spec: pb_line_id — 400 if the line does not belong to the key's user.
    if (!line || line.accountId !== account.id) {
      throw fail(400, 'invalid_line_id', 'pb_line_id is not one of your lines', 'Use a lineId from GET /get-lines.')
    }
  }
  const gte = parseBound(input.answered_at_gte, 'answered_at_gte')
  const lte = parseBound(input.answered_at_lte, 'answered_at_lte')
  const now = state.clock.now()
  const rows: CallLogEntry[] = []
  for (const entry of callLogsOf(state).values()) {
    if (entry.accountId !== account.id) continue
    if (input.pb_line_id !== undefined && entry.lineId !== input.pb_line_id) continue
    if (gte !== undefined || lte !== undefined) {
      // spec: answered_at bounds are inclusive and match only answered calls.
      if (entry.answeredAt === null) continue
      if (gte !== undefined && entry.answeredAt < gte) continue
      if (lte !== undefined && entry.answeredAt > lte) continue
    }
    rows.push(entry)
  }
  // Map order is insertion (= creation) order; reversing first keeps ties newest-first for desc.
  const asc = input.call_log_timestamp === 'asc'
  if (!asc) rows.reverse()
  rows.sort((a, b) => (asc ? a.createdAt - b.createdAt : b.createdAt - a.createdAt))
  return {
    status: 'OK' as const,
    data: rows.slice(offset, offset + limit).map((entry) => toCallLogView(entry, now)),
    pagination: { limit, offset, total: rows.length },
  }
}
