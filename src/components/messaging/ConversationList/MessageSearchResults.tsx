'use client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
// Type-only imports: `<ConversationList>` loads this module lazily, and a module it shared with
// the page's initial code would be split into a chunk of its own. What it needs comes as props.
import type { MessageRecord } from '../../../api'
import type { messageSearchQueryOptions } from '../../../hooks/options'
import type { MessageSearchResultsStrings, MessageSearchSelection } from './messageSearchStrings'

/** Default strings (i18n); override them with `<ConversationList messageSearchStrings>`. */
const messageSearchResultsStrings: MessageSearchResultsStrings = {
  label: 'Matching messages',
  searching: 'Searching messages…',
  none: (query: string) => `No message contains “${query}”.`,
  error: 'The messages could not be searched.',
  retry: 'Try again',
  more: 'More messages match: add words to narrow the search.',
  since: (date: string) => `Messages before ${date} were not searched.`,
  you: 'You: ',
  group: 'Group',
}

type Thread = Omit<MessageSearchSelection, 'message'>

/** Props of {@link MessageSearchResults}. */
interface MessageSearchResultsProps {
  /** The phrase as typed; searched after a pause in typing, from 2 characters. */
  query: string
  /** The query of a (trimmed) phrase: `messageSearchQueryOptions` with the page's client. */
  queryOptions: (q: string) => ReturnType<typeof messageSearchQueryOptions>
  /** Only these lines. @default every line of the user */
  lineIds: readonly string[] | undefined
  /** The thread of a record (the thread list's keys). */
  threadOf: (message: MessageRecord) => Thread
  /** The thread's title (contact or group name, else its number). */
  titleOf: (thread: Thread) => string
  /** A sentence for a failed search. */
  describeError: (error: unknown) => string
  /** A message's time as the thread list shows it (a time today, a date before). */
  when: (iso: string) => string
  /** Called with the message the user chose and its thread. */
  onSelect: (selection: MessageSearchSelection) => void
  strings: Partial<MessageSearchResultsStrings> | undefined
}

/** `text` with each case-insensitive occurrence of `needle` in a `<mark>`. */
function marked(text: string, needle: string): ReactNode[] {
  const lower = text.toLowerCase()
  const parts: ReactNode[] = []
  let from = 0
  // Lower-casing keeps the length of nearly every text; where it does not, show the text unmarked.
  if (needle === '' || lower.length !== text.length) return [text]
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at))
    parts.push(<mark key={at}>{text.slice(at, at + needle.length)}</mark>)
    from = at + needle.length
  }
  if (from < text.length) parts.push(text.slice(from))
  return parts
}

/**
 * Messages whose text contains the phrase, newest first, each with its thread and time; choosing
 * one calls `onSelect` with the thread to open at that message. Says when more match and where
 * the server's window of searched messages ends (linekit/server's read model: no request of the
 * key's budget). `<ConversationList>` shows it under its threads while the user searches.
 */
export default function MessageSearchResults({
  query,
  queryOptions,
  lineIds,
  threadOf,
  titleOf,
  describeError,
  when,
  onSelect,
  strings,
}: MessageSearchResultsProps) {
  const texts = { ...messageSearchResultsStrings, ...strings }
  // The phrase once typing paused (an emptied field clears at once).
  const [settled, setSettled] = useState(query)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query), 250)
    return () => clearTimeout(timer)
  }, [query])
  // The server refuses a phrase over 100 characters (400); its first 100 find a subset.
  const q = (query.trim() === '' ? '' : settled).trim().slice(0, 100)
  const active = q.length >= 2
  const search = useQuery({ ...queryOptions(q), enabled: active, placeholderData: keepPreviousData })
  if (!active) return null
  const lines = lineIds && new Set(lineIds.map((id) => id.toLowerCase()))
  const found = (search.data?.data ?? []).filter((m) => !lines || lines.has(m.line_id.toLowerCase()))
  const state =
    search.status === 'pending'
      ? 'loading'
      : search.status === 'error'
        ? 'error'
        : found.length === 0
          ? 'empty'
          : 'ready'
  const needle = q.toLowerCase()
  const since = search.data?.since ?? null

  return (
    <section
      aria-label={texts.label}
      aria-busy={search.isFetching || undefined}
      className="lk-MessageSearchResults lk-ConversationList-messages"
      data-state={state}
    >
      <h3 className="lk-MessageSearchResults-heading">{texts.label}</h3>
      {state === 'loading' ? (
        <p className="lk-MessageSearchResults-note" role="status">
          {texts.searching}
        </p>
      ) : state === 'error' ? (
        <div className="lk-MessageSearchResults-note" role="alert">
          <p>
            {texts.error} {describeError(search.error)}
          </p>
          <button type="button" className="lk-Button" data-variant="small" onClick={() => void search.refetch()}>
            {texts.retry}
          </button>
        </div>
      ) : state === 'empty' ? (
        <p className="lk-MessageSearchResults-note" role="status">
          {texts.none(q)}
        </p>
      ) : (
        <ul className="lk-MessageSearchResults-list">
          {found.map((m) => {
            const thread = threadOf(m)
            return (
              <li key={m.message_handle}>
                <button
                  type="button"
                  className="lk-MessageSearchResults-item"
                  onClick={() => onSelect({ ...thread, message: m })}
                >
                  <span className="lk-MessageSearchResults-top">
                    <span className="lk-MessageSearchResults-title">
                      {thread.kind === 'group' ? <span className="lk-sr-only">{texts.group}: </span> : null}
                      {titleOf(thread)}
                    </span>
                    <time className="lk-MessageSearchResults-time" dateTime={m.created_at}>
                      {when(m.created_at)}
                    </time>
                  </span>
                  <span className="lk-MessageSearchResults-text">
                    {m.direction === 'outbound' ? texts.you : ''}
                    {marked(m.content, needle)}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {state === 'ready' && search.data?.more ? <p className="lk-MessageSearchResults-note">{texts.more}</p> : null}
      {(state === 'ready' || state === 'empty') && since !== null ? (
        <p className="lk-MessageSearchResults-note">{texts.since(when(since))}</p>
      ) : null}
    </section>
  )
}
