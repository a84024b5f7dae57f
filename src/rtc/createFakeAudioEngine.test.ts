import { describe, expect, it } from 'vitest'
import type { AudioEngineState } from './AudioEngine'
import { createFakeAudioEngine } from './createFakeAudioEngine'

const rtc = { appId: 'a', channelName: 'c', token: 't', uid: 1 }

describe('createFakeAudioEngine', () => {
  it('goes idle → connecting → connected → disconnected and records joins', async () => {
    const engine = createFakeAudioEngine()
    const states: AudioEngineState[] = []
    engine.on('state', (s) => states.push(s))
    await engine.join(rtc)
    await engine.leave()
    expect(states).toEqual(['connecting', 'connected', 'disconnected'])
    expect(engine.joins).toEqual([rtc])
    expect(engine.leaves).toBe(1)
  })

  it('meters input only while connected and unmuted, from the injected clock', async () => {
    let t = 0
    const engine = createFakeAudioEngine({ inputLevel: (now) => now / 1000, now: () => t })
    expect(engine.getInputLevel()).toBe(0)
    await engine.join(rtc)
    t = 250
    expect(engine.getInputLevel()).toBe(0.25)
    t = 5000
    expect(engine.getInputLevel()).toBe(1) // clamped
    await engine.setMuted(true)
    expect(engine.getInputLevel()).toBe(0)
  })

  it('fails joins on demand with a typed error', async () => {
    const engine = createFakeAudioEngine({ failJoinWith: 'permission_denied' })
    await expect(engine.join(rtc)).rejects.toMatchObject({ code: 'permission_denied' })
    expect(engine.state).toBe('failed')
    engine.setFailJoinWith(undefined)
    await engine.join(rtc)
    expect(engine.state).toBe('connected')
  })

  it('refuses an unknown microphone and a second join', async () => {
    const engine = createFakeAudioEngine()
    await expect(engine.setMicrophone('nope')).rejects.toMatchObject({ code: 'no_device' })
    await engine.setMicrophone('fake-headset')
    expect(engine.microphoneId).toBe('fake-headset')
    await engine.join(rtc)
    await expect(engine.join(rtc)).rejects.toThrow(/Already in a call/)
  })

  it('simulates token expiry: listeners renew through the event', async () => {
    const engine = createFakeAudioEngine()
    engine.on('token-will-expire', (e) => void e.renew('fresh'))
    await engine.join(rtc)
    engine.simulateTokenWillExpire()
    expect(engine.renewedTokens).toEqual(['fresh'])
  })
})
