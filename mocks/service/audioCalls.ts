/**
 * Audio calls. spec: POST /start-audiocall-call-api, /answer-audiocall-call-api,
 * /decline-audiocall-call-api, the end and status operations (shapes in src/api/ASSUMPTIONS.md),
 * and States and transitions — Inbound audio call.
 *
 * Inbound: (injected by the control API, callSimulation.ts) `ringing` → `answered` (answer
 * endpoint, or "elsewhere") → terminal (`ended`, `declined`, `no_answer`, `voicemail`, `busy`,
 * `failed`). Every move is announced through `state.emit` with the spec's event payload
 * (`audiocall.inbound.*`); webhookDelivery.ts delivers them.
 *
 * Outbound: `ringing` until the callee answers (after `outboundAnswerMs`, or through the control
 * API), then `answered` → `ended`. Each outbound call is also an outbound dialer attempt in the
 * call logs (dialerCallLogs.ts).
 */
import { inboundCallEndStatuses, type EndpointId, type InboundCallEndStatus } from '../../src/api'
import type { RtcCredentials } from '../../src/api/schemas'
import { recordAttempt, finishAttemptFromCall } from './dialerCallLogs'
import { fail } from './serviceErrors'
import { takeDeviceFault } from './faults'
import { requirePhone } from './phoneNumbers'
import { at, type MockSettings, type MockState } from './mockState'
import type { Account, CallRecord } from './stateRecords'
import { MOCK_RTC_APP_ID } from '../../src/api/mockRtc'

declare module './mockState' {
  interface MockSettings {
    /**
     * Whether the device returns rtc credentials when an outbound call is placed (false → `rtc: null`).
     * @default true
     */
    callOutboundRtc?: boolean
    /** Mock ms until the callee of an outbound call answers; 0 = only through the control API. @default 3000 */
    callOutboundAnswerMs?: number
    /** Mock ms an unanswered inbound call rings before it ends as `no_answer`; 0 = forever. @default 60000 */
    callRingTimeoutMs?: number
  }
}

/** Known `call_status` values (ASSUMPTIONS.md: call status). */
export type CallState = 'ringing' | 'answered' | InboundCallEndStatus

/** Who moved a call to `answered`. */
export type AnsweredBy = 'api' | 'elsewhere' | 'callee'

/** A call kept by the mock. */
export interface Call extends CallRecord {
  callUuid: string
  accountId: string
  lineId: string
  direction: 'inbound' | 'outbound'
  /** E.164 caller (inbound: the external number; outbound: the line). */
  from: string
  /** E.164 callee (inbound: the line; outbound: the external number). */
  to: string
  linePhoneNumber: string
  status: CallState
  ringingAt: number
  answeredAt: number | null
  endedAt: number | null
  answeredBy: AnsweredBy | null
  /** Inbound: credentials stored when the call began ringing (may be null). */
  ringingRtc: RtcCredentials | null
  /** Inbound: whether the device returns fresh credentials on answer (else the ringing ones). */
  deviceRtcOnAnswer: boolean
  /** Inbound: the caller hung up but the device has not reported it yet. */
  callerHungUp: boolean
  /** Outbound: the call-log entry of this attempt. */
  callLogId: string | null
}

const TERMINAL: ReadonlySet<string> = new Set(inboundCallEndStatuses)

/** Whether a call state is terminal. */
export function isTerminal(status: CallState): boolean {
  return TERMINAL.has(status)
}

/** The calls map with the mock's full call type (only this module writes it). */
export function callsOf(state: MockState): Map<string, Call> {
  return state.calls as Map<string, Call>
}

/** Call settings with defaults applied. */
export function callSettings(settings: MockSettings) {
  return {
    outboundRtc: settings.callOutboundRtc ?? true,
    outboundAnswerMs: Math.max(0, settings.callOutboundAnswerMs ?? 3_000),
    ringTimeoutMs: Math.max(0, settings.callRingTimeoutMs ?? 60_000),
  }
}

/** Fake but well-formed rtc credentials for a call. */
export function makeRtc(state: MockState, callUuid: string): RtcCredentials {
  return {
    appId: MOCK_RTC_APP_ID,
    channelName: `lk_${callUuid.replace(/-/g, '')}`,
    token: `006${MOCK_RTC_APP_ID}${state.ids.token('IA', 110)}`,
    uid: 1 + Math.floor(state.ids.next() * 2_147_483_646),
  }
}

export const iso = (ms: number) => new Date(ms).toISOString()
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms))

/** spec: Authentication 4 — audio-call endpoints need the feature. */
export function requireAudioFeature(account: Account): void {
  if (!account.features.audioCall) {
    throw fail(
      403,
      'AUDIOCALL_NOT_ENABLED',
      'Audio calls are not enabled on this account',
      'Ask for the audio-call feature on the account, or use an account that has it.',
    )
  }
}

