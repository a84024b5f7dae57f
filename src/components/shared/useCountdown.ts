import { useEffect, useState } from 'react'

/**
 * Seconds left from `seconds`, ticking once a second; restarts when `key` changes.
 * Returns 0 when `seconds` is undefined. Used for `Retry-After` countdowns.
 */
export function useCountdown(seconds: number | undefined, key: unknown): number {
  const [left, setLeft] = useState(seconds ?? 0)
  const [prevKey, setPrevKey] = useState(key)
  if (prevKey !== key) {
    setPrevKey(key)
    setLeft(seconds ?? 0)
  }
  useEffect(() => {
    if (!seconds) return
    const id = setInterval(() => setLeft((l) => (l <= 1 ? (clearInterval(id), 0) : l - 1)), 1000)
    return () => clearInterval(id)
  }, [seconds, key])
  return left
}

/** Whole seconds since `sinceMs` (a timestamp), ticking once a second while defined. */
export function useElapsed(sinceMs: number | undefined, now: () => number = Date.now): number {
  const [tick, setTick] = useState(0)
  useEffect(() => {
    if (sinceMs === undefined) return
    const id = setInterval(() => setTick((t) => t + 1), 1000)
    return () => clearInterval(id)
  }, [sinceMs])
  void tick
  return sinceMs === undefined ? 0 : Math.max(0, Math.floor((now() - sinceMs) / 1000))
}
