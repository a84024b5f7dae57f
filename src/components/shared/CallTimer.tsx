'use client'
import type { HTMLAttributes } from 'react'
import { formatDuration } from './format'
import { cx } from './cx'
import { useElapsed } from './useCountdown'

export interface CallTimerProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** When the call was answered (ms since epoch, on the `now` clock); the timer shows 0:00 until set. */
  since: number | undefined
  /** Accessible name of the timer. @default 'Call duration' */
  label?: string
  /** Clock. @default Date.now */
  now?: () => number
}

/**
 * The connected time of a call, `m:ss` (or `h:mm:ss`), ticking once a second from `since`.
 * A `role="timer"` element (not announced on every tick).
 *
 * @example
 * <CallTimer since={dialer.state.connectedAt} />
 */
export function CallTimer(props: CallTimerProps) {
  const { since, label = 'Call duration', now = Date.now, className, ...rest } = props
  const seconds = useElapsed(since, now)
  return (
    <span role="timer" aria-label={label} {...rest} className={cx('lk-CallTimer', className)}>
      {formatDuration(seconds)}
    </span>
  )
}
