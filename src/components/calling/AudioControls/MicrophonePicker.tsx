'use client'
import { useEffect, useId, useState, type HTMLAttributes } from 'react'
import type { AudioEngine, MicrophoneInfo } from '../../../rtc'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { audioControlsStrings, useEngine, type AudioControlsStrings } from './audioEngineParts'

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
  const texts = mergeStrings(audioControlsStrings, strings)
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
      <label htmlFor={id}>{texts.microphone}</label>
      <select
        id={id}
        value={mic}
        onChange={(e) => {
          setMic(e.target.value)
          if (e.target.value) void engine.setMicrophone(e.target.value).catch(() => setMic(engine.microphoneId ?? ''))
        }}
      >
        <option value="">{texts.microphoneDefault}</option>
        {mics.map((m) => (
          <option key={m.deviceId} value={m.deviceId}>
            {m.label}
          </option>
        ))}
      </select>
    </div>
  )
}
