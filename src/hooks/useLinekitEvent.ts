'use client'
import { useEffect, useRef } from 'react'
import { useLinekit } from '../provider/useLinekit'
import type { LinekitEvent, LinekitEventOf, LinekitEventType } from '../events/LinekitEventSource'

/**
 * Run `handler` for each live event of `type` (or every event with `'*'`). The latest handler
 * is always used; no resubscription when it changes.
 *
 * @example
 * useLinekitEvent('message', (e) => toast(`New message from ${e.data.destination}`))
 */
export function useLinekitEvent<T extends LinekitEventType>(type: T, handler: (event: LinekitEventOf<T>) => void): void
export function useLinekitEvent(type: '*', handler: (event: LinekitEvent) => void): void
export function useLinekitEvent(type: LinekitEventType | '*', handler: (event: LinekitEvent) => void): void {
  const { events } = useLinekit()
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => {
    if (!events) return
    return events.subscribe((event) => {
      if (type === '*' || event.type === type) latest.current(event)
    })
  }, [events, type])
}
