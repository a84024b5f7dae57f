'use client'
import { useEffect, useState } from 'react'

/**
 * The time of the last keystroke, back to 0 once `timeoutMs` passed without another: typing is a
 * keystroke within the window, not a draft left sitting in the box. Returns it, its setter, and a
 * function that notes a keystroke now (for the text box's change handler).
 */
export function useKeystrokeWindow(timeoutMs: number) {
  const [typedAt, setTypedAt] = useState(0)
  useEffect(() => {
    if (typedAt === 0) return
    const timer = setTimeout(() => setTypedAt(0), timeoutMs)
    return () => clearTimeout(timer)
  }, [typedAt, timeoutMs])
  return [typedAt, setTypedAt, () => setTypedAt(Date.now())] as const
}
