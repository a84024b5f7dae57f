'use client'
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
} from 'react'
import { cx } from './internal/cx'
import { mergeStrings, type StringOverrides } from './internal/mergeStrings'
import { describeLinekitError, type LinekitErrorStrings } from './errorMessages'
import { groupThreadByDay, itemTime, type ThreadRow } from './internal/groupByDay'
import type { DateOptions } from './internal/time'
import type { ThreadItem } from './internal/types'
import { useVirtualList } from './internal/useVirtualList'
import { MessageBubble, type MessageBubbleProps } from './MessageBubble'

/** Default, overridable strings (i18n). */
export const messageListStrings = {
  label: 'Messages',
  loading: 'Loading messages…',
  empty: 'No messages yet.',
  error: 'The messages could not be loaded.',
  retry: 'Try again',
  loadOlder: 'Load older messages',
  loadingOlder: 'Loading older messages…',
  newMessages: (count: number) => `${count} new messages`,
  newMessage: '1 new message',
  jumpToLatest: 'Jump to the latest message',
  jumpToLatestShort: 'Jump to latest',
  rateLimited: (seconds: number) =>
    seconds > 0 ? `Too many requests — retrying in ${seconds} s` : 'Too many requests — retrying now',
  announceInbound: (text: string) => `New message: ${text}`,
  today: 'Today',
  yesterday: 'Yesterday',
  /** The divider before the first message the user had not seen. */
  newDivider: 'New',
  newDividerLabel: 'New messages start here',
  jumpToFirstUnread: 'Jump to first unread',
}
export type MessageListStrings = typeof messageListStrings

/**
 * Props of {@link MessageList}.
 *
 * State attributes on the root:
 * - `data-state="loading" | "error" | "empty" | "ready"`
 * - `data-pinned` while the view follows the newest message (absent once the user scrolls up)
 * - `data-fetching-older` while an older page loads
 *
 * Each mounted row carries `data-kind="day" | "item"` and `data-index`; the row of `highlightKey`
 * also `data-highlighted` (and `aria-current="true"`).
 */
export interface MessageListProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The thread, oldest → newest (from `useThread`). */
  items: readonly ThreadItem[]
  /** Query status of the thread. @default 'success' */
  status?: 'pending' | 'error' | 'success'
  /** The load error, described to the user. */
  error?: unknown
  /** Retries the initial load. */
  onRetry?: () => void
  /** While the key is rate limited: seconds until the next attempt (shown instead of "Loading…"). */
  rateLimitedFor?: number | null
  /** Whether older messages exist. @default false */
  hasOlder?: boolean
  /** Whether an older page is loading. @default false */
  isFetchingOlder?: boolean
  /** Loads the next older page; called near the top and by the "Load older" button. */
  onLoadOlder?: () => void
  /** Extra content per bubble, e.g. the reaction menu of inbound native-chat messages. */
  renderActions?: (item: ThreadItem) => ReactNode
  /** Called when a bubble is pressed and held (touch), e.g. to open its reaction menu. */
  onLongPressItem?: (item: ThreadItem) => void
  /** Who wrote an inbound message (group threads), shown above its bubble. */
  senderOf?: (item: ThreadItem) => string | undefined
  /** Locale and time zone for day separators and times. */
  dateOptions?: DateOptions
  /** "Now", for "Today"/"Yesterday". @default new Date() at render */
  now?: Date
  /** Estimated row height in px before measurement. @default 64 */
  estimateSize?: number
  /** Rows rendered beyond the viewport on each side. @default 6 */
  overscan?: number
  /** Distance from the bottom (px) that still counts as "at the newest message". @default 48 */
  pinThreshold?: number
  /**
   * Key of a message to bring into view and highlight (its `message_handle`, e.g. a search
   * result). Older pages load until it is found or there are none. @default null
   */
  highlightKey?: string | null
  /** Key of the first item the user had not seen: a "New" divider goes above it, and "Jump to first unread" to it. */
  firstUnreadKey?: string | null
  /** Called while the newest message is in view of a visible page (the user has seen the thread). */
  onSeenLatest?: () => void
  /** String overrides. @default messageListStrings */
  strings?: StringOverrides<MessageListStrings> & MessageBubbleProps['strings']
  /** Overrides of error sentences. */
  errorStrings?: Partial<LinekitErrorStrings>
}

