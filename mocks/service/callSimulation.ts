/**
 * What the outside world does to audio calls, through the control API: an inbound call starts
 * ringing on a line, the device repeats its ringing signal, someone answers elsewhere, the caller
 * hangs up unseen, the call ends; and the list of every call. spec: States and transitions —
 * Inbound audio call. The service's own operations are in audioCalls.ts.
 */
import type { InboundCallEndStatus } from '../../src/api/enums'
import {
  callSettings,
  callsOf,
  emitInbound,
  finishCall,
  isTerminal,
  iso,
  makeRtc,
  markAnswered,
  toCallStatus,
  type AnsweredBy,
  type Call,
  type CallStatusView,
} from './audioCalls'
import { at, type MockState } from './mockState'
import type { Account, Line } from './stateRecords'
import { requirePhone } from './phoneNumbers'
import { fail } from './serviceErrors'

/** Control API: an inbound call starts ringing. */
interface InboundCallInput {
  /** The line it rings on (must be audio-call enabled). */
  lineId: string
  /** Caller (any format; normalized). */
  from: string
  /** Whether the device stored rtc credentials when the call began ringing. @default true */
  ringingRtc?: boolean | undefined
  /** Whether the device returns fresh credentials at answer time (else the stored ones). @default true */
  answerRtc?: boolean | undefined
}

/** Starts an inbound call on a line and emits `audiocall.inbound.ringing` once. */
export function injectInboundCall(state: MockState, account: Account, input: InboundCallInput): Call {
  const line: Line | undefined = state.lines.get(input.lineId)
  if (!line || line.accountId !== account.id) {
    throw fail(
      400,
      'invalid_line_id',
      "lineId is not one of the account's lines",
      'Use a lineId of the account (see the seed in mocks/README.md).',
    )
  }
  if (!line.audioCallEnabled) {
    throw fail(
      400,
      'line_not_audiocall_enabled',
      'Calls cannot ring on a line without audio calling',
      'Use an audio-call-enabled line.',
    )
  }
  const from = requirePhone(input.from, 'from')
  const callUuid = state.ids.uuid()
  const now = state.clock.now()
  const call: Call = {
    callUuid,
    accountId: account.id,
    lineId: line.lineId,
    direction: 'inbound',
    from,
    to: line.phoneNumber,
    linePhoneNumber: line.phoneNumber,
    status: 'ringing',
    ringingAt: now,
    answeredAt: null,
    endedAt: null,
    answeredBy: null,
    ringingRtc: input.ringingRtc === false ? null : makeRtc(state, callUuid),
    deviceRtcOnAnswer: input.answerRtc !== false,
    callerHungUp: false,
    callLogId: null,
  }
  callsOf(state).set(callUuid, call)
  emitInbound(state, call, 'audiocall.inbound.ringing', { direction: 'inbound' }, { ringingAt: iso(now) })
  const { ringTimeoutMs } = callSettings(state.settings)
  if (ringTimeoutMs > 0) {
    at(state, now + ringTimeoutMs, () => {
      if (callsOf(state).get(callUuid) === call && call.status === 'ringing') finishCall(state, call, 'no_answer')
    })
  }
  return call
}

/** Finds a call of any account (control API). */
function requireAnyCall(state: MockState, callUuid: string): Call {
  const call = callsOf(state).get(callUuid)
  if (!call) throw fail(404, 'call_not_found', 'Call not found', 'Use a call_uuid returned by the mock.')
  return call
}

/**
 * Control API: the device repeats the ringing signal. spec: `audiocall.inbound.ringing` — one
 * event per call even if the device repeats the signal, so this emits nothing.
 */
export function repeatRingingSignal(state: MockState, callUuid: string): Call {
  const call = requireAnyCall(state, callUuid)
  if (call.direction !== 'inbound' || call.status !== 'ringing') {
    throw fail(
      409,
      'call_not_ringing',
      'Only a ringing inbound call can signal ringing',
      'Inject a new inbound call instead.',
    )
  }
  return call
}

/** Control API: answered by someone else (mobile or web app), or the callee of an outbound call. */
export function answerElsewhere(state: MockState, callUuid: string): Call {
  const call = requireAnyCall(state, callUuid)
  if (call.status !== 'ringing') {
    throw fail(409, 'call_not_ringing', `Call is ${call.status}`, 'Only ringing calls can be answered.')
  }
  markAnswered(state, call, call.direction === 'inbound' ? 'elsewhere' : 'callee')
  return call
}

/** Control API: the caller hangs up without the device reporting it yet (the call stays `ringing`). */
export function callerHangsUp(state: MockState, callUuid: string): Call {
  const call = requireAnyCall(state, callUuid)
  if (call.direction !== 'inbound' || call.status !== 'ringing') {
    throw fail(
      409,
      'call_not_ringing',
      'Only a ringing inbound call has a caller who can hang up unseen',
      'Use /__mock/calls/:uuid/end instead.',
    )
  }
  call.callerHungUp = true
  return call
}

/** Control API: the call reaches a terminal state. */
export function endCallAs(state: MockState, callUuid: string, status: InboundCallEndStatus = 'ended'): Call {
  const call = requireAnyCall(state, callUuid)
  if (isTerminal(call.status)) throw fail(409, 'call_already_ended', `Call already ended (${call.status})`)
  finishCall(state, call, status)
  return call
}

/** Control API: every call (newest first), optionally of one account. */
export function listCalls(
  state: MockState,
  accountId?: string,
): Array<
  CallStatusView & { accountId: string; answeredBy: AnsweredBy | null; ringingAt: string; callLogId: string | null }
> {
  const out = []
  for (const call of callsOf(state).values()) {
    if (accountId !== undefined && call.accountId !== accountId) continue
    out.push({
      ...toCallStatus(call),
      accountId: call.accountId,
      answeredBy: call.answeredBy,
      ringingAt: iso(call.ringingAt),
      callLogId: call.callLogId,
    })
  }
  return out.reverse()
}
