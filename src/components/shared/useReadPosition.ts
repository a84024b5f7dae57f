'use client'
import { useCallback, useMemo, useState } from 'react'
import { marksBeforeOpen, readMarks } from '../../hooks/internal/readMarks'
import { cmp } from '../../hooks/internal/reconcile'
import type { ThreadItem } from './types'

/**
 * Read state of one thread (`thread`: the other party's number as the list keys it, or a group's
 * chat id), kept with the conversation list's read marks (`<lineId>|<thread>`, in this browser).
 * Unread is as the list counts it: inbound messages after the later of the read mark and the
 * agent's last reply. `firstUnreadKey` is the first such message among those shown when the
 * thread opened, against the marks as they were then (so the "New" divider stays where the agent
 * stopped while they read on); `markSeen` marks the whole thread read.
 */
export function useReadPosition(items: readonly ThreadItem[], thread: string) {
  const [openMarks] = useState(() => ({ ...readMarks.snapshot(), ...Object.fromEntries(marksBeforeOpen) }))
  const messages = useMemo(
    () => items.flatMap((it) => (it.kind === 'message' ? [{ key: it.key, m: it.message }] : [])),
    [items],
  )
  // Only what had arrived when the thread was first shown can be "new since you left".
  const [shownUntil, setShownUntil] = useState<string | null>(null)
  const newest = messages.at(-1)?.m.created_at
  if (shownUntil === null && newest) setShownUntil(newest)

  const firstUnreadKey = useMemo(() => {
    const since: Record<string, string | undefined> = {}
    let first: string | null = null
    for (const { key, m } of messages) {
      if (shownUntil === null || cmp(m.created_at, shownUntil) > 0) break
      const line = `${m.line_id}|${thread}`
      const mark = line in since ? since[line] : openMarks[line]
      const after = !mark || cmp(m.created_at, mark) > 0
      // A reply reads everything before it.
      if (m.direction === 'outbound') {
        if (after) since[line] = m.created_at
        first = null
      } else {
        since[line] = mark
        if (after) first ??= key
      }
    }
    return first
  }, [messages, thread, openMarks, shownUntil])

  const markSeen = useCallback(() => {
    const done = new Set<string>()
    // Newest first: one write per line, of its newest message.
    for (const { m } of [...messages].reverse()) {
      const line = `${m.line_id}|${thread}`
      if (done.has(line)) continue
      done.add(line)
      const current = readMarks.get(line)
      if (!current || cmp(m.created_at, current) > 0) readMarks.set(line, m.created_at)
      marksBeforeOpen.delete(line)
    }
  }, [messages, thread])

  return { firstUnreadKey, markSeen }
}
