'use client'
import { useEffect, useState, useSyncExternalStore } from 'react'
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
  const blockedUntil = useSyncExternalStore(
    (listener) => rateLimit.subscribe(listener),
    () => rateLimit.blockedUntil,
    () => 0,
  )
  const [now, setNow] = useState(() => rateLimit.now())
  const remainingMs = blockedUntil - now
  useEffect(() => {
    setNow(rateLimit.now())
    if (blockedUntil <= rateLimit.now()) return
    const timer = setInterval(() => {
      const at = rateLimit.now()
      setNow(at)
      if (at >= blockedUntil) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [blockedUntil, rateLimit])
  const retryInSeconds = remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0
  return { limited: retryInSeconds > 0, retryInSeconds }
}
