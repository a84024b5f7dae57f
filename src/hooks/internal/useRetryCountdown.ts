'use client'
import { useEffect, useState } from 'react'
import { LinekitError } from '../../api/errors'

/**
 * While `failure` is a 429, the seconds left before the query's next attempt (its `Retry-After`,
 * which the retry policy waits), counting down; otherwise null.
 */
export function useRetryCountdown(failure: unknown): number | null {
  const wait =
    LinekitError.is(failure) && failure.status === 429 ? Math.max(1, Math.ceil(failure.retryAfterSeconds ?? 60)) : null
  const [left, setLeft] = useState<{ for: unknown; until: number; now: number } | null>(null)
  useEffect(() => {
    if (wait === null) return
    const until = Date.now() + wait * 1000
    const tick = () => setLeft({ for: failure, until, now: Date.now() })
    const first = setTimeout(tick, 0)
    const timer = setInterval(tick, 1000)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [wait, failure])
  if (wait === null) return null
  if (!left || left.for !== failure) return wait
  return Math.max(0, Math.ceil((left.until - left.now) / 1000))
}
