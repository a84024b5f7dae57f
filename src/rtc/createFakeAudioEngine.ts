import {
  AudioEngineError,
  type AudioEngine,
  type AudioEngineErrorCode,
  type AudioEngineState,
  type AudioJoinCredentials,
  type MicrophoneInfo,
} from './AudioEngine'
import { createEmitter } from './internal/emitter'

/** Options of {@link createFakeAudioEngine}. */
export interface FakeAudioEngineOptions {
  /** Microphones to list. @default two fake microphones */
  microphones?: MicrophoneInfo[]
  /** Milliseconds `join` stays in `connecting` (0 resolves on the next microtask). @default 0 */
  joinDelayMs?: number
  /** Make every `join` fail with this code (e.g. `'permission_denied'`). @default undefined */
  failJoinWith?: AudioEngineErrorCode
  /** Input level while connected and unmuted: a number 0..1, or a function of the clock. @default a gentle wave */
  inputLevel?: number | ((nowMs: number) => number)
  /** Clock for the level meter (inject in tests). @default Date.now */
  now?: () => number
  /** Start muted. @default false */
  muted?: boolean
}

/** Test and story controls of the fake engine, beyond the {@link AudioEngine} interface. */
export interface FakeAudioEngine extends AudioEngine {
  /** Every `join` call's credentials, in order. */
  readonly joins: AudioJoinCredentials[]
  /** Every token passed to `renewToken`, in order. */
  readonly renewedTokens: string[]
  /** Number of `leave` calls. */
  readonly leaves: number
  /** Force a state (e.g. `'reconnecting'`), emitting `state`. */
  simulateState(state: AudioEngineState): void
  /** Emit an error and move to `failed` (as a dropped connection would). */
  simulateError(code: AudioEngineErrorCode, message?: string): void
  /** Emit `token-will-expire`; resolves once listeners had a chance to renew. */
  simulateTokenWillExpire(): void
  /** Emit `remote` (the other party's audio started or stopped). */
  simulateRemote(playing: boolean): void
  /** Set the level reported while connected and unmuted. */
  setInputLevel(level: number | ((nowMs: number) => number)): void
  /** Make the next joins fail (or succeed again with `undefined`). */
  setFailJoinWith(code: AudioEngineErrorCode | undefined): void
}

const defaultMicrophones: MicrophoneInfo[] = [
  { deviceId: 'default', label: 'Default microphone' },
  { deviceId: 'fake-headset', label: 'Headset microphone' },
]

const messages: Record<AudioEngineErrorCode, string> = {
  permission_denied: 'Microphone access was denied.',
  no_device: 'No usable microphone was found.',
  network: 'The call audio could not connect.',
  token_expired: 'The call audio credentials expired.',
  unknown: 'The call audio failed.',
}

/**
 * An in-memory {@link AudioEngine} with the same states and events as the real one, a level meter,
 * and controls to simulate failures. Loads no SDK and touches no device.
 *
 * @example
 * const engine = createFakeAudioEngine({ joinDelayMs: 300 })
 * <LinekitProvider client={client} audioEngine={engine}><Dialer /></LinekitProvider>
 * engine.simulateError('network') // the dialer shows the audio error
 */
export function createFakeAudioEngine(options: FakeAudioEngineOptions = {}): FakeAudioEngine {
  const emitter = createEmitter()
  const now = options.now ?? (() => Date.now())
  const microphones = options.microphones ?? defaultMicrophones
  let state: AudioEngineState = 'idle'
  let muted = options.muted ?? false
  let microphoneId: string | undefined
  let failJoinWith = options.failJoinWith
  let level: number | ((nowMs: number) => number) =
    options.inputLevel ?? ((t: number) => 0.35 + 0.3 * Math.sin(t / 180) * Math.sin(t / 1100))
  let attempt = 0
  const joins: AudioJoinCredentials[] = []
  const renewedTokens: string[] = []
  let leaves = 0

  const setState = (next: AudioEngineState) => {
    if (next === state) return
    const previous = state
    state = next
    emitter.emit('state', next, previous)
  }

  const engine: FakeAudioEngine = {
    get state() {
      return state
    },
    get muted() {
      return muted
    },
    get microphoneId() {
      return microphoneId
    },
    joins,
    renewedTokens,
    get leaves() {
      return leaves
    },
    async join(rtc) {
      if (state === 'connecting' || state === 'connected' || state === 'reconnecting') {
        throw new AudioEngineError('unknown', 'Already in a call: leave before joining another.')
      }
      joins.push({ ...rtc })
      const mine = ++attempt
      setState('connecting')
      if (options.joinDelayMs) await new Promise((resolve) => setTimeout(resolve, options.joinDelayMs))
      else await Promise.resolve()
      if (mine !== attempt || (state as AudioEngineState) !== 'connecting') return // left (or re-joined) while connecting
      if (failJoinWith) {
        const error = new AudioEngineError(failJoinWith, messages[failJoinWith], { sdkCode: 'FAKE' })
        setState('failed')
        emitter.emit('error', error)
        throw error
      }
      setState('connected')
      emitter.emit('remote', true)
    },
    async leave() {
      leaves++
      attempt++
      // Every call starts unmuted, as the real engine's do.
      if (muted) {
        muted = false
        emitter.emit('mute', false)
      }
      if (state === 'idle' || state === 'disconnected') return
      const wasConnected = state === 'connected' || state === 'reconnecting'
      setState('disconnected')
      if (wasConnected) emitter.emit('remote', false)
    },
    async setMuted(next) {
      if (next === muted) return
      muted = next
      emitter.emit('mute', muted)
    },
    async listMicrophones() {
      return microphones.map((m) => ({ ...m }))
    },
    async setMicrophone(deviceId) {
      if (!microphones.some((m) => m.deviceId === deviceId)) {
        throw new AudioEngineError('no_device', `No microphone with id "${deviceId}".`, { sdkCode: 'FAKE' })
      }
      microphoneId = deviceId
      emitter.emit('microphone', deviceId)
    },
    getInputLevel() {
      if (state !== 'connected' || muted) return 0
      const value = typeof level === 'function' ? level(now()) : level
      return Math.min(1, Math.max(0, value))
    },
    async renewToken(token) {
      renewedTokens.push(token)
    },
    on: emitter.on,
    simulateState: setState,
    simulateError(code, message) {
      const error = new AudioEngineError(code, message ?? messages[code], { sdkCode: 'FAKE' })
      setState('failed')
      emitter.emit('error', error)
    },
    simulateTokenWillExpire() {
      emitter.emit('token-will-expire', { renew: (token) => engine.renewToken(token) })
    },
    simulateRemote(playing) {
      emitter.emit('remote', playing)
    },
    setInputLevel(next) {
      level = next
    },
    setFailJoinWith(code) {
      failJoinWith = code
    },
  }
  return engine
}
