/**
 * The Dialer's state machine, framework-free (`useDialer` wires it with `useReducer`).
 *
 *   idle ─PLACE→ placing ─PLACED→ ringing ─STATUS(answered)→ connected ─HANGUP/STATUS(terminal)→ ended ─RESET→ idle
 *                        └PLACE_FAILED→ idle (with the error)      └STATUS(terminal)→ ended
 *
 * The call's phase follows the service only: "Ringing…" until the call-status endpoint reports
 * `answered`, whatever the audio does (joining Agora's channel says nothing about the callee).
 * Audio is a second, independent track: none → joining → joined | failed (Rejoin), or `device`
 * when the start response's `rtc` is null (spec: start — the call rings, its audio cannot be joined).
 *
 * Choice (spec: call status — "Values of `call_status` other than `ringing`: not shown"): only a
 * value the contract names moves the call (`callStatusPhase`): `answered` connects it, an ending
 * status (the inbound `ended` event's or the call log's: `ended`, `busy`, `no-answer`, …) ends it.
 * Any other value (`queued`, `in-progress`, …) says nothing certain, so the call stays in the
 * phase it is in — a live call is never ended on an unknown word.
 */
import type { RtcCredentials } from '../../../api/schemas'
import { callStatusPhase } from '../../../api/values'

/** The Dialer's phases, rendered as `data-state`. */
export type DialerPhase = 'idle' | 'placing' | 'ringing' | 'connected' | 'ended'

/** Whether the call's audio is joined in this browser, rendered as `data-audio`. */
export type DialerAudio = 'none' | 'joining' | 'joined' | 'failed' | 'device'

/** Which error the dialer is showing, by where it came from. */
type DialerErrorSource = 'number' | 'start' | 'audio' | 'end'

export interface DialerState {
  phase: DialerPhase
  callUuid?: string
  /** Number dialled (E.164). */
  to?: string
  /** Credentials of the call; `null` when the device returned none. */
  rtc?: RtcCredentials | null
  audio: DialerAudio
  /** Local time the answer was first seen (the timer counts from here). */
  connectedAt?: number
  /** Local time the call ended. */
  endedAt?: number
  /** The service's own answer and end times (ISO), when its status response carries them. */
  serviceAnsweredAt?: string
  serviceEndedAt?: string
  /** Call status that ended the call (`ended`, `busy`, `no_answer`, … or `hung_up` locally). */
  endStatus?: string
  error?: { source: DialerErrorSource; error: unknown }
}

export type DialerEvent =
  | { type: 'PLACE'; to: string }
  | { type: 'PLACED'; callUuid: string; rtc: RtcCredentials | null }
  | { type: 'PLACE_FAILED'; error: unknown }
  | { type: 'NUMBER_INVALID'; error: unknown }
  | { type: 'AUDIO_JOINING' }
  | { type: 'AUDIO_CONNECTED' }
  | { type: 'AUDIO_FAILED'; error: unknown }
  | {
      type: 'STATUS'
      callStatus: string
      at: number
      answeredAt?: string | null | undefined
      endedAt?: string | null | undefined
    }
  | { type: 'HANGUP'; at: number }
  | { type: 'END_FAILED'; error: unknown }
  | { type: 'RESET' }
  | { type: 'DISMISS_ERROR' }

export const initialDialerState: DialerState = { phase: 'idle', audio: 'none' }

/** Call statuses that end a call (see the choice above). */
function isTerminalCallStatus(status: string): boolean {
  return callStatusPhase(status) === 'ended'
}

function serviceTimes(event: { answeredAt?: string | null | undefined; endedAt?: string | null | undefined }) {
  return {
    ...(event.answeredAt ? { serviceAnsweredAt: event.answeredAt } : {}),
    ...(event.endedAt ? { serviceEndedAt: event.endedAt } : {}),
  }
}

/** Pure transition function. Events that make no sense in the current phase are ignored. */
export function dialerReducer(state: DialerState, event: DialerEvent): DialerState {
  switch (event.type) {
    case 'PLACE':
      if (state.phase !== 'idle' && state.phase !== 'ended') return state
      return { phase: 'placing', audio: 'none', to: event.to }
    case 'NUMBER_INVALID':
      if (state.phase !== 'idle' && state.phase !== 'ended') return state
      return { ...initialDialerState, error: { source: 'number', error: event.error } }
    case 'PLACED':
      if (state.phase !== 'placing') return state
      return {
        ...state,
        phase: 'ringing',
        callUuid: event.callUuid,
        rtc: event.rtc,
        audio: event.rtc ? 'joining' : 'device',
      }
    case 'PLACE_FAILED':
      if (state.phase !== 'placing') return state
      return {
        phase: 'idle',
        audio: 'none',
        ...(state.to ? { to: state.to } : {}),
        error: { source: 'start', error: event.error },
      }
    case 'AUDIO_JOINING':
      if (!isLive(state) || !state.rtc) return state
      return { ...state, audio: 'joining', error: undefined }
    case 'AUDIO_CONNECTED':
      if (!isLive(state)) return state
      return { ...state, audio: 'joined', error: state.error?.source === 'audio' ? undefined : state.error }
    case 'AUDIO_FAILED':
      if (!isLive(state) || state.audio === 'device') return state
      return { ...state, audio: 'failed', error: { source: 'audio', error: event.error } }
    case 'STATUS': {
      // After the end, a last status read only brings the service's own times (for the summary).
      if (state.phase === 'ended') {
        const times = serviceTimes(event)
        return Object.keys(times).length > 0 && isTerminalCallStatus(event.callStatus) ? { ...state, ...times } : state
      }
      if (!isLive(state)) return state
      if (event.callStatus === 'answered') {
        if (state.phase !== 'ringing') return state
        return { ...state, phase: 'connected', connectedAt: event.at, ...serviceTimes(event) }
      }
      if (!isTerminalCallStatus(event.callStatus)) return state
      return {
        ...state,
        phase: 'ended',
        audio: 'none',
        endedAt: event.at,
        endStatus: event.callStatus,
        ...serviceTimes(event),
      }
    }
    case 'HANGUP':
      if (!isLive(state)) return state
      return { ...state, phase: 'ended', audio: 'none', endedAt: event.at, endStatus: 'hung_up' }
    case 'END_FAILED':
      return { ...state, error: { source: 'end', error: event.error } }
    case 'RESET':
      if (isLive(state) || state.phase === 'placing') return state
      return { ...initialDialerState }
    case 'DISMISS_ERROR':
      return { ...state, error: undefined }
  }
}

/** A call exists and has not ended. */
export function isLive(state: DialerState): boolean {
  return state.phase === 'ringing' || state.phase === 'connected'
}

/**
 * Connected seconds of an ended call. The service's own answer and end times when its status
 * response carried them — the call log's `duration_seconds` comes from the same clock, so the
 * summary and the log agree — else the times this browser saw. Undefined when never answered.
 */
export function connectedSeconds(state: DialerState): number | undefined {
  if (state.serviceAnsweredAt && state.serviceEndedAt) {
    const ms = Date.parse(state.serviceEndedAt) - Date.parse(state.serviceAnsweredAt)
    if (Number.isFinite(ms)) return Math.max(0, Math.round(ms / 1000))
  }
  if (state.connectedAt === undefined || state.endedAt === undefined) return undefined
  return Math.max(0, Math.round((state.endedAt - state.connectedAt) / 1000))
}
