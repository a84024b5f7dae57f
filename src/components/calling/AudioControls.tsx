'use client'
import {
  useCallback,
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
  type ButtonHTMLAttributes,
  type HTMLAttributes,
} from 'react'
import type { AudioEngine, MicrophoneInfo } from '../../rtc'
import { useLinekit } from '../../provider/useLinekit'
import { cx } from '../internal/cx'
import { mergeStrings, type StringOverrides } from '../internal/mergeStrings'

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

/** The engine given, else the provider's. */
function useEngine(engine: AudioEngine | undefined): AudioEngine | undefined {
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

export interface MuteButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Audio engine; beats the provider's. @default useLinekit().audioEngine */
  engine?: AudioEngine
  /** Text overrides (i18n). @default audioControlsStrings */
  strings?: StringOverrides<Pick<AudioControlsStrings, 'mute' | 'unmute'>>
}

/**
 * Mutes or unmutes the microphone. Its label says what a press does ("Mute", or "Unmute" while
 * muted), so it is not also a pressed toggle (a changing label plus `aria-pressed` would contradict).
 *
 * Data attributes: `data-muted` while muted.
 *
 * @example
 * <MuteButton />
 */
export function MuteButton(props: MuteButtonProps) {
  const { engine: engineProp, strings, className, onClick, ...rest } = props
  const t = mergeStrings(audioControlsStrings, strings)
  const { muted, toggle, engine } = useMuted(engineProp)
  return (
    <button
      type="button"
      data-muted={muted ? '' : undefined}
      disabled={!engine}
      {...rest}
      className={cx('lk-MuteButton', className)}
      onClick={(e) => {
        onClick?.(e)
        if (!e.defaultPrevented) toggle()
      }}
    >
      {muted ? t.unmute : t.mute}
    </button>
  )
}

export interface MicrophonePickerProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Audio engine; beats the provider's. @default useLinekit().audioEngine */
  engine?: AudioEngine
  /** Text overrides (i18n). @default audioControlsStrings */
  strings?: StringOverrides<Pick<AudioControlsStrings, 'microphone' | 'microphoneDefault'>>
}

/**
 * A labelled select of the browser's microphones; a choice applies at once when connected.
 *
 * @example
 * <MicrophonePicker />
 */
export function MicrophonePicker(props: MicrophonePickerProps) {
  const { engine: engineProp, strings, className, ...rest } = props
  const t = mergeStrings(audioControlsStrings, strings)
  const engine = useEngine(engineProp)
  const id = useId()
  const [mics, setMics] = useState<MicrophoneInfo[]>([])
  const [mic, setMic] = useState<string>(engine?.microphoneId ?? '')
  useEffect(() => {
    let cancelled = false
    engine
      ?.listMicrophones()
      .then((list) => !cancelled && setMics(list))
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [engine])
  if (!engine) return null
  return (
    <div {...rest} className={cx('lk-MicrophonePicker', className)}>
      <label htmlFor={id}>{t.microphone}</label>
      <select
        id={id}
        value={mic}
        onChange={(e) => {
          setMic(e.target.value)
          if (e.target.value) void engine.setMicrophone(e.target.value).catch(() => setMic(engine.microphoneId ?? ''))
        }}
      >
        <option value="">{t.microphoneDefault}</option>
        {mics.map((m) => (
          <option key={m.deviceId} value={m.deviceId}>
            {m.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export interface MicrophoneLevelProps extends Omit<HTMLAttributes<HTMLMeterElement>, 'children'> {
  /** Audio engine; beats the provider's. @default useLinekit().audioEngine */
  engine?: AudioEngine
  /** Accessible name. @default audioControlsStrings.level */
  label?: string
  /** How often the level is read, in ms. @default 100 */
  intervalMs?: number
}

/**
 * The microphone's input level, 0–1, as a `<meter>` (0 while muted or not connected).
 * Theme: `--lk-dialer-level` is set to the level for custom bars.
 *
 * @example
 * <MicrophoneLevel />
 */
export function MicrophoneLevel(props: MicrophoneLevelProps) {
  const { engine: engineProp, label = audioControlsStrings.level, intervalMs = 100, className, ...rest } = props
  const engine = useEngine(engineProp)
  const [level, setLevel] = useState(0)
  useEffect(() => {
    if (!engine) return
    const timer = setInterval(() => setLevel(engine.getInputLevel()), intervalMs)
    return () => clearInterval(timer)
  }, [engine, intervalMs])
  return (
    <meter
      min={0}
      max={1}
      value={level}
      aria-label={label}
      {...rest}
      className={cx('lk-MicrophoneLevel', className)}
      style={{ ['--lk-dialer-level' as string]: String(level), ...rest.style }}
    />
  )
}

export interface AudioControlsProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Audio engine; beats the provider's. @default useLinekit().audioEngine */
  engine?: AudioEngine
  /** Text overrides (i18n). @default audioControlsStrings */
  strings?: StringOverrides<AudioControlsStrings>
}

/**
 * Mute, microphone choice and level for a joined call: the parts {@link MuteButton},
 * {@link MicrophonePicker} and {@link MicrophoneLevel} in a labelled group.
 *
 * @example
 * {dialer.state.audio === 'joined' ? <AudioControls /> : null}
 */
export function AudioControls(props: AudioControlsProps) {
  const { engine: engineProp, strings, className, ...rest } = props
  const t = mergeStrings(audioControlsStrings, strings)
  const engine = useEngine(engineProp)
  if (!engine) return null
  return (
    <div role="group" aria-label={t.label} {...rest} className={cx('lk-AudioControls', className)}>
      <MuteButton engine={engine} strings={t} />
      <MicrophonePicker engine={engine} strings={t} />
      <MicrophoneLevel engine={engine} label={t.level} />
    </div>
  )
}
