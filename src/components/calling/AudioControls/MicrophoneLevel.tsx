'use client'
import { useEffect, useState, type HTMLAttributes } from 'react'
import type { AudioEngine } from '../../../rtc'
import { cx } from '../../shared/cx'
import { audioControlsStrings, useEngine } from './audioEngineParts'

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
