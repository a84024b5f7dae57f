'use client'
import { useCallback, useSyncExternalStore } from 'react'
import { useLinekit } from './useLinekit'

/** What {@link useRateLimit} returns. */
export interface RateLimitState {
  /** True while this page's requests wait out a 429 ("Too many requests"). */
  limited: boolean
  /** Whole seconds until requests go out again (0 when not limited); counts down every second. */
  retryInSeconds: number
}

/**
 * Whether this page is waiting out a 429 — linekit/server's budget gate is full (every user of
 * the app shares one API key: spec: Limits — 60 requests/minute) or the service said
 * `Retry-After` — and for how long, so a component can say "Too many requests — retrying in 12 s"
 * instead of "Loading…". The requests themselves wait and retry on their own.
 *
 * @example
 * const { limited, retryInSeconds } = useRateLimit()
 * if (limited) return <p role="status">Too many requests — retrying in {retryInSeconds} s</p>
 */
export function useRateLimit(): RateLimitState {
  const { rateLimit } = useLinekit()
  const subscribe = useCallback(
    (listener: () => void) => {
      // A one-second tick only while the gate is blocked.
      let timer: ReturnType<typeof setInterval> | undefined
      const arm = () => {
        if (timer !== undefined || rateLimit.blockedUntil <= rateLimit.now()) return
        timer = setInterval(() => {
          listener()
          if (rateLimit.blockedUntil <= rateLimit.now()) {
            clearInterval(timer)
            timer = undefined
          }
        }, 1000)
      }
      const off = rateLimit.subscribe(() => {
        listener()
        arm()
      })
      arm()
      return () => {
        off()
        clearInterval(timer)
      }
    },
    [rateLimit],
  )
  const retryInSeconds = useSyncExternalStore(
    subscribe,
    () => Math.max(0, Math.ceil((rateLimit.blockedUntil - rateLimit.now()) / 1000)),
    () => 0,
  )
  return { limited: retryInSeconds > 0, retryInSeconds }
}
