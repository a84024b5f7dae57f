import {
  AudioEngineError,
  type AudioEngine,
  type AudioEngineState,
  type AudioJoinCredentials,
  type MicrophoneInfo,
} from './AudioEngine'
import { MOCK_RTC_APP_ID } from '../api/mockRtc'
import { createEmitter } from './internal/emitter'
import { toAudioEngineError } from './toAudioEngineError'

/* The slice of agora-rtc-sdk-ng this engine uses. Declared structurally so that nothing here
   imports the SDK statically (its import throws outside a browser and it weighs ~430 KB gzip). */
/** A local microphone track (subset of `IMicrophoneAudioTrack`). */
export interface AgoraMicrophoneTrackLike {
  setMuted(muted: boolean): Promise<void>
  setDevice(deviceId: string): Promise<void>
  getVolumeLevel(): number
  close(): void
}
/** A remote audio track (subset of `IRemoteAudioTrack`). */
export interface AgoraRemoteAudioTrackLike {
  play(): void
  stop(): void
}
/** A remote user as the SDK's events pass it (subset of `IAgoraRTCRemoteUser`). */
export interface AgoraRemoteUserLike {
  uid: number | string
}
/** A client (subset of `IAgoraRTCClient`). */
export interface AgoraClientLike {
  join(appId: string, channel: string, token: string | null, uid?: number | string | null): Promise<number | string>
  leave(): Promise<void>
  /** `never`: the real parameter is the SDK's own track type, which this slice does not declare (see the call site). */
  publish(tracks: never): Promise<unknown>
  /** Subscribes by uid (the SDK accepts a uid or the user object) and resolves with the remote audio track. */
  subscribe(uid: number | string, mediaType: 'audio'): Promise<AgoraRemoteAudioTrackLike>
  renewToken(token: string): Promise<void>
  on(event: string, listener: (...args: never[]) => void): void
  removeAllListeners(event?: string): void
}
/** The SDK module's default export (subset of `IAgoraRTC`). */
export interface AgoraSdkLike {
  createClient(config: { mode: 'rtc' | 'live'; codec: 'vp8' | 'h264' | 'vp9' | 'av1' }): AgoraClientLike
  createMicrophoneAudioTrack(config?: { microphoneId?: string }): Promise<AgoraMicrophoneTrackLike>
  getMicrophones(skipPermissionCheck?: boolean): Promise<Array<{ deviceId: string; label: string; groupId?: string }>>
  setLogLevel?(level: number): void
  disableLogUpload?(): void
}

/** Options of {@link agoraAudioEngine}. */
export interface AgoraAudioEngineOptions {
  /**
   * Loads the SDK. Tests pass a stand-in module here.
   * @default () => import('agora-rtc-sdk-ng') — a separate chunk (`linekitAgoraSdk-<hash>.js`), fetched on the first `join`
   */
  loadSdk?: () => Promise<AgoraSdkLike | { default: AgoraSdkLike }>
  /**
   * Called on `token-privilege-will-expire` to get a fresh `rtc.token`; listeners of the
   * `token-will-expire` event can renew too. @default undefined (only the event is emitted)
   */
  fetchToken?: (rtc: AudioJoinCredentials) => Promise<string | null | undefined>
  /**
   * Agora's own console log level (0 debug … 3 error, 4 none). Its log upload to Agora's servers
   * is turned off either way. @default 4 (silent: errors reach the app as `AudioEngineError`s)
   */
  logLevel?: number
  /**
   * Give up on a join that has not connected after this many ms: `join` rejects with an
   * {@link AudioEngineError} `'network'` and the engine is `failed` (the SDK itself retries a
   * join forever when Agora's network cannot be reached). @default 15000
   */
  joinTimeoutMs?: number
}

/** Default join time limit: long enough for a slow network, short enough that a user is told. */
const DEFAULT_JOIN_TIMEOUT_MS = 15_000

