'use client'
import { useCallback, useMemo, useState } from 'react'
import { marksBeforeOpen, readMarks } from '../../hooks/internal/readMarks'
import { cmp } from '../../hooks/internal/reconcile'
import type { ThreadItem } from './types'

/** What a thread view needs to show the agent where they stopped, and to record what they saw. */
export interface ReadPosition {
  /** Key of the first message the agent had not seen when the thread opened (the "New" divider), or null. */
  firstUnreadKey: string | null
  /** Marks every message of the thread as read: call it while the newest message is in view. */
  markSeen: () => void
}

/**
 * Read state of one thread (`thread`: the other party's number as the list keys it, or a group's
 * chat id), kept with the conversation list's read marks (`<lineId>|<thread>`, in this browser).
 * Unread is as the list counts it: inbound messages after the later of the read mark and the
 * agent's last reply. The marks are taken as they were when the thread opened, so the divider
 * stays where the agent stopped while they read on.
 */
export function useReadPosition(items: readonly ThreadItem[], thread: string): ReadPosition {
  const [openMarks] = useState(() => ({ ...readMarks.snapshot(), ...Object.fromEntries(marksBeforeOpen) }))
  // Only what had arrived when the thread was first shown can be "new since you left".
  const [shownUntil, setShownUntil] = useState<string | null>(null)
  const newest = newestMessage(items)
  if (shownUntil === null && newest) setShownUntil(newest.created_at)

  const firstUnreadKey = useMemo(() => {
    if (shownUntil === null) return null
    const since = new Map<string, string | undefined>()
    for (const it of items) {
      if (it.kind !== 'message') continue
      const m = it.message
      if (cmp(m.created_at, shownUntil) > 0) break
      const key = `${m.line_id}|${thread}`
      if (!since.has(key)) since.set(key, openMarks[key])
      const mark = since.get(key)
      if (m.direction === 'outbound') {
        if (!mark || cmp(m.created_at, mark) > 0) since.set(key, m.created_at)
      }
    }
    for (const it of items) {
      if (it.kind !== 'message' || it.message.direction !== 'inbound') continue
      const m = it.message
      if (cmp(m.created_at, shownUntil) > 0) break
      const mark = since.get(`${m.line_id}|${thread}`)
      if (!mark || cmp(m.created_at, mark) > 0) return it.key
    }
    return null
  }, [items, thread, openMarks, shownUntil])

  const markSeen = useCallback(() => {
    const latest = new Map<string, string>()
    for (const it of items)
      if (it.kind === 'message') latest.set(`${it.message.line_id}|${thread}`, it.message.created_at)
    for (const [key, at] of latest) {
      const current = readMarks.get(key)
      if (!current || cmp(at, current) > 0) readMarks.set(key, at)
      marksBeforeOpen.delete(key)
    }
  }, [items, thread])

  return { firstUnreadKey, markSeen }
}

function newestMessage(items: readonly ThreadItem[]) {
  for (let i = items.length - 1; i >= 0; i -= 1) {
    const it = items[i]!
    if (it.kind === 'message') return it.message
  }
  return undefined
}
