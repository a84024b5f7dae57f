'use client'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ThreadRow } from './groupByDay'
import type { ThreadItem } from '../../shared/types'
import { useVirtualList } from '../../shared/useVirtualList'

/** What {@link useMessageListScroll} needs of `<MessageList>`'s props. */
interface MessageListScrollOptions {
  items: readonly ThreadItem[]
  rows: ThreadRow[]
  status: 'pending' | 'error' | 'success'
  hasOlder: boolean
  isFetchingOlder: boolean
  onLoadOlder: (() => void) | undefined
  estimateSize: number
  overscan: number
  pinThreshold: number
  highlightKey: string | null
  firstUnreadKey: string | null
  onSeenLatest: (() => void) | undefined
  /** The sentence announcing a new inbound message. */
  announceInbound: (text: string) => string
  /** Announced for an inbound message without text. */
  newMessage: string
}

/**
 * Where `<MessageList>`'s view stands and how it moves: the virtualizer, following the newest
 * message while pinned (appends, the user's own sends, rows measured, the viewport resized),
 * staying put once the user scrolls up (counting unseen messages), loading older pages near the
 * top, showing a highlighted message, the "New" divider's jump, and reporting when the newest
 * message is seen.
 */
export function useMessageListScroll(o: MessageListScrollOptions) {
  const { items, rows, status, hasOlder, isFetchingOlder, onLoadOlder, pinThreshold, announceInbound, newMessage } = o
  const { highlightKey, firstUnreadKey, onSeenLatest } = o
  const viewport = useRef<HTMLDivElement>(null)
  const [pinned, setPinned] = useState(true)
  const pinnedRef = useRef(true)
  const [unseen, setUnseen] = useState(0)
  const [announcement, setAnnouncement] = useState('')

  const virtualizer = useVirtualList({
    count: rows.length,
    getScrollElement: () => viewport.current,
    estimateSize: (i) => (rows[i]?.kind === 'day' ? 32 : o.estimateSize),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: o.overscan,
    // Chat anchoring while scrolled up: keep the visible row in place when older rows are
    // prepended. While pinned the end is what stays in place (the effects below).
    anchor: !pinned,
    startAtEnd: true,
  })

  const setPinnedBoth = useCallback((value: boolean) => {
    pinnedRef.current = value
    setPinned(value)
    if (value) setUnseen(0)
  }, [])

  // Start at the newest message once the first rows exist.
  const started = useRef(false)
  useLayoutEffect(() => {
    if (started.current || rows.length === 0) return
    started.current = true
    virtualizer.scrollToEnd()
  }, [rows.length, virtualizer])

  // Appends: count unseen ones while scrolled up, jump down for the user's own sends,
  // and announce the newest inbound message.
  const lastKey = rows[rows.length - 1]?.key
  const prevItems = useRef<readonly ThreadItem[]>(items)
  useEffect(() => {
    const before = prevItems.current
    prevItems.current = items
    if (before === items || items.length === 0) return
    const prevLast = before[before.length - 1]?.key
    const idx = prevLast === undefined ? -1 : items.findIndex((it) => it.key === prevLast)
    if (prevLast !== undefined && idx === -1) return // replaced wholesale (e.g. another thread)
    const appended = items.slice(idx + 1)
    if (appended.length === 0) return
    if (before.length === 0) return // first load is not "new"
    const own = appended.some((it) => it.kind === 'optimistic')
    const inbound = appended.filter((it) => it.kind === 'message' && it.message.direction === 'inbound')
    const newestInbound = inbound[inbound.length - 1]
    if (newestInbound?.kind === 'message') {
      setAnnouncement(announceInbound(newestInbound.message.content || newMessage))
    }
    if (own) {
      setPinnedBoth(true)
      virtualizer.scrollToEnd()
    } else if (!pinnedRef.current) {
      setUnseen((n) => n + appended.length)
    }
  }, [items, lastKey, announceInbound, newMessage, setPinnedBoth, virtualizer])

  // The viewport can shrink or grow (the composer below it changes height, the window resizes):
  // stay on the newest message while pinned.
  const hasViewport = status !== 'pending' && items.length > 0
  /** Where the view was last put or seen: `onScroll` and `followEnd` compare against it. */
  const lastTop = useRef(0)
  /**
   * While pinned, go back to the end, unless the view moved up since we last put it there: that
   * is the user scrolling, and the scroll event (dispatched at the next frame) has not come yet.
   * A view that only moved up because the content shrank under it is still at the end.
   */
  const followEnd = useCallback(
    (el: HTMLElement) => {
      if (!pinnedRef.current) return
      const distance = el.scrollHeight - el.scrollTop - el.clientHeight
      if (el.scrollTop < lastTop.current - 1 && distance > pinThreshold) setPinnedBoth(false)
      else el.scrollTop = el.scrollHeight
    },
    [pinThreshold, setPinnedBoth],
  )
  useEffect(() => {
    const el = viewport.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      followEnd(el)
      lastTop.current = el.scrollTop
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [hasViewport, followEnd])

  // While pinned, stay at the end as rows are measured and the total height changes. Also
  // remember where we put the view: scroll events for programmatic moves may arrive late or
  // coalesced, and `onScroll` compares against this to tell a user scrolling up.
  const totalSize = virtualizer.getTotalSize()
  useLayoutEffect(() => {
    const el = viewport.current
    if (!el) return
    if (started.current) followEnd(el)
    lastTop.current = el.scrollTop
  }, [totalSize, followEnd])

  const [viewTop, setViewTop] = useState(0)
  const onScroll = () => {
    const el = viewport.current
    if (!el) return
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight
    const movedUp = el.scrollTop < lastTop.current - 1
    lastTop.current = el.scrollTop
    setViewTop(el.scrollTop)
    // Unpin only when the user moved up: content growing below (measurement, a taller composer)
    // also increases the distance but must not unpin.
    if (distance <= pinThreshold) {
      if (!pinnedRef.current) setPinnedBoth(true)
    } else if (movedUp && pinnedRef.current) setPinnedBoth(false)
    if (el.scrollTop < 200 && hasOlder && !isFetchingOlder && onLoadOlder && started.current) onLoadOlder()
  }

  // A message to show (a search result): scroll to it once it is loaded, loading older pages
  // until it is; the view then stays there (unpinned) until the user moves.
  const highlightIndex =
    highlightKey === null ? -1 : rows.findIndex((r) => r.kind === 'item' && r.item.key === highlightKey)
  const shownKey = useRef<string | null>(null)
  useLayoutEffect(() => {
    if (highlightKey === null || shownKey.current === highlightKey || status === 'pending') return
    if (highlightIndex >= 0) {
      if (!viewport.current) return
      shownKey.current = highlightKey
      setPinnedBoth(false)
      virtualizer.scrollToIndex(highlightIndex)
      lastTop.current = viewport.current.scrollTop
      // A message near the end (a short thread) leaves the newest on screen: no scroll follows to
      // say so, and "Jump to latest" would offer what is already in view.
      const el = viewport.current
      requestAnimationFrame(() => {
        if (el.scrollHeight - el.scrollTop - el.clientHeight <= pinThreshold) setPinnedBoth(true)
      })
    } else if (hasOlder && !isFetchingOlder) onLoadOlder?.()
  }, [
    highlightKey,
    highlightIndex,
    status,
    hasOlder,
    isFetchingOlder,
    onLoadOlder,
    setPinnedBoth,
    virtualizer,
    pinThreshold,
  ])

  // Seen: the newest message is in view (pinned) on a page the user is looking at.
  useEffect(() => {
    if (!pinned || !onSeenLatest) return
    const el = viewport.current
    // Seen only on a visible page AND a rendered pane: a pane hidden by its layout (a narrow inbox
    // shows the thread list alone) has shown nothing. It counts once it is shown (its size changes).
    const shown = () => !el?.checkVisibility || el.checkVisibility()
    const seen = () => document.visibilityState === 'visible' && shown() && onSeenLatest()
    seen()
    document.addEventListener('visibilitychange', seen)
    const resized = el && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(seen) : undefined
    if (el) resized?.observe(el)
    return () => {
      document.removeEventListener('visibilitychange', seen)
      resized?.disconnect()
    }
  }, [pinned, onSeenLatest])

  // "Jump to first unread" while the divider is above the view.
  const unreadIndex =
    firstUnreadKey === null ? -1 : rows.findIndex((r) => r.kind === 'item' && r.item.key === firstUnreadKey)
  const dividerAbove = unreadIndex >= 0 && (virtualizer.startOf(unreadIndex) ?? 0) < viewTop - 1
  const jumpToFirstUnread = () => {
    const el = viewport.current
    if (!el || unreadIndex < 0) return
    setPinnedBoth(false)
    virtualizer.scrollToIndex(unreadIndex)
    el.focus()
  }

  const jumpToLatest = () => {
    setPinnedBoth(true)
    virtualizer.scrollToEnd()
  }

  return {
    viewport,
    virtualizer,
    pinned,
    unseen,
    announcement,
    onScroll,
    highlightIndex,
    dividerAbove,
    jumpToFirstUnread,
    jumpToLatest,
  }
}
