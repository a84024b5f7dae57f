'use client'
import { lazy, Suspense, useId, type HTMLAttributes, type ReactNode } from 'react'
import {
  useConversationList,
  type ConversationSummary,
  type UseConversationListOptions,
} from '../../../hooks/useConversationList'
import { cx } from '../../shared/cx'
import { describeLinekitError, type LinekitErrorStrings } from '../../shared/errorMessages'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import type { DateOptions } from '../../shared/time'
import { useControllableState } from '../../shared/useControllableState'
import { usePeople } from '../../../hooks/internal/usePeople'
import { useUnsentByThread } from '../../../hooks/internal/drafts'
import { phoneKey } from '../../../provider/phoneKey'
import { messageSearchQueryOptions } from '../../../hooks/options'
import { useLinekitClient } from '../../../provider/useLinekitClient'
import { threadOfMessage, type MessageSearchResultsStrings, type MessageSearchSelection } from './messageSearchStrings'
import {
  ConversationListOlder,
  ConversationListPlaceholder,
  ConversationListRow,
  timeOrDate,
} from './ConversationListParts'
import { useThreadListView } from './useThreadListView'

// Loaded when the user first types a search: a page that never searches carries none of it.
const MessageSearchResults = lazy(() => import('./MessageSearchResults'))

/** Default, overridable strings (i18n). */
export const conversationListStrings = {
  label: 'Conversations',
  threads: 'Threads',
  search: 'Search by name or number',
  /** The search box when it also searches the messages' text. */
  searchMessages: 'Search names, numbers and message text',
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
  /** Before the text of a thread's draft, in place of its last message. */
  draft: 'Draft: ',
  /** Before the text of a message of the thread not sent yet (waiting for the connection, or refused). */
  unsent: 'Not sent yet: ',
  attachment: 'Attachment',
  voiceMemo: 'Voice memo',
}
export type ConversationListStrings = typeof conversationListStrings

/**
 * Props of {@link ConversationList}.
 *
 * State attributes on the root: `data-state="loading" | "rate-limited" | "error" | "empty" | "ready"`.
 * Each row: `data-kind="direct" | "group"`, `data-unread` when it has unread messages,
 * `data-selected` on the selected thread, `data-service` (channel of the last message),
 * `data-draft="draft" | "unsent"` when it holds a draft, or a message not sent yet (its preview
 * then shows that text after "Draft: " or "Not sent yet: ").
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
  const texts = mergeStrings(conversationListStrings, strings)
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
  // Names the direct threads a message search finds.
  const people = usePeople(client ? { client } : {})
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
  const when = timeOrDate(now, dateOptions)
  const unsent = useUnsentByThread()
  const open = (c: ConversationSummary) => {
    setSelected(c.key)
    list.markRead(c)
    onSelect?.(c)
  }

  const { viewport, virtualizer, items, roving } = useThreadListView({ list, rowHeight, selected, onOpen: open })

  return (
    <section aria-label={texts.label} {...props} className={cx('lk-ConversationList', className)} data-state={state}>
      <div className="lk-ConversationList-header">
        <input
          id={`${id}-search`}
          type="search"
          className="lk-ConversationList-search"
          aria-label={searchMessages ? texts.searchMessages : texts.search}
          placeholder={searchMessages ? texts.searchMessages : texts.search}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {actions}
      </div>
      {/* Matching messages first: a search for words is answered by messages, not by names. */}
      {searchMessages && search.trim() !== '' ? (
        <MessageSearch
          query={search}
          lineIds={lineIds}
          client={client}
          titleOf={(thread) =>
            conversations.find((c) => c.key === thread.key)?.title ??
            // An unknown number reads as it does everywhere else: "(415) 555-0152".
            (thread.kind === 'direct' ? people.label(thread.id, thread.lineId) : undefined) ??
            thread.id
          }
          when={when}
          onSelect={(selection) => {
            setSelected(selection.key)
            onMessageSelect?.(selection)
          }}
          strings={messageSearchStrings}
          errorStrings={errorStrings}
        />
      ) : null}
      {state !== 'ready' ? (
        <ConversationListPlaceholder
          state={state}
          rateLimitedFor={list.rateLimitedFor}
          search={search}
          error={list.error}
          onRetry={list.refetch}
          errorStrings={errorStrings}
          s={texts}
        />
      ) : (
        <div ref={viewport} className="lk-ConversationList-viewport">
          {/* One Tab stop: the threads are a listbox (WAI-ARIA APG), arrows move between them. */}
          <ul
            role="listbox"
            aria-label={texts.threads}
            className="lk-ConversationList-canvas"
            aria-busy={isFetchingOlder || undefined}
            onKeyDown={roving.onKeyDown}
            style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
          >
            {items.map((v) => {
              const c = conversations[v.index]
              if (!c) return null
              return (
                <ConversationListRow
                  key={c.key}
                  c={c}
                  id={`${id}-${v.index}`}
                  index={v.index}
                  setSize={conversations.length}
                  start={v.start}
                  size={v.size}
                  selected={selected === c.key}
                  tabbable={c.key === roving.activeKey}
                  onOpen={open}
                  onFocus={roving.setActive}
                  when={when}
                  held={unsent.get(phoneKey(c.id))}
                  s={texts}
                />
              )
            })}
          </ul>
          {hasOlder ? (
            <ConversationListOlder isFetchingOlder={isFetchingOlder} onLoadOlder={fetchOlder} s={texts} />
          ) : null}
        </div>
      )}
    </section>
  )
}

/** The messages whose text matches the search, under the threads (loaded when the user first searches). */
function MessageSearch({
  query,
  lineIds,
  client,
  titleOf,
  when,
  onSelect,
  strings,
  errorStrings,
}: {
  query: string
  lineIds: readonly string[] | undefined
  client: ConversationListProps['client']
  titleOf: (thread: ReturnType<typeof threadOfMessage>) => string
  when: (iso: string) => string
  onSelect: (selection: MessageSearchSelection) => void
  strings: StringOverrides<MessageSearchResultsStrings> | undefined
  errorStrings: Partial<LinekitErrorStrings> | undefined
}) {
  const searchClient = useLinekitClient(client)
  return (
    <Suspense fallback={null}>
      <MessageSearchResults
        query={query}
        queryOptions={(q) =>
          messageSearchQueryOptions(searchClient, { q, ...(lineIds?.length === 1 ? { lineId: lineIds[0]! } : {}) })
        }
        lineIds={lineIds}
        threadOf={threadOfMessage}
        titleOf={titleOf}
        describeError={(error) => describeLinekitError(error, 'load', errorStrings)}
        when={when}
        onSelect={onSelect}
        strings={strings}
      />
    </Suspense>
  )
}