// Kept as a function so bundlers split the SDK into its own chunk, loaded on demand; through a
// module of ours so that the chunk carries a name that says whose it is (linekitAgoraSdk.ts).
const defaultLoadSdk = () => import('./linekitAgoraSdk') as unknown as Promise<{ default: AgoraSdkLike }>

function unwrap(mod: AgoraSdkLike | { default: AgoraSdkLike }): AgoraSdkLike {
  return 'createClient' in mod ? mod : mod.default
}

const CONSOLE_METHODS = ['log', 'info', 'debug', 'warn'] as const

/** Drops the SDK's own console lines (they carry `Agora-SDK`) until the returned restore is called. */
function holdBackSdkConsole(): () => void {
  const c = globalThis.console as unknown as Record<string, (...args: unknown[]) => void>
  const originals = CONSOLE_METHODS.map((m) => [m, c[m]] as const)
  const wrappers = originals.map(([m, original]) => {
    const wrapper = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('Agora-SDK')) return
      original?.apply(console, args)
    }
    c[m] = wrapper
    return wrapper
  })
  return () =>
    originals.forEach(([m, original], i) => {
      // Only undo our own wrapper: someone who replaced it since keeps theirs.
      if (c[m] === wrappers[i]) c[m] = original!
    })
}

const fromSdkState: Record<string, AudioEngineState | undefined> = {
  CONNECTING: 'connecting',
  CONNECTED: 'connected',
  RECONNECTING: 'reconnecting',
  DISCONNECTED: 'disconnected',
}

/**
 * The production {@link AudioEngine}: joins the call's channel with `agora-rtc-sdk-ng`, publishes
 * the microphone, plays the remote party, renews the token on `token-privilege-will-expire`, and
 * maps SDK failures (permission denied, no device, network) to {@link AudioEngineError}s.
 * The SDK is loaded by dynamic `import()` on the first `join`, so pages that never call pay nothing.
 *
 * @example
 * const audioEngine = agoraAudioEngine()
 * <LinekitProvider client={client} audioEngine={audioEngine}>…</LinekitProvider>
 */
