'use client'
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import type { ConversationSummary, UseConversationListResult } from '../../../hooks/useConversationList'
import { useVirtualList, type VirtualRow } from '../../shared/useVirtualList'

/**
 * Roving focus over a virtualized listbox (WAI-ARIA APG): the one option in the Tab order is the
 * one last focused, else the selected one, else the first. Arrow keys, Home/End and Page keys
 * move it (scrolling the least needed to show the row whole; it may not be mounted yet, so focus
 * follows once it is); Enter and Space open it. Options carry `data-key`.
 */
function useRovingListbox<T extends { key: string }>({
  options,
  selected,
  viewportRef,
  rowHeight,
  startOf,
  onOpen,
}: {
  options: readonly T[]
  selected: string | null
  viewportRef: RefObject<HTMLElement | null>
  rowHeight: number
  /** The top of a row in the canvas, in px (the virtualizer's). */
  startOf: (index: number) => number | undefined
  onOpen: (option: T) => void
}) {
  const [active, setActive] = useState<string | null>(null)
  const indexOf = (key: string | null) => (key === null ? -1 : options.findIndex((c) => c.key === key))
  const activeIndex = [indexOf(active), indexOf(selected)].find((i) => i >= 0) ?? 0
  const activeKey = options[activeIndex]?.key ?? null
  const focusNext = useRef<string | null>(null)
  useEffect(() => {
    const key = focusNext.current
    if (key === null) return
    const el = viewportRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`)
    if (el) {
      focusNext.current = null
      el.focus()
    }
  })
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const page = Math.max(1, Math.floor((viewportRef.current?.clientHeight ?? rowHeight) / rowHeight) - 1)
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      Home: 0,
      End: options.length - 1,
      PageDown: activeIndex + page,
      PageUp: activeIndex - page,
    }
    const current = options[activeIndex]
    if ((e.key === 'Enter' || e.key === ' ') && current) {
      e.preventDefault()
      return onOpen(current)
    }
    if (!(e.key in moves)) return
    e.preventDefault()
    const next = options[Math.min(options.length - 1, Math.max(0, moves[e.key]!))]
    if (!next) return
    setActive(next.key)
    focusNext.current = next.key
    // Scroll the least needed to show the row whole (it may not be mounted yet).
    const el = viewportRef.current
    const i = indexOf(next.key)
    const top = startOf(i) ?? 0
    const bottom = startOf(i + 1) ?? top
    if (el && top < el.scrollTop) el.scrollTop = top
    else if (el && bottom > el.scrollTop + el.clientHeight) el.scrollTop = bottom - el.clientHeight
  }
  return { activeKey, setActive, onKeyDown }
}

/**
 * The threads of `<ConversationList>` as a view: virtualized (fixed rows of `rowHeight`), loading
 * older threads as the user nears the end of what is loaded, with roving focus over its listbox.
 */
export function useThreadListView({
  list,
  rowHeight,
  selected,
  onOpen,
}: {
  list: Pick<UseConversationListResult, 'conversations' | 'hasOlder' | 'isFetchingOlder' | 'fetchOlder'>
  rowHeight: number
  selected: string | null
  onOpen: (conversation: ConversationSummary) => void
}) {
  const { conversations, hasOlder, isFetchingOlder, fetchOlder } = list
  const viewport = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualList({
    count: conversations.length,
    getScrollElement: () => viewport.current,
    estimateSize: () => rowHeight,
    getItemKey: (i) => conversations[i]?.key ?? i,
    overscan: 8,
  })
  const items: VirtualRow[] = virtualizer.getVirtualItems()
  const lastIndex = items[items.length - 1]?.index ?? -1
  // Older threads load as the user nears the end of what is loaded.
  useEffect(() => {
    if (hasOlder && !isFetchingOlder && lastIndex >= conversations.length - 5) fetchOlder()
  }, [lastIndex, conversations.length, hasOlder, isFetchingOlder, fetchOlder])
  const roving = useRovingListbox({
    options: conversations,
    selected,
    viewportRef: viewport,
    rowHeight,
    startOf: virtualizer.startOf,
    onOpen,
  })
  return { viewport, virtualizer, items, roving }
}
