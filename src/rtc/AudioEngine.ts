/**
 * The small audio interface the calling components talk to. One implementation joins through
 * `agora-rtc-sdk-ng` (loaded on first join), another is a fake for tests, stories and the playground.
 * spec: "Outbound audio-call start response and credentials object" — the `rtc` object.
 */

/**
 * Credentials to join a call's audio: the service's `rtc` object (`appId`, `channelName`,
 * `token`, `uid`). Structurally the same as `RtcCredentials` from `linekit/api`.
 */
export interface AudioJoinCredentials {
  appId: string
  channelName: string
  token: string
  uid: number
}

/** Connection state of an engine. `failed` means the last join or the connection broke for good. */
export type AudioEngineState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected' | 'failed'

/** A microphone, shaped like the useful part of `MediaDeviceInfo`. */
export interface MicrophoneInfo {
  deviceId: string
  label: string
  groupId?: string
}

/** Typed failure codes of an engine (SDK errors mapped to what a user can act on). */
export type AudioEngineErrorCode =
  /** The browser or the user refused microphone access. */
  | 'permission_denied'
  /** No microphone, the chosen one is gone, or it is in use by another app. */
  | 'no_device'
  /** The audio network could not be reached or dropped for good. */
  | 'network'
  /** The `rtc` token expired or was refused; the call's credentials must be fetched again. */
  | 'token_expired'
  | 'unknown'

/** An error from an {@link AudioEngine}, with a stable `code` and the SDK's own code when known. */
export class AudioEngineError extends Error {
  override readonly name = 'AudioEngineError'
  readonly code: AudioEngineErrorCode
  /** The SDK's error code or DOMException name (e.g. `PERMISSION_DENIED`, `NotAllowedError`). */
  readonly sdkCode: string | undefined
  constructor(code: AudioEngineErrorCode, message: string, options?: { sdkCode?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.sdkCode = options?.sdkCode
  }
}

/** Passed to `token-will-expire` listeners: hand the engine a fresh `rtc.token` before it lapses. */
export interface TokenWillExpireEvent {
  renew(token: string): Promise<void>
}

/** Events of an {@link AudioEngine} and their listener signatures. */
export interface AudioEngineEvents {
  state: (state: AudioEngineState, previous: AudioEngineState) => void
  error: (error: AudioEngineError) => void
  'token-will-expire': (event: TokenWillExpireEvent) => void
  mute: (muted: boolean) => void
  microphone: (deviceId: string | undefined) => void
  /** A remote party's audio started (`true`) or stopped (`false`) playing. */
  remote: (playing: boolean) => void
}

/**
 * The audio engine contract: what the calling components and hooks need from an audio SDK
 * (join a call with the credentials of spec: POST /start-audiocall-call-api and the voice token,
 * mute, pick a microphone, leave). `agoraAudioEngine` implements it; `createFakeAudioEngine` fakes it.
 *
 * @example
 * const engine = createFakeAudioEngine()
 * const off = engine.on('state', (s) => console.log(s))
 * await engine.join(start.rtc)
 * await engine.setMuted(true)
 * await engine.leave(); off()
 */
export interface AudioEngine {
  /** Current connection state. */
  readonly state: AudioEngineState
  /** Whether the microphone is muted. `leave()` unmutes: every call starts unmuted; a mute set before a join applies to it. */
  readonly muted: boolean
  /** The chosen microphone, `undefined` for the system default. */
  readonly microphoneId: string | undefined
  /** Join a call's audio: publish the microphone and play the remote party. Rejects with {@link AudioEngineError}. */
  join(rtc: AudioJoinCredentials): Promise<void>
  /** Leave the call's audio and release the microphone. Safe to call in any state. */
  leave(): Promise<void>
  setMuted(muted: boolean): Promise<void>
  /** Microphones the browser exposes (labels may be empty before permission is granted). */
  listMicrophones(): Promise<MicrophoneInfo[]>
  /** Switch microphone; applies now when connected, else on the next join. */
  setMicrophone(deviceId: string): Promise<void>
  /** Microphone input level 0..1 (0 when muted or not connected). Poll it, e.g. per animation frame. */
  getInputLevel(): number
  /** Replace the `rtc` token of the current connection (after `token-will-expire`). */
  renewToken(token: string): Promise<void>
  /** Subscribe to an event; returns the unsubscribe function. */
  on<E extends keyof AudioEngineEvents>(event: E, listener: AudioEngineEvents[E]): () => void
}
