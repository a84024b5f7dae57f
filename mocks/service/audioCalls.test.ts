import { describe, expect, it } from 'vitest'
import {
  audioCallEventSchema,
  callStatusResponseSchema,
  rtcCredentialsSchema,
  startCallResponseSchema,
} from '../../src/api/schemas'
import { answerCall, declineCall, endCall, getCallStatus, startCall } from './audioCalls'
import { answerElsewhere, callerHangsUp, endCallAs, injectInboundCall, repeatRingingSignal } from './callSimulation'
import { callLogsOf } from './dialerCallLogs'
import { MockHttpError } from './serviceErrors'
import { addFault } from './faults'
import { createMockClock, createMockCore } from './index'
import { seedAccountIds, seedLines, seedOtherLines } from './seed'
import type { MockEvent } from './mockState'
import type { Account } from './stateRecords'

function setup() {
  const clock = createMockClock({ now: '2026-01-15T12:00:00Z' })
  const core = createMockCore({ clock })
  const { state } = core
  const events: MockEvent[] = []
  state.on((e) => events.push(e))
  const account = state.accounts.get(seedAccountIds.production) as Account
  const audioEvents = () =>
    events
      .filter((e) => e.type.startsWith('audiocall.'))
      .map((e) => (e as unknown as { payload: Record<string, unknown> }).payload)
  const ring = (extra: { ringingRtc?: boolean; answerRtc?: boolean } = {}) =>
    injectInboundCall(state, account, { lineId: seedLines.main.lineId, from: '(415) 555-0199', ...extra })
  return { state, clock, account, events, audioEvents, ring }
}

function httpError(fn: () => unknown): MockHttpError {
  try {
    fn()
  } catch (error) {
    if (error instanceof MockHttpError) return error
    throw error
  }
  throw new Error('expected a MockHttpError')
}

describe('outbound calls', () => {
  it('start returns OK, a call_uuid and well-formed rtc credentials, and records a dialer attempt', () => {
    const { state, account } = setup()
    const result = startCall(state, account, { pb_line_id: seedLines.main.lineId, phone_number: '415-555-0150' })
    expect(startCallResponseSchema.safeParse(result).success).toBe(true)
    expect(rtcCredentialsSchema.safeParse(result.rtc).success).toBe(true)
    expect(result.rtc?.appId).toMatch(/^[0-9a-f]{32}$/)
    expect(Number.isInteger(result.rtc?.uid)).toBe(true)
    const status = getCallStatus(state, account, result.call_uuid)
    expect(callStatusResponseSchema.safeParse(status).success).toBe(true)
    expect(status).toMatchObject({
      call_status: 'ringing',
      direction: 'outbound',
      from: seedLines.main.phoneNumber,
      to: '+14155550150',
    })
    const logs = [...callLogsOf(state).values()]
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({ lineId: seedLines.main.lineId, to: '+14155550150', status: 'in-progress' })
  })

  it('accounts without the audio-call feature get 403 AUDIOCALL_NOT_ENABLED on every call operation', () => {
    const { state } = setup()
    const noAudio = state.accounts.get(seedAccountIds.noAudio) as Account
    for (const fn of [
      () => startCall(state, noAudio, { pb_line_id: seedOtherLines.noAudio.lineId, phone_number: '+14155550150' }),
      () => answerCall(state, noAudio, 'x'),
      () => declineCall(state, noAudio, 'x'),
      () => endCall(state, noAudio, 'x'),
      () => getCallStatus(state, noAudio, 'x'),
    ]) {
      const error = httpError(fn)
      expect(error.status).toBe(403)
      expect(error.code).toBe('AUDIOCALL_NOT_ENABLED')
    }
  })

  it('pb_line_id must be an audio-call-enabled line of the account', () => {
    const { state, account } = setup()
    const phone_number = '+14155550150'
    expect(
      httpError(() => startCall(state, account, { pb_line_id: seedLines.messaging.lineId, phone_number })).status,
    ).toBe(400)
    expect(
      httpError(() => startCall(state, account, { pb_line_id: seedOtherLines.crm.lineId, phone_number })).status,
    ).toBe(400)
    expect(
      httpError(() => startCall(state, account, { pb_line_id: '00000000-0000-4000-8000-000000000000', phone_number }))
        .status,
    ).toBe(400)
    expect(
      httpError(() => startCall(state, account, { pb_line_id: seedLines.inboundOnly.lineId, phone_number })).status,
    ).toBe(403)
    expect(
      httpError(() => startCall(state, account, { pb_line_id: seedLines.main.lineId, phone_number: 'not a phone' }))
        .status,
    ).toBe(400)
  })

  it('rtc is null when the device returns none, and the call still rings', () => {
    const { state, account } = setup()
    state.settings.callOutboundRtc = false
    const result = startCall(state, account, { pb_line_id: seedLines.main.lineId, phone_number: '+14155550150' })
    expect(result.rtc).toBeNull()
    expect(getCallStatus(state, account, result.call_uuid).call_status).toBe('ringing')
  })

  it('the callee answers after the configured delay; end completes the call and its call log', () => {
    const { state, clock, account } = setup()
    const { call_uuid } = startCall(state, account, { pb_line_id: seedLines.main.lineId, phone_number: '+14155550150' })
    clock.advance(2_999)
    expect(getCallStatus(state, account, call_uuid).call_status).toBe('ringing')
    clock.advance(1)
    expect(getCallStatus(state, account, call_uuid).call_status).toBe('answered')
    clock.advance(62_000)
    expect(endCall(state, account, call_uuid)).toEqual({ success: true, call_uuid })
    const status = getCallStatus(state, account, call_uuid)
    expect(status.call_status).toBe('ended')
    expect(status.endedAt).toBe('2026-01-15T12:01:05.000Z')
    const log = [...callLogsOf(state).values()][0]
    expect(log).toMatchObject({ status: 'completed', durationSeconds: 62, outcome: 'answered' })
    // 62 connected seconds = 2 whole minutes toward the workspace and the line.
    expect(account.dialer.usedMinutes).toBe(2)
    expect(state.lines.get(seedLines.main.lineId)?.usedMinutesToday).toBe(2)
    expect(httpError(() => endCall(state, account, call_uuid)).status).toBe(409)
  })

  it('an outbound call ended before it was answered is a canceled attempt', () => {
    const { state, account } = setup()
    const { call_uuid } = startCall(state, account, { pb_line_id: seedLines.main.lineId, phone_number: '+14155550150' })
    endCall(state, account, call_uuid)
    expect([...callLogsOf(state).values()][0]).toMatchObject({
      status: 'canceled',
      durationSeconds: null,
      answeredAt: null,
    })
  })

  it('outbound calls emit no inbound audio-call events', () => {
    const { state, account, audioEvents, clock } = setup()
    const { call_uuid } = startCall(state, account, { pb_line_id: seedLines.main.lineId, phone_number: '+14155550150' })
    clock.advance(5_000)
    endCall(state, account, call_uuid)
    expect(audioEvents()).toEqual([])
  })
})

