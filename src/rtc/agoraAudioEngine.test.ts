import { describe, expect, it, vi, type Mock } from 'vitest'
import { MOCK_RTC_APP_ID } from 'linekit/mocks'
import { AudioEngineError, type AudioEngineState } from './AudioEngine'
import {
  agoraAudioEngine,
  type AgoraClientLike,
  type AgoraMicrophoneTrackLike,
  type AgoraRemoteUserLike,
  type AgoraSdkLike,
} from './agoraAudioEngine'

const rtc = { appId: 'app-1', channelName: 'call-abc', token: 'tok-1', uid: 42 }

/** A stand-in for the agora-rtc-sdk-ng module that records every call it receives. */
function standIn(
  overrides: { createMic?: () => Promise<AgoraMicrophoneTrackLike>; join?: () => Promise<number> } = {},
) {
  const calls: string[] = []
  const remoteTracks = new Map<number | string, { play: Mock<() => void>; stop: Mock<() => void> }>()
  const remoteTrack = (uid: number | string) => {
    if (!remoteTracks.has(uid)) remoteTracks.set(uid, { play: vi.fn<() => void>(), stop: vi.fn<() => void>() })
    return remoteTracks.get(uid)!
  }
  const handlers = new Map<string, (...args: never[]) => void>()
  const track = {
    setMuted: vi.fn(async (m: boolean) => void calls.push(`track.setMuted(${m})`)),
    setDevice: vi.fn(async (id: string) => void calls.push(`track.setDevice(${id})`)),
    getVolumeLevel: vi.fn(() => 0.5),
    close: vi.fn(() => void calls.push('track.close')),
  }
  const client: AgoraClientLike = {
    join: vi.fn(async (...args: unknown[]) => {
      calls.push(`client.join(${args.join(',')})`)
      return overrides.join ? overrides.join() : 42
    }),
    leave: vi.fn(async () => void calls.push('client.leave')),
    publish: vi.fn(async (tracks: unknown) => {
      calls.push(`client.publish(${Array.isArray(tracks) && tracks[0] === track ? 'mic' : '?'})`)
    }),
    subscribe: vi.fn(async (uid: number | string, kind: 'audio') => {
      calls.push(`client.subscribe(${uid},${kind})`)
      return remoteTrack(uid)
    }),
    renewToken: vi.fn(async (token: string) => void calls.push(`client.renewToken(${token})`)),
    on: vi.fn((event: string, listener: (...args: never[]) => void) => void handlers.set(event, listener)),
    removeAllListeners: vi.fn(() => handlers.clear()),
  }
  const sdk: AgoraSdkLike = {
    createClient: vi.fn((config) => {
      calls.push(`createClient(${config.mode},${config.codec})`)
      return client
    }),
    createMicrophoneAudioTrack: vi.fn(async (config?: { microphoneId?: string }) => {
      calls.push(`createMicrophoneAudioTrack(${config?.microphoneId ?? 'default'})`)
      return overrides.createMic ? overrides.createMic() : track
    }),
    getMicrophones: vi.fn(async () => [{ deviceId: 'm1', label: 'USB mic', groupId: 'g' }]),
    setLogLevel: vi.fn(),
    disableLogUpload: vi.fn(),
  }
  const fire = (event: string, ...args: unknown[]) =>
    (handlers.get(event) as ((...a: unknown[]) => unknown) | undefined)?.(...args)
  return { sdk, client, track, calls, handlers, fire, remoteTrack }
}

