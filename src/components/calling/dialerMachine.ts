/**
 * The Dialer's state machine, framework-free (React wires it with `useReducer`).
 *
 *   idle ─PLACE→ placing ─PLACED(rtc)→ connecting ─AUDIO_CONNECTED→ connected ─HANGUP/STATUS(terminal)→ ended ─RESET→ idle
 *                        └PLACED(rtc: null)→ ringing ─STATUS(answered)→ connected
 *                        └PLACE_FAILED→ idle (with the error)
 *
 * spec: start response — `rtc` null means the call rings on the device but its audio cannot be
 * joined; the call status endpoint is polled for the outcome.
 */
import type { RtcCredentials } from '../../api/schemas'

/** The Dialer's phases, rendered as `data-state`. */
export type DialerPhase = 'idle' | 'placing' | 'ringing' | 'connecting' | 'connected' | 'ended'

/** Which error the dialer is showing, by where it came from. */
export type DialerErrorSource = 'number' | 'start' | 'audio' | 'end'

export interface DialerState {
  phase: DialerPhase
  callUuid?: string
  /** Number dialled (E.164). */
  to?: string
  /** Credentials of the call; `null` when the device returned none. */
  rtc?: RtcCredentials | null
  /** Whether audio is joined in this browser. */
  audio: 'none' | 'joining' | 'joined' | 'device'
  connectedAt?: number
  endedAt?: number
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
  | { type: 'AUDIO_CONNECTED'; at: number }
  | { type: 'AUDIO_FAILED'; error: unknown }
  | { type: 'STATUS'; callStatus: string; at: number }
  | { type: 'HANGUP'; at: number }
  | { type: 'END_FAILED'; error: unknown }
  | { type: 'RESET' }
  | { type: 'DISMISS_ERROR' }

export const initialDialerState: DialerState = { phase: 'idle', audio: 'none' }

/** Call statuses that end a call (ASSUMPTIONS.md: call status values). Anything else but `ringing`/`answered` is treated as terminal too. */
export function isTerminalCallStatus(status: string): boolean {
  return status !== 'ringing' && status !== 'answered' && status !== 'queued' && status !== 'initiated'
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
      return event.rtc
        ? { ...state, phase: 'connecting', callUuid: event.callUuid, rtc: event.rtc, audio: 'joining' }
        : { ...state, phase: 'ringing', callUuid: event.callUuid, rtc: null, audio: 'device' }
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
      return {
        ...state,
        phase: 'connected',
        audio: 'joined',
        connectedAt: state.connectedAt ?? event.at,
        error: undefined,
      }
    case 'AUDIO_FAILED':
      if (!isLive(state)) return state
      // The call was placed and still rings on the line's device: keep following it.
      return {
        ...state,
        phase: state.phase === 'connecting' ? 'ringing' : state.phase,
        audio: 'none',
        error: { source: 'audio', error: event.error },
      }
    case 'STATUS':
      if (!isLive(state)) return state
      if (event.callStatus === 'answered') {
        // With joined audio, `connected` already came from the engine; the device path learns it here.
        if (state.phase === 'ringing')
          return { ...state, phase: 'connected', connectedAt: state.connectedAt ?? event.at }
        return state
      }
      if (event.callStatus === 'ringing' || !isTerminalCallStatus(event.callStatus)) return state
      return { ...state, phase: 'ended', audio: 'none', endedAt: event.at, endStatus: event.callStatus }
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
  return state.phase === 'ringing' || state.phase === 'connecting' || state.phase === 'connected'
}