describe('inbound calls', () => {
  it('ringing is emitted once per call even if the device repeats the signal', () => {
    const { state, ring, audioEvents } = setup()
    const call = ring()
    repeatRingingSignal(state, call.callUuid)
    repeatRingingSignal(state, call.callUuid)
    const events = audioEvents()
    expect(events).toHaveLength(1)
    expect(events[0]).toEqual({
      event: 'audiocall.inbound.ringing',
      call_uuid: call.callUuid,
      direction: 'inbound',
      from: '+14155550199',
      pb_line_id: seedLines.main.lineId,
      linePhoneNumber: seedLines.main.phoneNumber,
      ringingAt: '2026-01-15T12:00:00.000Z',
    })
    expect(audioEventsValid(events)).toBe(true)
  })

  it('answer returns fresh device credentials and emits answered', () => {
    const { state, account, ring, audioEvents } = setup()
    const call = ring()
    const result = answerCall(state, account, call.callUuid)
    expect(result.success).toBe(true)
    expect(rtcCredentialsSchema.safeParse(result.rtc).success).toBe(true)
    expect(result.rtc).not.toEqual(call.ringingRtc)
    expect(getCallStatus(state, account, call.callUuid).call_status).toBe('answered')
    expect(audioEvents().map((e) => e.event)).toEqual(['audiocall.inbound.ringing', 'audiocall.inbound.answered'])
    expect(audioEventsValid(audioEvents())).toBe(true)
  })

  it('answer falls back to the credentials stored at ringing, which can be null', () => {
    const { state, account, ring } = setup()
    const stored = ring({ answerRtc: false })
    expect(answerCall(state, account, stored.callUuid).rtc).toEqual(stored.ringingRtc)
    expect(stored.ringingRtc).not.toBeNull()
    const none = ring({ answerRtc: false, ringingRtc: false })
    expect(answerCall(state, account, none.callUuid)).toEqual({ success: true, call_uuid: none.callUuid, rtc: null })
  })

  it('answer and decline work only while inbound and ringing: 409 otherwise, 404 unknown or foreign', () => {
    const { state, account, ring } = setup()
    const call = ring()
    answerCall(state, account, call.callUuid)
    expect(httpError(() => answerCall(state, account, call.callUuid)).status).toBe(409)
    expect(httpError(() => declineCall(state, account, call.callUuid)).status).toBe(409)
    const outbound = startCall(state, account, { pb_line_id: seedLines.main.lineId, phone_number: '+14155550150' })
    expect(httpError(() => answerCall(state, account, outbound.call_uuid)).status).toBe(409)
    expect(httpError(() => declineCall(state, account, outbound.call_uuid)).status).toBe(409)
    expect(httpError(() => answerCall(state, account, 'no-such-call')).status).toBe(404)
    const crm = state.accounts.get(seedAccountIds.crm) as Account
    const other = ring()
    expect(httpError(() => answerCall(state, crm, other.callUuid)).status).toBe(404)
    expect(httpError(() => getCallStatus(state, crm, other.callUuid)).status).toBe(404)
  })

  it('answered elsewhere emits answered; the API can no longer answer', () => {
    const { state, account, ring, audioEvents } = setup()
    const call = ring()
    answerElsewhere(state, call.callUuid)
    expect(audioEvents().map((e) => e.event)).toEqual(['audiocall.inbound.ringing', 'audiocall.inbound.answered'])
    expect(httpError(() => answerCall(state, account, call.callUuid)).code).toBe('call_not_ringing')
  })

  it('decline ends the call as declined, with answeredAt null', () => {
    const { state, account, ring, audioEvents, clock } = setup()
    const call = ring()
    clock.advance(4_000)
    expect(declineCall(state, account, call.callUuid)).toEqual({ success: true, call_uuid: call.callUuid })
    const ended = audioEvents()[1]
    expect(ended).toMatchObject({
      event: 'audiocall.inbound.ended',
      status: 'declined',
      answeredAt: null,
      endedAt: '2026-01-15T12:00:04.000Z',
    })
    expect(audioEventsValid(audioEvents())).toBe(true)
  })

  it('decline after the caller already hung up succeeds', () => {
    const { state, account, ring } = setup()
    const call = ring()
    callerHangsUp(state, call.callUuid)
    expect(getCallStatus(state, account, call.callUuid).call_status).toBe('ringing')
    expect(declineCall(state, account, call.callUuid).success).toBe(true)
    expect(getCallStatus(state, account, call.callUuid).call_status).toBe('declined')
  })

  it('every terminal status emits ended once, with answeredAt when it was answered', () => {
    for (const status of ['ended', 'no_answer', 'voicemail', 'busy', 'failed'] as const) {
      const { state, ring, audioEvents, clock } = setup()
      const call = ring()
      if (status === 'ended') answerElsewhere(state, call.callUuid)
      clock.advance(1_000)
      endCallAs(state, call.callUuid, status)
      const ended = audioEvents().filter((e) => e.event === 'audiocall.inbound.ended')
      expect(ended).toHaveLength(1)
      expect(ended[0]).toMatchObject({ status, answeredAt: status === 'ended' ? '2026-01-15T12:00:00.000Z' : null })
      expect(httpError(() => endCallAs(state, call.callUuid, 'failed')).status).toBe(409)
      expect(audioEvents().filter((e) => e.event === 'audiocall.inbound.ended')).toHaveLength(1)
    }
  })

  it('an unanswered call stops ringing as no_answer after the ring timeout', () => {
    const { state, account, ring, clock } = setup()
    const call = ring()
    clock.advance(59_999)
    expect(getCallStatus(state, account, call.callUuid).call_status).toBe('ringing')
    clock.advance(1)
    expect(getCallStatus(state, account, call.callUuid).call_status).toBe('no_answer')
  })

  it('device faults answer 502 and an unreachable device 503, leaving the call ringing', () => {
    const { state, account, ring, audioEvents } = setup()
    const call = ring()
    addFault(state, { path: '/answer-audiocall-call-api', mode: 'device', status: 502 })
    addFault(state, { path: '/decline-audiocall-call-api', mode: 'device', status: 503 })
    const e502 = httpError(() => answerCall(state, account, call.callUuid))
    expect([e502.status, e502.code]).toEqual([502, 'device_error'])
    const e503 = httpError(() => declineCall(state, account, call.callUuid))
    expect([e503.status, e503.code]).toEqual([503, 'device_unreachable'])
    expect(getCallStatus(state, account, call.callUuid).call_status).toBe('ringing')
    expect(audioEvents()).toHaveLength(1)
    // Faults are used up: the next answer goes through.
    expect(answerCall(state, account, call.callUuid).success).toBe(true)
  })

  it('inbound calls ring only on audio-call-enabled lines of the account', () => {
    const { state, account } = setup()
    expect(
      httpError(() => injectInboundCall(state, account, { lineId: seedLines.messaging.lineId, from: '+14155550199' }))
        .status,
    ).toBe(400)
    expect(
      httpError(() => injectInboundCall(state, account, { lineId: seedOtherLines.crm.lineId, from: '+14155550199' }))
        .status,
    ).toBe(400)
    expect(
      httpError(() => injectInboundCall(state, account, { lineId: seedLines.main.lineId, from: 'nope' })).status,
    ).toBe(400)
  })
})

function audioEventsValid(events: Record<string, unknown>[]): boolean {
  // Payloads on the event hook lack receivedAt (the dispatcher adds it at emission).
  return events.every((e) => audioCallEventSchema.safeParse({ ...e, receivedAt: '2026-01-15T12:00:00.000Z' }).success)
}