export function agoraAudioEngine(options: AgoraAudioEngineOptions = {}): AudioEngine {
  const emitter = createEmitter()
  const loadSdk = options.loadSdk ?? defaultLoadSdk
  let sdkPromise: Promise<AgoraSdkLike> | undefined
  let sdk: AgoraSdkLike | undefined
  let client: AgoraClientLike | undefined
  let track: AgoraMicrophoneTrackLike | undefined
  let current: AudioJoinCredentials | undefined
  let state: AudioEngineState = 'idle'
  let muted = false
  let microphoneId: string | undefined
  let generation = 0 // bumps on every join/leave so a stale join cannot resurrect a left call
  const remotes = new Map<number | string, AgoraRemoteAudioTrackLike>()

  const setState = (next: AudioEngineState) => {
    if (next === state) return
    const previous = state
    state = next
    emitter.emit('state', next, previous)
  }

  const logLevel = options.logLevel ?? 4
  const load = (): Promise<AgoraSdkLike> => {
    sdkPromise ??= (async () => {
      // The SDK's logger starts at DEBUG and prints the browser's details while the module
      // initialises, before setLogLevel can be called: below INFO those lines are held back too.
      const restore = logLevel >= 2 ? holdBackSdkConsole() : () => {}
      try {
        const loaded = unwrap(await loadSdk())
        // Quiet by default: without this the SDK prints hundreds of lines while it retries.
        loaded.setLogLevel?.(logLevel)
        loaded.disableLogUpload?.()
        await new Promise((r) => setTimeout(r, 0)) // its start-up lines run on a task after import
        sdk = loaded
        return loaded
      } catch (error) {
        sdkPromise = undefined // allow a retry after a failed chunk download
        throw error
      } finally {
        restore()
      }
    })()
    return sdkPromise
  }

  const release = async () => {
    const c = client
    const t = track
    client = undefined
    track = undefined
    current = undefined
    for (const remote of remotes.values()) remote.stop()
    const hadRemote = remotes.size > 0
    remotes.clear()
    if (hadRemote) emitter.emit('remote', false)
    t?.close()
    if (c) {
      c.removeAllListeners()
      await c.leave().catch(() => undefined)
    }
  }

  const renew = async (token: string) => {
    if (!client || !current) throw new AudioEngineError('unknown', 'Not in a call: nothing to renew.')
    try {
      await client.renewToken(token)
      current = { ...current, token }
    } catch (error) {
      const mapped = toAudioEngineError(error)
      emitter.emit('error', mapped)
      throw mapped
    }
  }

  const wire = (c: AgoraClientLike, mine: number) => {
    const live = () => mine === generation && client === c
    c.on('connection-state-change', ((cur: string, _prev: string, reason?: string) => {
      if (!live()) return
      const mapped = fromSdkState[cur]
      if (!mapped) return // DISCONNECTING: wait for DISCONNECTED
      if (mapped === 'disconnected' && reason && reason !== 'LEAVE') {
        // The SDK gave up (network down, banned, server error): a failure, not a hang-up.
        const error = toAudioEngineError({ code: reason, message: `Disconnected: ${reason}` })
        setState('failed')
        emitter.emit(
          'error',
          error.code === 'unknown' ? new AudioEngineError('network', error.message, { sdkCode: reason }) : error,
        )
        return
      }
      // While joining, `join()` itself reports `connected` once the microphone is published.
      if (mapped === 'connected' && state === 'connecting') return
      setState(mapped)
    }) as (...args: never[]) => void)
    c.on('user-published', (async (user: AgoraRemoteUserLike, mediaType: string) => {
      if (!live() || mediaType !== 'audio') return
      try {
        const remote = await c.subscribe(user.uid, 'audio')
        if (!live()) return
        remote.play()
        remotes.set(user.uid, remote)
        emitter.emit('remote', true)
      } catch (error) {
        emitter.emit('error', toAudioEngineError(error))
      }
    }) as (...args: never[]) => void)
    const gone = ((user: AgoraRemoteUserLike) => {
      if (!live() || !remotes.delete(user.uid)) return
      if (remotes.size === 0) emitter.emit('remote', false)
    }) as (...args: never[]) => void
    c.on('user-unpublished', gone)
    c.on('user-left', gone)
    c.on('token-privilege-will-expire', (() => {
      if (!live() || !current) return
      emitter.emit('token-will-expire', { renew })
      const rtc = current
      if (options.fetchToken) {
        void options
          .fetchToken(rtc)
          .then(
            (token) => (token && live() ? renew(token) : undefined),
            (error: unknown) => emitter.emit('error', toAudioEngineError(error)),
          )
          .catch(() => undefined) // renew() already emitted its error
      }
    }) as (...args: never[]) => void)
    c.on('token-privilege-did-expire', (() => {
      if (!live()) return
      setState('failed')
      emitter.emit(
        'error',
        new AudioEngineError('token_expired', 'The call audio credentials expired.', { sdkCode: 'TOKEN_EXPIRE' }),
      )
    }) as (...args: never[]) => void)
  }

  return {
    get state() {
      return state
    },
    get muted() {
      return muted
    },
    get microphoneId() {
      return microphoneId
    },
    async join(rtc) {
      if (state === 'connecting' || state === 'connected' || state === 'reconnecting') {
        throw new AudioEngineError('unknown', 'Already in a call: leave before joining another.')
      }
      const mine = ++generation
      setState('connecting')
      if (rtc.appId === MOCK_RTC_APP_ID) {
        // mocks/README.md: the mock's rtc is fake but well-formed; the SDK would retry it until the
        // join time limit. Fail at once, and tell the developer what to use instead.
        const error = new AudioEngineError(
          'network',
          'These call credentials come from linekit’s mock service, which has no audio: with the mock, pass ' +
            'createFakeAudioEngine() to <LinekitProvider audioEngine> instead of agoraAudioEngine().',
          { sdkCode: 'MOCK_CREDENTIALS' },
        )
        if (process.env.NODE_ENV !== 'production') console.warn(`linekit: ${error.message}`)
        setState('failed')
        emitter.emit('error', error)
        throw error
      }
      // The SDK retries an unreachable network forever: give up after the limit, fail visibly.
      const limit = options.joinTimeoutMs ?? DEFAULT_JOIN_TIMEOUT_MS
      let timer: ReturnType<typeof setTimeout> | undefined
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new AudioEngineError('network', `The call audio did not connect within ${Math.round(limit / 1000)} s.`, {
                sdkCode: 'JOIN_TIMEOUT',
              }),
            ),
          limit,
        )
      })
      timedOut.catch(() => undefined)
      const inTime = <T>(step: Promise<T>): Promise<T> => Promise.race([step, timedOut])
      try {
        const AgoraRTC = await inTime(load())
        if (mine !== generation) return
        // Ask for the microphone first: a refusal should not leave us half-joined in the channel.
        const pendingTrack = AgoraRTC.createMicrophoneAudioTrack(microphoneId ? { microphoneId } : undefined)
        // A track that arrives after the time limit is closed, not leaked.
        pendingTrack.then(
          (t) => mine !== generation && t.close(),
          () => undefined,
        )
        const micTrack = await inTime(pendingTrack)
        if (mine !== generation) return
        track = micTrack
        if (muted) await micTrack.setMuted(true)
        const c = AgoraRTC.createClient({ mode: 'rtc', codec: 'vp8' })
        client = c
        current = { ...rtc }
        wire(c, mine)
        await inTime(c.join(rtc.appId, rtc.channelName, rtc.token, rtc.uid))
        if (mine !== generation) return
        // The track came from this SDK's createMicrophoneAudioTrack, so it is the SDK's own ILocalTrack.
        await inTime(c.publish([micTrack] as never))
        if (mine !== generation) return
        setState('connected')
      } catch (error) {
        const mapped = toAudioEngineError(error)
        if (mine === generation) {
          generation++ // a join step still running after the time limit must not resurrect the call
          await release()
          setState('failed')
          emitter.emit('error', mapped)
        }
        throw mapped
      } finally {
        clearTimeout(timer)
      }
    },
    async leave() {
      generation++
      const active = client !== undefined || track !== undefined
      await release()
      if (active || state !== 'idle') setState('disconnected')
      if (muted) emitter.emit('mute', (muted = false)) // every call starts unmuted (AudioEngine.muted)
    },
    async setMuted(next) {
      if (track) {
        try {
          await track.setMuted(next)
        } catch (error) {
          throw toAudioEngineError(error)
        }
      }
      if (next !== muted) {
        muted = next
        emitter.emit('mute', muted)
      }
    },
    async listMicrophones(): Promise<MicrophoneInfo[]> {
      try {
        // Before the first join use the browser directly: listing devices must not download the SDK.
        const devices = sdk
          ? await sdk.getMicrophones()
          : ((await globalThis.navigator?.mediaDevices?.enumerateDevices?.()) ?? []).filter(
              (d) => d.kind === 'audioinput',
            )
        return devices.map((d, i) => ({
          deviceId: d.deviceId,
          label: d.label || `Microphone ${i + 1}`,
          ...(d.groupId ? { groupId: d.groupId } : {}),
        }))
      } catch (error) {
        throw toAudioEngineError(error)
      }
    },
    async setMicrophone(deviceId) {
      if (track) {
        try {
          await track.setDevice(deviceId)
        } catch (error) {
          throw toAudioEngineError(error)
        }
      }
      microphoneId = deviceId
      emitter.emit('microphone', deviceId)
    },
    getInputLevel() {
      if (!track || muted || state !== 'connected') return 0
      const level = track.getVolumeLevel()
      return Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 0
    },
    renewToken: renew,
    on: emitter.on,
  }
}
