'use client'
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import {
  useConversationList,
  type ConversationSummary,
  type UseConversationListOptions,
} from '../hooks/useConversationList'
import { cx } from './internal/cx'
import { describeLinekitError, type LinekitErrorStrings } from './errorMessages'
import { mergeStrings, type StringOverrides } from './internal/mergeStrings'
import { clockTime, dayKey, type DateOptions } from './internal/time'
import { useControllableState } from './internal/useControllableState'
import { useVirtualList } from './internal/useVirtualList'
import { useContactDirectory } from '../hooks/internal/useContactDirectory'
import { messageSearchQueryOptions } from '../hooks/options'
import { useLinekitClient } from '../provider/useLinekitClient'
import { threadOfMessage, type MessageSearchResultsStrings, type MessageSearchSelection } from './messageSearch'
import { serviceBadgeStrings, type ServiceName } from './ServiceBadge'

// Loaded when the user first types a search: a page that never searches carries none of it.
const MessageSearchResults = lazy(() => import('./internal/MessageSearchResults'))

/** Default, overridable strings (i18n). */
export const conversationListStrings = {
  label: 'Conversations',
  threads: 'Threads',
  search: 'Search by name or number',
  loading: 'Loading conversations…',
  empty: 'No conversations yet.',
  noMatch: (query: string) => `No conversation matches “${query}”.`,
  error: 'The conversations could not be loaded.',
  retry: 'Try again',
  rateLimited: (seconds: number) =>
    seconds > 0 ? `Too many requests — retrying in ${seconds} s` : 'Too many requests — retrying now',
  loadOlder: 'Load older conversations',
  loadingOlder: 'Loading older conversations…',
  unread: (n: number) => (n === 1 ? '1 unread message' : `${n} unread messages`),
  group: 'Group',
  /** A group whose full member list the kit does not know: only who replied is named. */
  groupWithOthers: (names: string) => `${names} and others`,
  unnamedGroup: 'Group conversation',
  you: 'You: ',
  attachment: 'Attachment',
  voiceMemo: 'Voice memo',
}
export type ConversationListStrings = typeof conversationListStrings

/**
 * Props of {@link ConversationList}.
 *
 * State attributes on the root: `data-state="loading" | "rate-limited" | "error" | "empty" | "ready"`.
 * Each row: `data-kind="direct" | "group"`, `data-unread` when it has unread messages,
 * `data-selected` on the selected thread, `data-service` (channel of the last message).
 */
export interface ConversationListProps
  extends
    Omit<HTMLAttributes<HTMLElement>, 'children' | 'defaultValue' | 'onSelect'>,
    Pick<UseConversationListOptions, 'lineIds' | 'pageSize' | 'client'> {
  /** Key of the selected thread (controlled). `null`: none. */
  value?: string | null
  /** Initially selected thread (uncontrolled). @default null */
  defaultValue?: string | null
  /** Called with the key of the thread the user picked. */
  onValueChange?: (key: string | null) => void
  /** Called with the thread the user opened (it is marked read). */
  onSelect?: (conversation: ConversationSummary) => void
  /** The search text (controlled). */
  search?: string
  /** Called as the user types in the search field. */
  onSearchChange?: (search: string) => void
  /**
   * Also search the text of messages (linekit/server's `GET <prefix>/search`) and show the matches
   * under the threads. @default true
   */
  searchMessages?: boolean
  /**
   * Called with a found message the user chose and its thread (that thread becomes the selected
   * one). Open it at the message: `<Conversation listProps={{ highlightKey: message.message_handle }}>`.
   */
  onMessageSelect?: (selection: MessageSearchSelection) => void
  /** Strings of the found messages. */
  messageSearchStrings?: StringOverrides<MessageSearchResultsStrings>
  /** Content placed after the search field, e.g. a "New group message" button. */
  actions?: ReactNode
  /** Locale and time zone for times. */
  dateOptions?: DateOptions
  /** "Now", to show a time for today's messages and a date for older ones. @default new Date() */
  now?: Date
  /** Row height in px. @default 68 */
  rowHeight?: number
  /** String overrides. @default conversationListStrings */
  strings?: StringOverrides<ConversationListStrings>
  /** Overrides of error sentences. */
  errorStrings?: Partial<LinekitErrorStrings>
}

/** A group's title: its name, its members, or who replied "and others" (the rest are not known). */
const groupTitle = (
  c: Pick<ConversationSummary, 'kind' | 'title' | 'named' | 'participantsKnown'>,
  s: Pick<ConversationListStrings, 'groupWithOthers' | 'unnamedGroup'>,
) => {
  if (c.kind !== 'group' || c.named || c.participantsKnown) return c.title || s.unnamedGroup
  return c.title ? s.groupWithOthers(c.title) : s.unnamedGroup
}

const initials = (c: ConversationSummary): string => {
  if (!c.named) return c.kind === 'group' ? '#' : ''
  const words = c.title.split(/[\s,]+/).filter(Boolean)
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '')).toUpperCase()
}

