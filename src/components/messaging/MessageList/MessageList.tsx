'use client'
import { useMemo, type HTMLAttributes, type ReactNode } from 'react'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import type { LinekitErrorStrings } from '../../shared/errorMessages'
import { groupThreadByDay, type ThreadRow } from './groupByDay'
import type { DateOptions } from '../../shared/time'
import type { ThreadItem } from '../../shared/types'
import { useMessageListScroll } from './useMessageListScroll'
import { useRowKeys } from './useRowKeys'
import { MessageListOlderBar, MessageListPlaceholder, MessageListRow } from './MessageListParts'
import type { MessageBubbleProps } from '../MessageBubble/MessageBubble'

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
  const texts = mergeStrings(messageListStrings, strings)
  const nowKey = now?.getTime()
  const rows = useMemo<ThreadRow[]>(
    () => groupThreadByDay(items, nowKey === undefined ? new Date() : new Date(nowKey), texts, dateOptions),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- strings are compared by value below
    [items, nowKey, texts.today, texts.yesterday, dateOptions?.locale, dateOptions?.timeZone],
  )
  const view = useMessageListScroll({
    items,
    rows,
    status,
    hasOlder,
    isFetchingOlder,
    onLoadOlder,
    estimateSize,
    overscan,
    pinThreshold,
    highlightKey,
    firstUnreadKey,
    onSeenLatest,
    announceInbound: texts.announceInbound,
    newMessage: texts.newMessage,
  })
  const { viewport, virtualizer, pinned, unseen, announcement, onScroll, highlightIndex, dividerAbove } = view
  const { jumpToFirstUnread, jumpToLatest } = view

  const state =
    status === 'pending'
      ? 'loading'
      : status === 'error' && items.length === 0
        ? 'error'
        : items.length === 0
          ? 'empty'
          : 'ready'
  const onRowKeys = useRowKeys(viewport, state === 'ready')

  return (
    <div
      {...props}
      className={cx('lk-MessageList', className)}
      data-state={state}
      data-pinned={pinned || undefined}
      data-fetching-older={isFetchingOlder || undefined}
    >
      {(hasOlder || dividerAbove) && state === 'ready' ? (
        <MessageListOlderBar
          hasOlder={hasOlder}
          isFetchingOlder={isFetchingOlder}
          dividerAbove={dividerAbove}
          onLoadOlder={onLoadOlder}
          onJumpToFirstUnread={jumpToFirstUnread}
          s={texts}
        />
      ) : null}
      {state !== 'ready' ? (
        // A component of its own: React never reuses its node for the viewport below, which the
        // browser would count as a layout shift (the placeholder growing into the list).
        <MessageListPlaceholder
          state={state}
          s={texts}
          rateLimitedFor={rateLimitedFor}
          error={error}
          errorStrings={errorStrings}
          onRetry={onRetry}
        />
      ) : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the keys of the thread's messages (a list inside a scrolling region)
        <div
          key="viewport"
          ref={viewport}
          className="lk-MessageList-viewport"
          role="region"
          aria-label={texts.label}
          // The thread's one tab stop: the page keys scroll it, the arrow keys move through its
          // messages and their actions (`useRowKeys`; axe: scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          onKeyDown={onRowKeys}
          onScroll={onScroll}
        >
          <div
            role="list"
            aria-busy={isFetchingOlder || undefined}
            className="lk-MessageList-canvas"
            style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}
          >
            {virtualizer.getVirtualItems().map((v) => (
              <MessageListRow
                key={v.key as string}
                rows={rows}
                index={v.index}
                start={v.start}
                measureRef={virtualizer.measureElement}
                highlighted={v.index === highlightIndex}
                firstUnreadKey={firstUnreadKey}
                newDivider={texts.newDivider}
                newDividerLabel={texts.newDividerLabel}
                dateOptions={dateOptions}
                strings={strings}
                errorStrings={errorStrings}
                renderActions={renderActions}
                onLongPressItem={onLongPressItem}
                senderOf={senderOf}
              />
            ))}
          </div>
        </div>
      )}
      {!pinned && state === 'ready' ? (
        <button type="button" className="lk-MessageList-jump lk-Button" onClick={jumpToLatest}>
          {unseen === 0 ? (
            texts.jumpToLatestShort
          ) : (
            <>
              {unseen === 1 ? texts.newMessage : texts.newMessages(unseen)}
              <span className="lk-sr-only">, {texts.jumpToLatest}</span>
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
