'use client'
import { useCallback, useSyncExternalStore } from 'react'

/** Whole seconds from now until `until` (epoch ms), at least 0. */
const secondsLeft = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000))

/**
 * Whole seconds left until `until` (epoch ms), counting down as each second passes; undefined
 * without a deadline. It re-renders only when the number shown changes.
 */
export function useSecondsUntil(until: number | undefined): number | undefined {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (until === undefined) return () => {}
      let timer: ReturnType<typeof setTimeout> | undefined
      const arm = () => {
        const left = until - Date.now()
        if (left <= 0) return
        // Wake when the whole-second figure changes, not on a free-running interval.
        timer = setTimeout(
          () => {
            listener()
            arm()
          },
          left % 1000 || 1000,
        )
      }
      arm()
      return () => clearTimeout(timer)
    },
    [until],
  )
  return useSyncExternalStore(
    subscribe,
    () => (until === undefined ? undefined : secondsLeft(until)),
    () => undefined,
  )
}
