/**
 * The real `agora-rtc-sdk-ng`, loaded from the package by the engine's own dynamic import, in
 * Chromium with a fake microphone (`--use-fake-device-for-media-stream`) and no route to Agora's
 * network: the SDK retries a join forever, so the engine must give up on its own, with a typed
 * error, and without the SDK filling the console.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AudioEngineError } from './AudioEngine'
import { agoraAudioEngine } from './agoraAudioEngine'

// Well-formed but unusable credentials: the join can only fail by not reaching the network.
const rtc = {
  appId: '6c1f0e3a9b7d4e2fa5c8b0d1e9f7a3c2',
  channelName: 'lk_offline_test',
  token: '006offline',
  uid: 4242,
}

afterEach(() => vi.restoreAllMocks())

describe('agoraAudioEngine with the real SDK and no network', () => {
  it('gives up on the join by itself (joinTimeoutMs) with AudioEngineError network, ends failed, and keeps the console quiet', async () => {
    const lines: unknown[][] = []
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args))
    const engine = agoraAudioEngine({ joinTimeoutMs: 3000 })
    const states: string[] = []
    engine.on('state', (s) => states.push(s))
    // Without the limit the join never settles and this test runs into its own timeout. How long
    // the limit is is checked with fake timers (agoraAudioEngine.test.ts), not here: loading the
    // SDK chunk on a busy machine takes as long as it takes.
    const error = await engine.join(rtc).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(AudioEngineError)
    expect((error as AudioEngineError).code).toBe('network')
    expect(engine.state).toBe('failed')
    expect(states).toEqual(['connecting', 'failed'])
    // Give the SDK's retry timers a moment: nothing it does after giving up may reach the console either.
    await new Promise((r) => setTimeout(r, 1000))
    expect(
      lines.filter((args) => String(args[0]).includes('Agora')).map((a) => a.map(String).join(' ').slice(0, 200)),
    ).toEqual([])
    await engine.leave()
  })
})
