'use client'
import type { HTMLAttributes } from 'react'
import type { AudioEngine } from '../../../rtc'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { audioControlsStrings, useEngine, type AudioControlsStrings } from './audioEngineParts'
import { MuteButton } from './MuteButton'
import { MicrophonePicker } from './MicrophonePicker'
import { MicrophoneLevel } from './MicrophoneLevel'

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
  const texts = mergeStrings(audioControlsStrings, strings)
  const engine = useEngine(engineProp)
  if (!engine) return null
  return (
    <div role="group" aria-label={texts.label} {...rest} className={cx('lk-AudioControls', className)}>
      <MuteButton engine={engine} strings={texts} />
      <MicrophonePicker engine={engine} strings={texts} />
      <MicrophoneLevel engine={engine} label={texts.level} />
    </div>
  )
}
