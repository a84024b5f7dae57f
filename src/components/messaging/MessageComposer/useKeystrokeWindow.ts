'use client'
import { useEffect, useState } from 'react'

/**
 * The time of the last keystroke, back to 0 once `timeoutMs` passed without another: typing is a
 * keystroke within the window, not a draft left sitting in the box.
 */
export function useKeystrokeWindow(timeoutMs: number) {
  const [typedAt, setTypedAt] = useState(0)
  useEffect(() => {
    if (typedAt === 0) return
    const timer = setTimeout(() => setTypedAt(0), timeoutMs)
    return () => clearTimeout(timer)
  }, [typedAt, timeoutMs])
  return [typedAt, setTypedAt] as const
}