/**
 * The inbox: every thread of the user's lines, one-to-one and group, newest first — name (from
 * contacts) or number, initials avatar, last message, time, channel, unread count (kept in this
 * browser, followed across tabs). Search by name or number. Live over the event stream;
 * virtualized (1,000 threads stay smooth); older threads load as the user scrolls down. Says
 * when the key is rate limited and when it retries. Built on {@link useConversationList}.
 *
 * @example
 * <ConversationList onSelect={(c) => setOpen(c)} />
 */
export function ConversationList({
  lineIds,
  pageSize,
  client,
  value,
  defaultValue = null,
  onValueChange,
  onSelect,
  search: searchProp,
  onSearchChange,
  searchMessages = true,
  onMessageSelect,
  messageSearchStrings,
  actions,
  dateOptions,
  now,
  rowHeight = 68,
  strings,
  errorStrings,
  className,
  ...props
}: ConversationListProps) {
  const s = mergeStrings(conversationListStrings, strings)
  const id = useId()
  const [selected, setSelected] = useControllableState<string | null>({
    prop: value,
    defaultProp: defaultValue,
    onChange: onValueChange,
    caller: 'ConversationList',
  })
  const [search, setSearch] = useControllableState<string>({
    prop: searchProp,
    defaultProp: '',
    onChange: onSearchChange,
    caller: 'ConversationList',
  })
  const list = useConversationList({
    search,
    ...(lineIds ? { lineIds } : {}),
    ...(pageSize ? { pageSize } : {}),
    ...(client ? { client } : {}),
  })
  const { conversations, hasOlder, isFetchingOlder, fetchOlder } = list
  const searchClient = useLinekitClient(client)
  const nameOf = useContactDirectory(client)
  const viewport = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualList({
    count: conversations.length,
    getScrollElement: () => viewport.current,
    estimateSize: () => rowHeight,
    getItemKey: (i) => conversations[i]?.key ?? i,
    overscan: 8,
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items[items.length - 1]?.index ?? -1
  // Older threads load as the user nears the end of what is loaded.
  useEffect(() => {
    if (hasOlder && !isFetchingOlder && lastIndex >= conversations.length - 5) fetchOlder()
  }, [lastIndex, conversations.length, hasOlder, isFetchingOlder, fetchOlder])

  const state =
    list.rateLimitedFor !== null && conversations.length === 0
      ? 'rate-limited'
      : list.status === 'pending'
        ? 'loading'
        : list.status === 'error'
          ? 'error'
          : conversations.length === 0
            ? 'empty'
            : 'ready'
  const today = dayKey(now ?? new Date(), dateOptions)
  const when = (iso: string) =>
    dayKey(iso, dateOptions) === today
      ? clockTime(iso, dateOptions)
      : new Intl.DateTimeFormat(dateOptions?.locale, {
          month: 'short',
          day: 'numeric',
          ...(dateOptions?.timeZone ? { timeZone: dateOptions.timeZone } : {}),
        }).format(new Date(iso))
  const preview = (c: ConversationSummary) => {
    const m = c.last
    const text = m.content || (m.voice_attachment_url ? s.voiceMemo : m.media_attachment_url ? s.attachment : '')
    return `${m.direction === 'outbound' ? s.you : ''}${text}`
  }
  const open = (c: ConversationSummary) => {
    setSelected(c.key)
    list.markRead(c)
    onSelect?.(c)
  }

  // Roving focus: the one option in the Tab order is the one last focused, else the open
  // thread, else the first. Arrow keys, Home/End and Page keys move it; Enter and Space open.
  const [active, setActive] = useState<string | null>(null)
  const indexOf = (key: string | null) => (key === null ? -1 : conversations.findIndex((c) => c.key === key))
  const activeIndex = [indexOf(active), indexOf(selected)].find((i) => i >= 0) ?? 0
  const activeKey = conversations[activeIndex]?.key ?? null
  const focusNext = useRef<string | null>(null)
  useEffect(() => {
    const key = focusNext.current
    if (key === null) return
    const el = viewport.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`)
    if (el) {
      focusNext.current = null
      el.focus()
    }
  })
  const onListKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const page = Math.max(1, Math.floor((viewport.current?.clientHeight ?? rowHeight) / rowHeight) - 1)
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      Home: 0,
      End: conversations.length - 1,
      PageDown: activeIndex + page,
      PageUp: activeIndex - page,
    }
    const current = conversations[activeIndex]
    if ((e.key === 'Enter' || e.key === ' ') && current) {
      e.preventDefault()
      return open(current)
    }
    if (!(e.key in moves)) return
    e.preventDefault()
    const next = conversations[Math.min(conversations.length - 1, Math.max(0, moves[e.key]!))]
    if (!next) return
    setActive(next.key)
    focusNext.current = next.key
    // Scroll the least needed to show the row whole (it may not be mounted yet).
    const el = viewport.current
    const i = indexOf(next.key)
    const top = virtualizer.startOf(i) ?? 0
    const bottom = virtualizer.startOf(i + 1) ?? top
    if (el && top < el.scrollTop) el.scrollTop = top
    else if (el && bottom > el.scrollTop + el.clientHeight) el.scrollTop = bottom - el.clientHeight
  }

  return (
    <section aria-label={s.label} {...props} className={cx('lk-ConversationList', className)} data-state={state}>
      <div className="lk-ConversationList-header">
        <input
          id={`${id}-search`}
          type="search"
          className="lk-ConversationList-search"
          aria-label={s.search}
          placeholder={s.search}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {actions}
      </div>
      {state === 'rate-limited' ? (
        <p className="lk-ConversationList-placeholder" role="status">
          {s.rateLimited(list.rateLimitedFor ?? 0)}
        </p>
      ) : state === 'loading' ? (
        <p className="lk-ConversationList-placeholder" role="status">
          {s.loading}
        </p>
      ) : state === 'error' ? (
        <div className="lk-ConversationList-placeholder" role="alert">
          <p>
            {s.error} {describeLinekitError(list.error, 'load', errorStrings)}
          </p>
          <button type="button" className="lk-Button" onClick={list.refetch}>
            {s.retry}
          </button>
        </div>
      ) : state === 'empty' ? (
        <p className="lk-ConversationList-placeholder" role="status">
          {search.trim() ? s.noMatch(search.trim()) : s.empty}
        </p>
      ) : (
        <div ref={viewport} className="lk-ConversationList-viewport">
          {/* One Tab stop: the threads are a listbox (WAI-ARIA APG), arrows move between them. */}
          <ul
            role="listbox"
            aria-label={s.threads}
            className="lk-ConversationList-canvas"
            aria-busy={isFetchingOlder || undefined}
            onKeyDown={onListKeyDown}
            style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
          >
            {items.map((v) => {
              const c = conversations[v.index]
              if (!c) return null
              const avatar = initials(c)
              return (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the listbox handles the keys
                <li
                  key={c.key}
                  id={`${id}-${v.index}`}
                  role="option"
                  aria-selected={selected === c.key}
                  tabIndex={c.key === activeKey ? 0 : -1}
                  data-key={c.key}
                  onClick={() => open(c)}
                  onFocus={() => setActive(c.key)}
                  className="lk-ConversationList-row"
                  aria-setsize={conversations.length}
                  aria-posinset={v.index + 1}
                  data-kind={c.kind}
                  data-unread={c.unread > 0 || undefined}
                  data-selected={selected === c.key || undefined}
                  data-service={c.last.service}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    height: v.size,
                    transform: `translateY(${v.start}px)`,
                  }}
                >
                  <div className="lk-ConversationList-item">
                    <span className="lk-ConversationList-avatar" aria-hidden="true" data-kind={c.kind}>
                      {avatar || (
                        <span className="lk-ConversationList-avatarIcon">{c.kind === 'group' ? '#' : '☎︎'}</span>
                      )}
                    </span>
                    <span className="lk-ConversationList-main">
                      <span className="lk-ConversationList-top">
                        <span className="lk-ConversationList-title">
                          {c.kind === 'group' ? <span className="lk-sr-only">{s.group}: </span> : null}
                          {groupTitle(c, s)}
                        </span>
                        {c.kind === 'direct' && c.named ? <span className="lk-sr-only">, {c.id}</span> : null}
                        <time className="lk-ConversationList-time" dateTime={c.last.created_at}>
                          {when(c.last.created_at)}
                        </time>
                      </span>
                      <span className="lk-ConversationList-bottom">
                        <span className="lk-ConversationList-preview">{preview(c)}</span>
                        <span className="lk-ConversationList-channel" data-service={c.last.service}>
                          {serviceBadgeStrings[c.last.service as ServiceName] ?? c.last.service}
                        </span>
                        {c.unread > 0 ? (
                          <span className="lk-ConversationList-unread">
                            <span aria-hidden="true">{c.unread}</span>
                            <span className="lk-sr-only">{s.unread(c.unread)}</span>
                          </span>
                        ) : null}
                      </span>
                    </span>
                  </div>
                </li>
              )
            })}
          </ul>
          {hasOlder ? (
            <div className="lk-ConversationList-older">
              <button
                type="button"
                className="lk-Button"
                data-variant="ghost small"
                disabled={isFetchingOlder}
                onClick={fetchOlder}
              >
                {isFetchingOlder ? s.loadingOlder : s.loadOlder}
              </button>
            </div>
          ) : null}
        </div>
      )}
      {searchMessages && search.trim() !== '' ? (
        <Suspense fallback={null}>
          <MessageSearchResults
            query={search}
            queryOptions={(q) =>
              messageSearchQueryOptions(searchClient, { q, ...(lineIds?.length === 1 ? { lineId: lineIds[0]! } : {}) })
            }
            lineIds={lineIds}
            threadOf={threadOfMessage}
            titleOf={(thread) =>
              conversations.find((c) => c.key === thread.key)?.title ??
              (thread.kind === 'direct' ? nameOf(thread.id) : undefined) ??
              thread.id
            }
            describeError={(error) => describeLinekitError(error, 'load', errorStrings)}
            when={when}
            onSelect={(selection) => {
              setSelected(selection.key)
              onMessageSelect?.(selection)
            }}
            strings={messageSearchStrings}
          />
        </Suspense>
      ) : null}
    </section>
  )
}