/**
 * The virtualized thread: only the rows in view (plus `overscan`) are mounted, each measured
 * after render (`useVirtualList`), so 10,000 messages of any height scroll smoothly.
 * It follows new messages while the user is at the bottom; once they scroll up it stays put and
 * offers a "N new messages" button instead; when older pages are prepended the visible message
 * stays where it was. Day separators group messages; a "New" divider marks the first message
 * the user had not seen (`firstUnreadKey`), with "Jump to first unread" while it is above the
 * view; `onSeenLatest` reports when the newest message is in view of a visible page. Themed by
 * `--lk-*` variables.
 *
 * @example
 * const thread = useThread({ phoneNumber })
 * <MessageList items={thread.items} status={thread.status} hasOlder={thread.hasOlder}
 *   isFetchingOlder={thread.isFetchingOlder} onLoadOlder={thread.fetchOlder} />
 */
export function MessageList({
  items,
  status = 'success',
  error,
  onRetry,
  rateLimitedFor = null,
  hasOlder = false,
  isFetchingOlder = false,
  onLoadOlder,
  renderActions,
  onLongPressItem,
  senderOf,
  dateOptions,
  now,
  estimateSize = 64,
  overscan = 6,
  pinThreshold = 48,
  highlightKey = null,
  firstUnreadKey = null,
  onSeenLatest,
  strings,
  errorStrings,
  className,
  ...props
}: MessageListProps) {
  const s = mergeStrings(messageListStrings, strings)
  const { announceInbound, newMessage } = s
  const viewport = useRef<HTMLDivElement>(null)
  const nowKey = now?.getTime()
  const rows = useMemo<ThreadRow[]>(
    () => groupThreadByDay(items, nowKey === undefined ? new Date() : new Date(nowKey), s, dateOptions),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- strings are compared by value below
    [items, nowKey, s.today, s.yesterday, dateOptions?.locale, dateOptions?.timeZone],
  )
  const [pinned, setPinned] = useState(true)
  const pinnedRef = useRef(true)
  const [unseen, setUnseen] = useState(0)
  const [announcement, setAnnouncement] = useState('')

  const virtualizer = useVirtualList({
    count: rows.length,
    getScrollElement: () => viewport.current,
    estimateSize: (i) => (rows[i]?.kind === 'day' ? 32 : estimateSize),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan,
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
    } else if (hasOlder && !isFetchingOlder) onLoadOlder?.()
  }, [highlightKey, highlightIndex, status, hasOlder, isFetchingOlder, onLoadOlder, setPinnedBoth, virtualizer])

  // Seen: the newest message is in view (pinned) on a page the user is looking at.
  useEffect(() => {
    if (!pinned || !onSeenLatest) return
    const seen = () => document.visibilityState === 'visible' && onSeenLatest()
    seen()
    document.addEventListener('visibilitychange', seen)
    return () => document.removeEventListener('visibilitychange', seen)
  }, [pinned, onSeenLatest])

  // "Jump to first unread" while the divider is above the view.
  const unreadIndex =
    firstUnreadKey === null ? -1 : rows.findIndex((r) => r.kind === 'item' && r.item.key === firstUnreadKey)
  const [viewTop, setViewTop] = useState(0)
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

  const state =
    status === 'pending'
      ? 'loading'
      : status === 'error' && items.length === 0
        ? 'error'
        : items.length === 0
          ? 'empty'
          : 'ready'
  const virtualItems = virtualizer.getVirtualItems()
  const sideOf = (it: ThreadItem) =>
    it.kind === 'optimistic'
      ? 'outbound'
      : `${it.message.direction}|${it.message.direction === 'inbound' ? it.message.from_number : ''}`
  /** Same side (and sender) as the row before, within 5 minutes and the same day. */
  const continues = (index: number) => {
    const row = rows[index]
    const prev = rows[index - 1]
    if (row?.kind !== 'item' || prev?.kind !== 'item') return false
    const gap = Date.parse(String(itemTime(row.item))) - Date.parse(String(itemTime(prev.item)))
    return sideOf(row.item) === sideOf(prev.item) && gap < 5 * 60_000
  }
  /** The channel pill informs where the channel changes: on the first message and at each switch. */
  const channelChanges = (index: number) => {
    const row = rows[index]
    if (row?.kind !== 'item' || row.item.kind !== 'message') return false
    for (let i = index - 1; i >= 0; i -= 1) {
      const r = rows[i]
      if (r?.kind === 'item' && r.item.kind === 'message') return r.item.message.service !== row.item.message.service
    }
    return true
  }

  return (
    <div
      {...props}
      className={cx('lk-MessageList', className)}
      data-state={state}
      data-pinned={pinned || undefined}
      data-fetching-older={isFetchingOlder || undefined}
    >
      {(hasOlder || dividerAbove) && state === 'ready' ? (
        <div className="lk-MessageList-older">
          {hasOlder ? (
            <button
              type="button"
              className="lk-Button"
              data-variant="ghost small"
              disabled={isFetchingOlder}
              onClick={() => onLoadOlder?.()}
            >
              {isFetchingOlder ? s.loadingOlder : s.loadOlder}
            </button>
          ) : null}
          {dividerAbove ? (
            <button type="button" className="lk-Button" data-variant="small" onClick={jumpToFirstUnread}>
              <span aria-hidden="true">↑</span> {s.jumpToFirstUnread}
            </button>
          ) : null}
        </div>
      ) : null}
      {state === 'loading' ? (
        // Keyed apart from the viewport: React would otherwise reuse this node for it, and the
        // browser would count the placeholder growing into the list as a layout shift.
        <div key="placeholder" className="lk-MessageList-placeholder" role="status">
          {rateLimitedFor !== null ? s.rateLimited(rateLimitedFor) : s.loading}
        </div>
      ) : state === 'error' ? (
        <div className="lk-MessageList-placeholder" role="alert">
          <p>
            {s.error} {describeLinekitError(error, 'load', errorStrings)}
          </p>
          {onRetry ? (
            <button type="button" className="lk-Button" onClick={onRetry}>
              {s.retry}
            </button>
          ) : null}
        </div>
      ) : state === 'empty' ? (
        <div className="lk-MessageList-placeholder">
          <p>{s.empty}</p>
        </div>
      ) : (
        <div
          key="viewport"
          ref={viewport}
          className="lk-MessageList-viewport"
          role="region"
          aria-label={s.label}
          // Focusable so keyboard users can scroll the history with the arrow and page keys
          // (axe: scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          onScroll={onScroll}
        >
          <div
            role="list"
            aria-busy={isFetchingOlder || undefined}
            className="lk-MessageList-canvas"
            style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}
          >
            {virtualItems.map((v) => {
              const row = rows[v.index]
              if (!row) return null
              return (
                <div
                  key={v.key as string}
                  role="listitem"
                  aria-setsize={rows.length}
                  aria-posinset={v.index + 1}
                  data-index={v.index}
                  data-kind={row.kind}
                  data-highlighted={v.index === highlightIndex || undefined}
                  aria-current={v.index === highlightIndex || undefined}
                  ref={virtualizer.measureElement}
                  className="lk-MessageList-row"
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    transform: `translateY(${v.start}px)`,
                  }}
                >
                  {row.kind === 'item' && row.item.key === firstUnreadKey ? (
                    <div className="lk-MessageList-new" role="separator" aria-label={s.newDividerLabel}>
                      <span aria-hidden="true">{s.newDivider}</span>
                    </div>
                  ) : null}
                  {row.kind === 'day' ? (
                    <div className="lk-MessageList-day">{row.label}</div>
                  ) : (
                    <MessageBubble
                      item={row.item}
                      dateOptions={dateOptions}
                      strings={strings}
                      errorStrings={errorStrings}
                      actions={renderActions?.(row.item)}
                      sender={senderOf?.(row.item)}
                      grouped={continues(v.index)}
                      showChannel={channelChanges(v.index)}
                      {...(onLongPressItem ? { onLongPress: () => onLongPressItem(row.item) } : {})}
                    />
                  )}
                </div>
              )
            })}
          </div>
        </div>
      )}
      {!pinned && state === 'ready' ? (
        <button type="button" className="lk-MessageList-jump lk-Button" onClick={jumpToLatest}>
          {unseen === 0 ? (
            s.jumpToLatestShort
          ) : (
            <>
              {unseen === 1 ? s.newMessage : s.newMessages(unseen)}
              <span className="lk-sr-only">, {s.jumpToLatest}</span>
            </>
          )}{' '}
          <span aria-hidden="true">↓</span>
        </button>
      ) : null}
      <div className="lk-sr-only" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  )
}