/** Finds the caller's call; another account's call is as unknown as a missing one (404). */
function requireCall(state: MockState, account: Account, callUuid: string): Call {
  const call = callsOf(state).get(callUuid)
  if (!call || call.accountId !== account.id) {
    throw fail(
      404,
      'call_not_found',
      'Call not found',
      'Use the call_uuid from the start response or the ringing webhook.',
    )
  }
  return call
}

/** spec: answer/decline — device error → 502, device unreachable → 503 (armed as `device` faults). */
function deviceStep(state: MockState, endpoint: EndpointId): 'accepted' | 'refused' {
  const fault = takeDeviceFault(state, endpoint)
  if (!fault) return 'accepted'
  // A device fault with status 200: the device answers but does not accept (spec: answer —
  // `success` is true only when the device accepted; decline returns `{ success }` too).
  if (fault.status === 200) return 'refused'
  if (fault.status === 503) {
    throw fail(
      503,
      'device_unreachable',
      "The line's device is unreachable",
      'Try again shortly; poll the call status for the outcome.',
    )
  }
  throw fail(
    fault.status >= 400 && fault.status <= 599 ? fault.status : 502,
    'device_error',
    "The line's device reported an error",
    'Poll the call status; do not assume the action happened.',
  )
}

// ───────────────────────────── events ─────────────────────────────

type InboundEvent = 'audiocall.inbound.ringing' | 'audiocall.inbound.answered' | 'audiocall.inbound.ended'

/**
 * Emits one of the three audio-call events of an inbound call (spec: Audio-call events; outbound
 * calls have none), its fields in the spec's order: event, call_uuid, the event's `lead` fields,
 * from, pb_line_id, linePhoneNumber, then its timestamps.
 */
export function emitInbound(
  state: MockState,
  call: Call,
  event: InboundEvent,
  lead: Record<string, unknown>,
  times: Record<string, unknown>,
): void {
  if (call.direction !== 'inbound') return
  state.emit({
    type: event,
    at: state.clock.now(),
    accountId: call.accountId,
    lineId: call.lineId,
    payload: {
      event,
      call_uuid: call.callUuid,
      ...lead,
      from: call.from,
      pb_line_id: call.lineId,
      linePhoneNumber: call.linePhoneNumber,
      ...times,
    },
  })
}

function emitAnswered(state: MockState, call: Call): void {
  emitInbound(state, call, 'audiocall.inbound.answered', {}, { answeredAt: iso(call.answeredAt ?? state.clock.now()) })
}

function emitEnded(state: MockState, call: Call): void {
  emitInbound(
    state,
    call,
    'audiocall.inbound.ended',
    { status: call.status },
    {
      answeredAt: isoOrNull(call.answeredAt),
      endedAt: iso(call.endedAt ?? state.clock.now()),
    },
  )
}

/** Moves a call to answered (idempotence is the caller's job). */
export function markAnswered(state: MockState, call: Call, by: AnsweredBy): void {
  call.status = 'answered'
  call.answeredAt = state.clock.now()
  call.answeredBy = by
  emitAnswered(state, call)
}

/** Moves a call to a terminal status; spec: any terminal state yields `audiocall.inbound.ended`. */
export function finishCall(state: MockState, call: Call, status: InboundCallEndStatus): void {
  if (isTerminal(call.status)) return
  call.status = status
  call.endedAt = state.clock.now()
  emitEnded(state, call)
  if (call.direction === 'outbound' && call.callLogId !== null) finishAttemptFromCall(state, call)
}

// ───────────────────────────── API operations ─────────────────────────────

/** Response of the start operation. spec: Outbound audio-call start response. */
export interface StartCallResult {
  status: 'OK'
  call_uuid: string
  rtc: RtcCredentials | null
}

/** POST /start-audiocall-call-api. */
export function startCall(
  state: MockState,
  account: Account,
  input: { pb_line_id: string; phone_number: string },
): StartCallResult {
  requireAudioFeature(account)
  const line = state.lines.get(input.pb_line_id)
  if (!line || line.accountId !== account.id) {
    throw fail(400, 'invalid_line_id', 'pb_line_id is not one of your lines', 'Use a lineId from GET /get-lines.')
  }
  // spec: start — "Must be an audio-call-enabled line of the account".
  if (!line.audioCallEnabled) {
    throw fail(
      400,
      'line_not_audiocall_enabled',
      'pb_line_id is not an audio-call-enabled line',
      'Pick a line with audio calling enabled (audioCallEnabled in GET /get-lines).',
    )
  }
  // Choice (README): an inbound-only line receives calls but cannot place them (like the mint's 403).
  if (line.inboundOnly) {
    throw fail(
      403,
      'line_inbound_only',
      'This line receives calls but cannot place them',
      'Place the call from another audio-call-enabled line.',
    )
  }
  const to = requirePhone(input.phone_number, 'phone_number')
  deviceStep(state, 'startCall')

  const settings = callSettings(state.settings)
  const callUuid = state.ids.uuid()
  const now = state.clock.now()
  const call: Call = {
    callUuid,
    accountId: account.id,
    lineId: line.lineId,
    direction: 'outbound',
    from: line.phoneNumber,
    to,
    linePhoneNumber: line.phoneNumber,
    status: 'ringing',
    ringingAt: now,
    answeredAt: null,
    endedAt: null,
    answeredBy: null,
    ringingRtc: null,
    deviceRtcOnAnswer: false,
    callerHungUp: false,
    callLogId: null,
  }
  callsOf(state).set(callUuid, call)
  call.callLogId = recordAttempt(state, account, { lineId: line.lineId, to, callUuid }).id
  if (settings.outboundAnswerMs > 0) {
    at(state, now + settings.outboundAnswerMs, () => {
      if (callsOf(state).get(callUuid) === call && call.status === 'ringing') markAnswered(state, call, 'callee')
    })
  }
  // spec: start — rtc null when the device placed the call but returned none.
  const rtc = settings.outboundRtc ? makeRtc(state, callUuid) : null
  return { status: 'OK', call_uuid: callUuid, rtc }
}

