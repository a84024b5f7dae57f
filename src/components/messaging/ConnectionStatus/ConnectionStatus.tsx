'use client'
import type { HTMLAttributes } from 'react'
import { useEventsStatus } from '../../../provider/useEventsStatus'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'

/** Default, overridable strings (i18n). */
export const connectionStatusStrings = {
  /** The live stream is down: new messages and calls show once it is back (sends wait for it). */
  reconnecting: 'Connection lost — reconnecting. New messages will show when it is back.',
}
export type ConnectionStatusStrings = typeof connectionStatusStrings

/**
 * Props of {@link ConnectionStatus}.
 *
 * State attribute on the root: `data-status` — the events source's status (`open`, `reconnecting`, …).
 */
export interface ConnectionStatusProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** String overrides. @default connectionStatusStrings */
  strings?: StringOverrides<ConnectionStatusStrings>
}

/**
 * One quiet line while the live events are disconnected (not a toast per failed attempt): the
 * screen may be behind until it is back. A polite live region that is always in the page, so the
 * sentence is announced when it appears; empty while connected.
 *
 * @example
 * <ConnectionStatus />
 */
export function ConnectionStatus({ strings, className, ...props }: ConnectionStatusProps) {
  const texts = mergeStrings(connectionStatusStrings, strings)
  const status = useEventsStatus()
  return (
    <div {...props} role="status" className={cx('lk-ConnectionStatus', className)} data-status={status}>
      {status === 'reconnecting' ? <p className="lk-Notice lk-ConnectionStatus-text">{texts.reconnecting}</p> : null}
    </div>
  )
}
