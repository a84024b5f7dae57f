'use client'
import type { ButtonHTMLAttributes } from 'react'
import type { AudioEngine } from '../../../rtc'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { audioControlsStrings, useMuted, type AudioControlsStrings } from './audioEngineParts'

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
  const texts = mergeStrings(audioControlsStrings, strings)
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
      {muted ? texts.unmute : texts.mute}
    </button>
  )
}
