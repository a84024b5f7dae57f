'use client'
/** What the audio parts (MuteButton, MicrophonePicker, MicrophoneLevel, AudioControls) share. */
import { useCallback, useSyncExternalStore } from 'react'
import type { AudioEngine } from '../../../rtc'
import { useLinekit } from '../../../provider/useLinekit'

/** Default, overridable texts of the audio controls (i18n). */
export const audioControlsStrings = {
  label: 'Call audio',
  mute: 'Mute',
  unmute: 'Unmute',
  microphone: 'Microphone',
  microphoneDefault: 'System default',
  level: 'Microphone level',
}
/** Texts of {@link AudioControls}, {@link MuteButton}, {@link MicrophonePicker} and {@link MicrophoneLevel}. */
export type AudioControlsStrings = typeof audioControlsStrings

/** The audio controls' texts out of a calling component's strings (the group label stays the controls' own). */
export function audioStringsOf(t: Omit<AudioControlsStrings, 'label'>): Omit<AudioControlsStrings, 'label'> {
  return {
    mute: t.mute,
    unmute: t.unmute,
    microphone: t.microphone,
    microphoneDefault: t.microphoneDefault,
    level: t.level,
  }
}

/** The engine given, else the provider's. */
export function useEngine(engine: AudioEngine | undefined): AudioEngine | undefined {
  const ctx = useLinekit()
  return engine ?? ctx.audioEngine
}

/**
 * The engine's mute state, kept in sync with its `mute` event, and a toggle.
 *
 * @example
 * const { muted, toggle } = useMuted(engine)
 */
export function useMuted(engineProp?: AudioEngine) {
  const engine = useEngine(engineProp)
  const subscribe = useCallback((onChange: () => void) => (engine ? engine.on('mute', onChange) : () => {}), [engine])
  const read = () => engine?.muted ?? false
  const muted = useSyncExternalStore(subscribe, read, read)
  return { muted, toggle: () => void engine?.setMuted(!muted), engine }
}
