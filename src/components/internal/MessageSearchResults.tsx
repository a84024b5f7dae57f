'use client'
import { useEffect, useState, type HTMLAttributes, type ReactNode } from 'react'
import type { MessageRecord } from '../../api'
import { isGroupMessage } from '../../hooks/internal/group'
import { useContactDirectory } from '../../hooks/internal/useContactDirectory'
import { useMessageSearch } from '../../hooks/useMessageSearch'
import { describeLinekitError, type LinekitErrorStrings } from '../errorMessages'
import type { MessageSearchResultsStrings, MessageSearchSelection } from '../messageSearch'
import { cx } from './cx'
import { mergeStrings, type StringOverrides } from './mergeStrings'

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

/** Which thread a record is in (the same keys as `useConversationList`). */
function threadOfMessage(message: MessageRecord): Omit<MessageSearchSelection, 'message'> {
  const group = isGroupMessage(message)
  const id = group ? message.to_number : message.direction === 'inbound' ? message.from_number : message.to_number
  return { key: `${message.line_id}|${id}`, kind: group ? 'group' : 'direct', lineId: message.line_id, id }
}

/**
 * Props of {@link MessageSearchResults}.
 *
 * State attribute on the root: `data-state="idle" | "loading" | "error" | "empty" | "ready"`.
 */
interface MessageSearchResultsProps extends Omit<HTMLAttributes<HTMLElement>, 'children' | 'onSelect'> {
  /** The phrase as typed; searched after a pause in typing, from 2 characters. */
  query: string
  /** Only these lines. @default every line of the user */
  lineIds?: readonly string[]
  /** The thread's title for a found message, or undefined. @default the contact's name, else the number */
  titleOf?: (thread: Omit<MessageSearchSelection, 'message'>) => string | undefined
  /** Called with the message the user chose and its thread. */
  onSelect?: (selection: MessageSearchSelection) => void
  /** Pause in typing before searching, in ms. @default 250 */
  debounceMs?: number
  /** A message's time as the thread list shows it (a time today, a date before). */
  when: (iso: string) => string
  strings?: StringOverrides<MessageSearchResultsStrings>
  errorStrings?: Partial<LinekitErrorStrings>
}

/** The phrase, once it stopped changing for `ms` (an emptied field clears at once). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return value.trim() === '' ? value : settled
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
 * the server's window of searched messages ends. Built on {@link useMessageSearch} (linekit/server's
 * read model: no request of the key's budget). `<ConversationList>` shows it under its threads
 * while the user searches.
 */
export default function MessageSearchResults({
  query,
  lineIds,
  titleOf,
  onSelect,
  debounceMs = 250,
  when,
  strings,
  errorStrings,
  className,
  ...props
}: MessageSearchResultsProps) {
  const s = mergeStrings(messageSearchResultsStrings, strings)
  const settled = useSettled(query, debounceMs)
  const search = useMessageSearch({ query: settled, ...(lineIds?.length === 1 ? { lineId: lineIds[0]! } : {}) })
  const nameOf = useContactDirectory()
  const lines = lineIds === undefined ? undefined : new Set(lineIds.map((id) => id.toLowerCase()))
  const found = lines ? search.messages.filter((m) => lines.has(m.line_id.toLowerCase())) : search.messages
  const needle = settled.trim().toLowerCase()
  const state =
    search.status === 'idle'
      ? 'idle'
      : search.status === 'pending'
        ? 'loading'
        : search.status === 'error'
          ? 'error'
          : found.length === 0
            ? 'empty'
            : 'ready'
  if (state === 'idle') return null

  return (
    <section
      aria-label={s.label}
      aria-busy={search.isFetching || undefined}
      {...props}
      className={cx('lk-MessageSearchResults', className)}
      data-state={state}
    >
      <h3 className="lk-MessageSearchResults-heading">{s.label}</h3>
      {state === 'loading' ? (
        <p className="lk-MessageSearchResults-note" role="status">
          {s.searching}
        </p>
      ) : state === 'error' ? (
        <div className="lk-MessageSearchResults-note" role="alert">
          <p>
            {s.error} {describeLinekitError(search.error, 'load', errorStrings)}
          </p>
          <button type="button" className="lk-Button" data-variant="small" onClick={search.refetch}>
            {s.retry}
          </button>
        </div>
      ) : state === 'empty' ? (
        <p className="lk-MessageSearchResults-note" role="status">
          {s.none(settled.trim())}
        </p>
      ) : (
        <ul className="lk-MessageSearchResults-list">
          {found.map((m) => {
            const thread = threadOfMessage(m)
            const title = titleOf?.(thread) ?? (thread.kind === 'direct' ? nameOf(thread.id) : undefined) ?? thread.id
            return (
              <li key={m.message_handle}>
                <button
                  type="button"
                  className="lk-MessageSearchResults-item"
                  onClick={() => onSelect?.({ ...thread, message: m })}
                >
                  <span className="lk-MessageSearchResults-top">
                    <span className="lk-MessageSearchResults-title">
                      {thread.kind === 'group' ? <span className="lk-sr-only">{s.group}: </span> : null}
                      {title}
                    </span>
                    <time className="lk-MessageSearchResults-time" dateTime={m.created_at}>
                      {when(m.created_at)}
                    </time>
                  </span>
                  <span className="lk-MessageSearchResults-text">
                    {m.direction === 'outbound' ? s.you : ''}
                    {marked(m.content, needle)}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {state === 'ready' && search.more ? <p className="lk-MessageSearchResults-note">{s.more}</p> : null}
      {(state === 'ready' || state === 'empty') && search.since !== null ? (
        <p className="lk-MessageSearchResults-note">{s.since(when(search.since))}</p>
      ) : null}
    </section>
  )
}
