'use client'
import type { ReactNode } from 'react'
import { describeLinekitError, type LinekitErrorStrings } from '../../shared/errorMessages'
import { MessageBubble, type MessageBubbleProps } from '../MessageBubble/MessageBubble'
import { itemTime, type ThreadRow } from './groupByDay'
import type { DateOptions } from '../../shared/time'
import type { ThreadItem } from '../../shared/types'

const sideOf = (it: ThreadItem) =>
  it.kind === 'optimistic'
    ? 'outbound'
    : `${it.message.direction}|${it.message.direction === 'inbound' ? it.message.from_number : ''}`

/** Same side (and sender) as the row before, within 5 minutes and the same day. */
function continues(rows: readonly ThreadRow[], index: number): boolean {
  const row = rows[index]
  const prev = rows[index - 1]
  if (row?.kind !== 'item' || prev?.kind !== 'item') return false
  const gap = Date.parse(String(itemTime(row.item))) - Date.parse(String(itemTime(prev.item)))
  return sideOf(row.item) === sideOf(prev.item) && gap < 5 * 60_000
}

/** The channel pill informs where the channel changes: on the first message and at each switch. */
function channelChanges(rows: readonly ThreadRow[], index: number): boolean {
  const row = rows[index]
  if (row?.kind !== 'item' || row.item.kind !== 'message') return false
  for (let i = index - 1; i >= 0; i -= 1) {
    const r = rows[i]
    if (r?.kind === 'item' && r.item.kind === 'message') return r.item.message.service !== row.item.message.service
  }
  return true
}

/**
 * One mounted row of `<MessageList>`: a day separator, or a bubble (after the "New" divider when
 * it is the first unread one).
 */
export function MessageListRow({
  rows,
  index,
  start,
  measureRef,
  highlighted,
  firstUnreadKey,
  newDivider,
  newDividerLabel,
  dateOptions,
  strings,
  errorStrings,
  renderActions,
  onLongPressItem,
  senderOf,
}: {
  rows: readonly ThreadRow[]
  index: number
  /** The row's offset in the canvas, in px. */
  start: number
  measureRef: (el: HTMLElement | null) => void
  highlighted: boolean
  firstUnreadKey: string | null
  newDivider: string
  newDividerLabel: string
  dateOptions: DateOptions | undefined
  strings: MessageBubbleProps['strings']
  errorStrings: Partial<LinekitErrorStrings> | undefined
  renderActions: ((item: ThreadItem) => ReactNode) | undefined
  onLongPressItem: ((item: ThreadItem) => void) | undefined
  senderOf: ((item: ThreadItem) => string | undefined) | undefined
}) {
  const row = rows[index]
  if (!row) return null
  return (
    <div
      role="listitem"
      aria-setsize={rows.length}
      aria-posinset={index + 1}
      data-index={index}
      data-kind={row.kind}
      data-highlighted={highlighted || undefined}
      aria-current={highlighted || undefined}
      ref={measureRef}
      className="lk-MessageList-row"
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        transform: `translateY(${start}px)`,
      }}
    >
      {row.kind === 'item' && row.item.key === firstUnreadKey ? (
        <div className="lk-MessageList-new" role="separator" aria-label={newDividerLabel}>
          <span aria-hidden="true">{newDivider}</span>
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
          grouped={continues(rows, index)}
          showChannel={channelChanges(rows, index)}
          {...(onLongPressItem ? { onLongPress: () => onLongPressItem(row.item) } : {})}
        />
      )}
    </div>
  )
}

/**
 * What `<MessageList>` shows instead of the thread: loading (or waiting out a rate limit), a load
 * error with Retry, or that there are no messages yet.
 */
export function MessageListPlaceholder({
  state,
  s,
  rateLimitedFor,
  error,
  errorStrings,
  onRetry,
}: {
  state: 'loading' | 'error' | 'empty'
  s: { loading: string; error: string; retry: string; empty: string; rateLimited: (seconds: number) => string }
  rateLimitedFor: number | null
  error: unknown
  errorStrings: Partial<LinekitErrorStrings> | undefined
  onRetry: (() => void) | undefined
}) {
  if (state === 'loading') {
    // Keyed: the other placeholders replace it with nodes of their own.
    return (
      <div key="loading" className="lk-MessageList-placeholder" role="status">
        {rateLimitedFor !== null ? s.rateLimited(rateLimitedFor) : s.loading}
      </div>
    )
  }
  if (state === 'error') {
    return (
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
    )
  }
  return (
    <div className="lk-MessageList-placeholder">
      <p>{s.empty}</p>
    </div>
  )
}

/**
 * Above the thread: "Load older messages" while there are older ones, "Jump to first unread"
 * while the divider is above the view.
 */
export function MessageListOlderBar({
  hasOlder,
  isFetchingOlder,
  dividerAbove,
  onLoadOlder,
  onJumpToFirstUnread,
  s,
}: {
  hasOlder: boolean
  isFetchingOlder: boolean
  dividerAbove: boolean
  onLoadOlder: (() => void) | undefined
  onJumpToFirstUnread: () => void
  s: { loadOlder: string; loadingOlder: string; jumpToFirstUnread: string }
}) {
  return (
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
        <button type="button" className="lk-Button" data-variant="small" onClick={onJumpToFirstUnread}>
          <span aria-hidden="true">↑</span> {s.jumpToFirstUnread}
        </button>
      ) : null}
    </div>
  )
}