/** Checks shared by answer and decline. spec: 409 "call is not an inbound call that is currently ringing". */
function requireRingingInbound(call: Call): void {
  if (call.direction !== 'inbound' || call.status !== 'ringing') {
    throw fail(
      409,
      'call_not_ringing',
      `Call is ${call.direction} and ${call.status}, not an inbound call that is ringing`,
      'Only ringing inbound calls can be answered or declined; read GET /get-audiocall-call-status-api.',
    )
  }
}

/** POST /answer-audiocall-call-api. */
export function answerCall(
  state: MockState,
  account: Account,
  callUuid: string,
): { success: boolean; call_uuid: string; rtc: RtcCredentials | null } {
  requireAudioFeature(account)
  const call = requireCall(state, account, callUuid)
  requireRingingInbound(call)
  if (deviceStep(state, 'answerCall') === 'refused') {
    // Not accepted: the call keeps ringing and nothing can be joined.
    return { success: false, call_uuid: call.callUuid, rtc: null }
  }
  if (call.callerHungUp) {
    // Choice (README): the device finds the caller gone; the call ends as no_answer and the
    // answer is refused like any answer of a call that is no longer ringing.
    finishCall(state, call, 'no_answer')
    throw fail(
      409,
      'call_not_ringing',
      'The caller hung up before the call was answered',
      'Nothing to join; the call ended as no_answer.',
    )
  }
  markAnswered(state, call, 'api')
  // spec: answer — rtc from the device at answer time, falling back to the ones stored at ringing.
  const rtc = call.deviceRtcOnAnswer ? makeRtc(state, call.callUuid) : call.ringingRtc
  return { success: true, call_uuid: call.callUuid, rtc }
}

/** POST /decline-audiocall-call-api. */
export function declineCall(
  state: MockState,
  account: Account,
  callUuid: string,
): { success: boolean; call_uuid: string } {
  requireAudioFeature(account)
  const call = requireCall(state, account, callUuid)
  requireRingingInbound(call)
  if (deviceStep(state, 'declineCall') === 'refused') return { success: false, call_uuid: call.callUuid }
  // spec: decline — if the caller already hung up, the device's already-disconnected result is success.
  finishCall(state, call, 'declined')
  return { success: true, call_uuid: call.callUuid }
}

/** POST /end-audiocall-call-api (@assumed: ASSUMPTIONS.md). */
export function endCall(state: MockState, account: Account, callUuid: string): { success: boolean; call_uuid: string } {
  requireAudioFeature(account)
  const call = requireCall(state, account, callUuid)
  if (isTerminal(call.status)) {
    throw fail(409, 'call_already_ended', `Call already ended (${call.status})`, 'Nothing to hang up.')
  }
  deviceStep(state, 'endCall')
  // Choice (README): hanging up a ringing inbound call declines it; anything else ends.
  finishCall(state, call, call.direction === 'inbound' && call.status === 'ringing' ? 'declined' : 'ended')
  return { success: true, call_uuid: call.callUuid }
}

/** GET /get-audiocall-call-status-api response (@assumed shape: ASSUMPTIONS.md). */
export interface CallStatusView {
  status: 'OK'
  call_uuid: string
  call_status: CallState
  direction: 'inbound' | 'outbound'
  pb_line_id: string | null
  from: string
  to: string
  answeredAt: string | null
  endedAt: string | null
}

/** Renders a call's status. */
export function toCallStatus(call: Call): CallStatusView {
  return {
    status: 'OK',
    call_uuid: call.callUuid,
    call_status: call.status,
    direction: call.direction,
    pb_line_id: call.lineId,
    from: call.from,
    to: call.to,
    answeredAt: isoOrNull(call.answeredAt),
    endedAt: isoOrNull(call.endedAt),
  }
}

/** GET /get-audiocall-call-status-api. */
export function getCallStatus(state: MockState, account: Account, callUuid: string): CallStatusView {
  requireAudioFeature(account)
  return toCallStatus(requireCall(state, account, callUuid))
}
