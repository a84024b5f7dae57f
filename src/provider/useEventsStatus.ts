'use client'
import { useCallback, useSyncExternalStore } from 'react'
import type { LinekitEventSourceStatus } from '../events/LinekitEventSource'
import { useLinekit } from './useLinekit'

/**
 * The live events' connection state (`undefined` without an events source): `reconnecting` while
 * the stream is down, so a screen can say that what it shows may be behind.
 *
 * @example
 * const status = useEventsStatus()
 * if (status === 'reconnecting') return <p role="status">Reconnecting…</p>
 */
export function useEventsStatus(): LinekitEventSourceStatus | undefined {
  const { events } = useLinekit()
  const subscribe = useCallback((listener: () => void) => (events ? events.onStatus(listener) : () => {}), [events])
  const read = () => events?.status
  return useSyncExternalStore(subscribe, read, read)
}