describe('agoraAudioEngine', () => {
  it('with the mock service’s credentials: fails at once without loading the SDK, and says to use the fake engine', async () => {
    const loadSdk = vi.fn(async () => standIn().sdk)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const engine = agoraAudioEngine({ loadSdk })
      const errors: AudioEngineError[] = []
      engine.on('error', (e) => errors.push(e))
      const error = await engine.join({ ...rtc, appId: MOCK_RTC_APP_ID }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(AudioEngineError)
      expect(error).toMatchObject({ code: 'network', sdkCode: 'MOCK_CREDENTIALS' })
      expect((error as Error).message).toContain('createFakeAudioEngine()')
      expect(errors).toEqual([error])
      expect(engine.state).toBe('failed')
      expect(loadSdk).not.toHaveBeenCalled()
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^linekit: .*mock.*createFakeAudioEngine\(\)/))
      // Real credentials still join.
      await agoraAudioEngine({ loadSdk }).join(rtc)
      expect(loadSdk).toHaveBeenCalledTimes(1)
    } finally {
      warn.mockRestore()
    }
  })

  it('keeps the SDK quiet by default: no console log lines, no log upload', async () => {
    const s = standIn()
    await agoraAudioEngine({ loadSdk: async () => s.sdk }).join(rtc)
    expect(s.sdk.setLogLevel).toHaveBeenCalledWith(4)
    expect(s.sdk.disableLogUpload).toHaveBeenCalledTimes(1)
  })

  it('gives up on a join that never connects after joinTimeoutMs: a network AudioEngineError, state failed, client left', async () => {
    vi.useFakeTimers()
    try {
      const s = standIn({ join: () => new Promise<number>(() => {}) }) // the SDK retrying forever
      const engine = agoraAudioEngine({ loadSdk: async () => s.sdk, joinTimeoutMs: 3000 })
      const errors: AudioEngineError[] = []
      engine.on('error', (e) => errors.push(e))
      const joined = engine.join(rtc)
      const outcome = joined.then(
        () => 'joined',
        (e: unknown) => e,
      )
      await vi.advanceTimersByTimeAsync(2999)
      expect(engine.state).toBe('connecting')
      await vi.advanceTimersByTimeAsync(1)
      const error = await outcome
      expect(error).toBeInstanceOf(AudioEngineError)
      expect((error as AudioEngineError).code).toBe('network')
      expect(engine.state).toBe('failed')
      expect(errors.map((e) => e.code)).toEqual(['network'])
      expect(s.calls).toContain('client.leave')
      expect(s.calls).toContain('track.close')
    } finally {
      vi.useRealTimers()
    }
  })

  it('defaults the join time limit to at most 20 s', async () => {
    vi.useFakeTimers()
    try {
      const s = standIn({ join: () => new Promise<number>(() => {}) })
      const engine = agoraAudioEngine({ loadSdk: async () => s.sdk })
      const outcome = engine.join(rtc).catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(20_000)
      expect(((await outcome) as AudioEngineError).code).toBe('network')
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not load the SDK until the first join, then loads it once', async () => {
    const s = standIn()
    const loadSdk = vi.fn(async () => ({ default: s.sdk }))
    const engine = agoraAudioEngine({ loadSdk })
    expect(loadSdk).not.toHaveBeenCalled()
    await engine.setMuted(false)
    expect(engine.getInputLevel()).toBe(0)
    expect(loadSdk).not.toHaveBeenCalled()
    await engine.join(rtc)
    await engine.leave()
    await engine.join(rtc)
    expect(loadSdk).toHaveBeenCalledTimes(1)
  })

  it('asks for the microphone, joins with the rtc credentials, publishes, and reports connected', async () => {
    const s = standIn()
    const engine = agoraAudioEngine({ loadSdk: async () => s.sdk })
    const states: AudioEngineState[] = []
    engine.on('state', (st) => states.push(st))
    await engine.join(rtc)
    expect(s.calls).toEqual([
      'createMicrophoneAudioTrack(default)',
      'createClient(rtc,vp8)',
      'client.join(app-1,call-abc,tok-1,42)',
      'client.publish(mic)',
    ])
    expect(states).toEqual(['connecting', 'connected'])
    expect(engine.state).toBe('connected')
    expect(engine.getInputLevel()).toBe(0.5)
  })

  it('subscribes to and plays the remote party audio, ignoring video', async () => {
    const s = standIn()
    const engine = agoraAudioEngine({ loadSdk: async () => s.sdk })
    const remote: boolean[] = []
    engine.on('remote', (p) => remote.push(p))
    await engine.join(rtc)
    const user: AgoraRemoteUserLike = { uid: 7 }
    await s.fire('user-published', user, 'video')
    expect(s.client.subscribe).not.toHaveBeenCalled()
    await s.fire('user-published', user, 'audio')
    expect(s.calls).toContain('client.subscribe(7,audio)')
    expect(s.remoteTrack(7).play).toHaveBeenCalledTimes(1)
    s.fire('user-left', user)
    expect(remote).toEqual([true, false])
  })

  it('mutes the published track, keeps the choice across joins, and reports level 0 while muted', async () => {
    const s = standIn()
    const engine = agoraAudioEngine({ loadSdk: async () => s.sdk })
    await engine.setMuted(true) // before joining: remembered
    await engine.join(rtc)
    expect(s.calls).toContain('track.setMuted(true)')
    expect(engine.getInputLevel()).toBe(0)
    await engine.setMuted(false)
    expect(s.track.setMuted).toHaveBeenLastCalledWith(false)
    expect(engine.muted).toBe(false)
  })

  it('starts every call unmuted: a mute pressed in one call is gone after leave', async () => {
    const s = standIn()
    const engine = agoraAudioEngine({ loadSdk: async () => s.sdk })
    const heard: boolean[] = []
    engine.on('mute', (m) => heard.push(m))
    await engine.join(rtc)
    await engine.setMuted(true)
    await engine.leave()
    expect(engine.muted).toBe(false)
    expect(heard).toEqual([true, false])
    s.calls.length = 0
    await engine.join(rtc)
    expect(s.calls).not.toContain('track.setMuted(true)')
  })

  it('switches microphone on the live track and uses the choice on the next join', async () => {
    const s = standIn()
    const engine = agoraAudioEngine({ loadSdk: async () => s.sdk })
    await engine.setMicrophone('m1')
    await engine.join(rtc)
    expect(s.calls[0]).toBe('createMicrophoneAudioTrack(m1)')
    await engine.setMicrophone('m2')
    expect(s.calls).toContain('track.setDevice(m2)')
    expect(engine.microphoneId).toBe('m2')
    expect(await engine.listMicrophones()).toEqual([{ deviceId: 'm1', label: 'USB mic', groupId: 'g' }])
  })

  it('leaves: closes the microphone, leaves the channel, and stops remote audio', async () => {
    const s = standIn()
    const engine = agoraAudioEngine({ loadSdk: async () => s.sdk })
    await engine.join(rtc)
    await s.fire('user-published', { uid: 9 }, 'audio')
    await engine.leave()
    expect(s.calls.slice(-2)).toEqual(['track.close', 'client.leave'])
    expect(s.remoteTrack(9).stop).toHaveBeenCalled()
    expect(engine.state).toBe('disconnected')
  })

  it.each([
    [
      { code: 'PERMISSION_DENIED', message: 'PERMISSION_DENIED: NotAllowedError: Permission denied' },
      'permission_denied',
    ],
    [Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }), 'permission_denied'],
    [{ code: 'DEVICE_NOT_FOUND', message: 'DEVICE_NOT_FOUND: NotFoundError: Requested device not found' }, 'no_device'],
    [{ code: 'NOT_READABLE', message: 'NOT_READABLE: NotReadableError: Could not start audio source' }, 'no_device'],
  ] as const)('maps a microphone failure %o to %s without joining the channel', async (thrown, code) => {
    const s = standIn({ createMic: async () => Promise.reject(thrown) })
    const engine = agoraAudioEngine({ loadSdk: async () => s.sdk })
    const errors: AudioEngineError[] = []
    engine.on('error', (e) => errors.push(e))
    const failure = await engine.join(rtc).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(AudioEngineError)
    expect((failure as AudioEngineError).code).toBe(code)
    expect(s.client.join).not.toHaveBeenCalled()
    expect(engine.state).toBe('failed')
    expect(errors.map((e) => e.code)).toEqual([code])
  })

  it('maps a network failure on join to a typed error and cleans up', async () => {
    const s = standIn({
      join: () =>
        Promise.reject({
          code: 'CAN_NOT_GET_GATEWAY_SERVER',
          message: 'flag: 4096, message: AgoraRTCError CAN_NOT_GET_GATEWAY_SERVER',
        }),
    })
    const engine = agoraAudioEngine({ loadSdk: async () => s.sdk })
    await expect(engine.join(rtc)).rejects.toMatchObject({ code: 'network', sdkCode: 'CAN_NOT_GET_GATEWAY_SERVER' })
    expect(s.calls).toContain('track.close')
    expect(s.calls).toContain('client.leave')
    expect(engine.state).toBe('failed')
  })

  it('reports a failed SDK download as a network error and retries the download next time', async () => {
    const s = standIn()
    const loadSdk = vi
      .fn<() => Promise<AgoraSdkLike>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/agora.js'))
      .mockResolvedValue(s.sdk)
    const engine = agoraAudioEngine({ loadSdk })
    await expect(engine.join(rtc)).rejects.toMatchObject({ code: 'network' })
    await engine.join(rtc)
    expect(loadSdk).toHaveBeenCalledTimes(2)
    expect(engine.state).toBe('connected')
  })

  it('on token-privilege-will-expire emits token-will-expire and renews with a fetched token', async () => {
    const s = standIn()
    const fetchToken = vi.fn(async () => 'tok-2')
    const engine = agoraAudioEngine({ loadSdk: async () => s.sdk, fetchToken })
    const seen = vi.fn()
    engine.on('token-will-expire', seen)
    await engine.join(rtc)
    s.fire('token-privilege-will-expire')
    await vi.waitFor(() => expect(s.calls).toContain('client.renewToken(tok-2)'))
    expect(fetchToken).toHaveBeenCalledWith(rtc)
    expect(seen).toHaveBeenCalledTimes(1)
    // A listener can renew as well, through the event.
    const event = seen.mock.calls[0]![0] as { renew(token: string): Promise<void> }
    await event.renew('tok-3')
    expect(s.calls).toContain('client.renewToken(tok-3)')
  })

  it('treats token-privilege-did-expire as a typed failure', async () => {
    const s = standIn()
    const engine = agoraAudioEngine({ loadSdk: async () => s.sdk })
    const errors: string[] = []
    engine.on('error', (e) => errors.push(e.code))
    await engine.join(rtc)
    s.fire('token-privilege-did-expire')
    expect(engine.state).toBe('failed')
    expect(errors).toEqual(['token_expired'])
  })

  it('follows the connection: reconnecting, back to connected, and a network drop as failed', async () => {
    const s = standIn()
    const engine = agoraAudioEngine({ loadSdk: async () => s.sdk })
    const errors: string[] = []
    engine.on('error', (e) => errors.push(e.code))
    await engine.join(rtc)
    s.fire('connection-state-change', 'RECONNECTING', 'CONNECTED')
    expect(engine.state).toBe('reconnecting')
    s.fire('connection-state-change', 'CONNECTED', 'RECONNECTING')
    expect(engine.state).toBe('connected')
    s.fire('connection-state-change', 'DISCONNECTED', 'RECONNECTING', 'NETWORK_ERROR')
    expect(engine.state).toBe('failed')
    expect(errors).toEqual(['network'])
  })

  it('a leave while joining wins: the late join does not resurrect the call', async () => {
    const s = standIn()
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const engine = agoraAudioEngine({ loadSdk: async () => (await gate, s.sdk) })
    const joining = engine.join(rtc)
    await engine.leave()
    release()
    await joining
    expect(s.sdk.createMicrophoneAudioTrack).not.toHaveBeenCalled()
    expect(engine.state).toBe('disconnected')
  })

  it('nothing under src/ imports agora-rtc-sdk-ng statically (its import throws outside a browser)', async () => {
    const { readFileSync, readdirSync } = await import('node:fs')
    const { join } = await import('node:path')
    const dir = join(process.cwd(), 'src')
    // The one module that names the SDK's chunk re-exports it, and is itself only imported dynamically.
    const chunkModule = 'rtc/linekitAgoraSdk.ts'
    let checked = 0
    for (const file of readdirSync(dir, { recursive: true }) as string[]) {
      if (!/\.tsx?$/.test(file) || /\.test(-d)?\./.test(file)) continue
      const text = readFileSync(join(dir, file), 'utf8')
      for (const name of ['agora-rtc-sdk-ng', '[./\\w]*linekitAgoraSdk']) {
        if (file === chunkModule && name === 'agora-rtc-sdk-ng') continue
        // `import type` is erased at build time; any other static import would load the SDK.
        expect(text, file).not.toMatch(new RegExp(`^\\s*import(?!\\s+type\\b)[^(]*['"]${name}['"]`, 'm'))
        expect(text, file).not.toMatch(new RegExp(`^\\s*export[^(]*from\\s*['"]${name}['"]`, 'm'))
      }
      checked++
    }
    expect(checked).toBeGreaterThan(3)
    expect(readFileSync(join(dir, 'rtc/agoraAudioEngine.ts'), 'utf8')).toContain("import('./linekitAgoraSdk')")
    expect(readFileSync(join(dir, chunkModule), 'utf8')).toMatch(/^export \{ default \} from 'agora-rtc-sdk-ng'$/m)
  })
})
