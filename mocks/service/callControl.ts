/**
 * The in-process control API for audio calls: what the outside world does to a call (an inbound
 * call rings, the device repeats its signal, someone answers elsewhere, the caller hangs up, the
 * call ends) and the call settings. `handlers/callControlRoutes.ts` serves it under `/__mock/calls*`.
 */
import type { InboundCallEndStatus } from '../../src/api/enums'
import { accountIdFilter, findAccount, type AccountRef } from './accountRefs'
import { callSettings, toCallStatus, type CallStatusView } from './audioCalls'
import {
  answerElsewhere,
  callerHangsUp,
  endCallAs,
  injectInboundCall,
  listCalls,
  repeatRingingSignal,
} from './callSimulation'
import { checkNumbers, controlLimits } from './controlLimits'
import type { MockState } from './mockState'
import { fail } from './serviceErrors'

/** Call-related settings, with their defaults applied. */
export interface CallSettingsView {
  /** Outbound start returns rtc credentials (false → `rtc: null`). @default true */
  outboundRtc: boolean
  /** Mock ms until the callee answers an outbound call (0 = only through the control API). @default 3000 */
  outboundAnswerMs: number
  /** Mock ms an inbound call rings before it ends as `no_answer` (0 = forever). @default 60000 */
  ringTimeoutMs: number
  /** Mock ms before a completed call log gets its disposition. @default 30000 */
  classifyMs: number
}

/** `control.calls`. */
export interface CallControl {
  /** An inbound call starts ringing (default line: the account's first audio-call-enabled line). */
  inbound(
    input: AccountRef & {
      lineId?: string | undefined
      from: string
      ringingRtc?: boolean | undefined
      answerRtc?: boolean | undefined
    },
  ): CallStatusView
  /** Every call, newest first. */
  list(ref?: AccountRef): ReturnType<typeof listCalls>
  /** The device repeats the ringing signal (no second ringing event). */
  ring(callUuid: string): CallStatusView
  /** Answered elsewhere (mobile or web app); for outbound calls, the callee picks up. */
  answerElsewhere(callUuid: string): CallStatusView
  /** The caller hangs up without the device reporting it (decline still succeeds). */
  callerHangup(callUuid: string): CallStatusView
  /** The call reaches a terminal state. @default status 'ended' */
  end(callUuid: string, status?: InboundCallEndStatus): CallStatusView
  settings(): CallSettingsView
  updateSettings(patch: Partial<CallSettingsView>): CallSettingsView
}

/** Creates `control.calls` over `state`. */
export function createCallControl(state: MockState): CallControl {
  const status = (uuid: string, fn: (s: MockState, u: string) => Parameters<typeof toCallStatus>[0]) => {
    state.clock.runDue()
    return toCallStatus(fn(state, uuid))
  }
  const readSettings = (): CallSettingsView => {
    const c = callSettings(state.settings)
    return {
      outboundRtc: c.outboundRtc,
      outboundAnswerMs: c.outboundAnswerMs,
      ringTimeoutMs: c.ringTimeoutMs,
      classifyMs: Math.max(0, state.settings.callLogClassifyMs ?? 30_000),
    }
  }
  return {
    inbound(input) {
      state.clock.runDue()
      const acct = findAccount(state, input)
      const lineId =
        input.lineId ??
        acct.lineIds.find((id) => {
          const line = state.lines.get(id)
          return line?.audioCallEnabled === true && !line.shared
        })
      if (lineId === undefined)
        throw fail(400, 'invalid_line_id', 'The account has no audio-call-enabled line', 'Pass lineId.')
      return toCallStatus(
        injectInboundCall(state, acct, {
          lineId,
          from: input.from,
          ringingRtc: input.ringingRtc,
          answerRtc: input.answerRtc,
        }),
      )
    },
    list(ref) {
      state.clock.runDue()
      return listCalls(state, accountIdFilter(state, ref))
    },
    ring: (uuid) => status(uuid, repeatRingingSignal),
    answerElsewhere: (uuid) => status(uuid, answerElsewhere),
    callerHangup: (uuid) => status(uuid, callerHangsUp),
    end: (uuid, endStatus) => status(uuid, (s, u) => endCallAs(s, u, endStatus)),
    settings: readSettings,
    updateSettings(patch) {
      checkNumbers(patch, ['outboundAnswerMs', 'ringTimeoutMs', 'classifyMs'], controlLimits.durationMs)
      if (patch.outboundRtc !== undefined) state.settings.callOutboundRtc = patch.outboundRtc
      if (patch.outboundAnswerMs !== undefined) state.settings.callOutboundAnswerMs = patch.outboundAnswerMs
      if (patch.ringTimeoutMs !== undefined) state.settings.callRingTimeoutMs = patch.ringTimeoutMs
      if (patch.classifyMs !== undefined) state.settings.callLogClassifyMs = patch.classifyMs
      return readSettings()
    },
  }
}
