'use client'
import type { ThreadUnsent } from '../../../hooks/internal/drafts'
import type { ConversationSummary } from '../../../hooks/useConversationList'
import { describeLinekitError, type LinekitErrorStrings } from '../../shared/errorMessages'
import { serviceBadgeStrings, type ServiceName } from '../ServiceBadge/ServiceBadge'
import { clockTime, dayKey, type DateOptions } from '../../shared/time'

/** The strings a row of `<ConversationList>` reads. */
interface RowStrings {
  group: string
  /** A group whose full member list the kit does not know: only who replied is named. */
  groupWithOthers: (names: string) => string
  unnamedGroup: string
  you: string
  attachment: string
  voiceMemo: string
  unread: (n: number) => string
  draft: string
  unsent: string
}

/** A group's title: its name, its members, or who replied "and others" (the rest are not known). */
const groupTitle = (
  c: Pick<ConversationSummary, 'kind' | 'title' | 'named' | 'participantsKnown'>,
  s: Pick<RowStrings, 'groupWithOthers' | 'unnamedGroup'>,
) => {
  if (c.kind !== 'group' || c.named || c.participantsKnown) return c.title || s.unnamedGroup
  return c.title ? s.groupWithOthers(c.title) : s.unnamedGroup
}

const initials = (c: ConversationSummary): string => {
  if (!c.named) return c.kind === 'group' ? '#' : ''
  const words = c.title.split(/[\s,]+/).filter(Boolean)
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '')).toUpperCase()
}

const preview = (c: ConversationSummary, s: RowStrings) => {
  const m = c.last
  const text = m.content || (m.voice_attachment_url ? s.voiceMemo : m.media_attachment_url ? s.attachment : '')
  // An attachment-only send whose summary carries no attachment field yet still says what was sent.
  const sent = text || (m.direction === 'outbound' ? s.attachment : '')
  return `${m.direction === 'outbound' ? s.you : ''}${sent}`
}

/** A typed text as one line of the row. */
const oneLine = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()

/** One thread of `<ConversationList>`: an option of its listbox, placed by the virtualizer. */
export function ConversationListRow({
  c,
  id,
  index,
  setSize,
  start,
  size,
  selected,
  tabbable,
  onOpen,
  onFocus,
  when,
  held,
  s,
}: {
  c: ConversationSummary
  /** What the agent typed in this thread that the service does not have yet. */
  held: ThreadUnsent | undefined
  id: string
  index: number
  setSize: number
  /** Offset and height in the canvas, in px. */
  start: number
  size: number
  selected: boolean
  /** The one option in the Tab order. */
  tabbable: boolean
  onOpen: (c: ConversationSummary) => void
  onFocus: (key: string) => void
  /** The last message's time as shown (a time today, else a date). */
  when: (iso: string) => string
  s: RowStrings
}) {
  const avatar = initials(c)
  // A draft first (it is what the agent will find in the box), else a message still to go.
  const marker = held?.draft !== undefined ? 'draft' : held?.unsent !== undefined ? 'unsent' : undefined
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the listbox handles the keys
    <li
      id={id}
      role="option"
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      data-key={c.key}
      onClick={() => onOpen(c)}
      onFocus={() => onFocus(c.key)}
      className="lk-ConversationList-row"
      aria-setsize={setSize}
      aria-posinset={index + 1}
      data-kind={c.kind}
      data-unread={c.unread > 0 || undefined}
      data-draft={marker}
      data-selected={selected || undefined}
      data-service={c.last.service}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        height: size,
        transform: `translateY(${start}px)`,
      }}
    >
      <div className="lk-ConversationList-item">
        <span className="lk-ConversationList-avatar" aria-hidden="true" data-kind={c.kind}>
          {avatar || <span className="lk-ConversationList-avatarIcon">{c.kind === 'group' ? '#' : '☎︎'}</span>}
        </span>
        <span className="lk-ConversationList-main">
          <span className="lk-ConversationList-top">
            {/* Isolated: a name's own direction marks (U+202E) never reorder the row; a name too long
                for the row is cut, and whole in its tooltip. */}
            <span className="lk-ConversationList-title" title={groupTitle(c, s)}>
              {c.kind === 'group' ? <span className="lk-sr-only">{s.group}: </span> : null}
              <bdi>{groupTitle(c, s)}</bdi>
            </span>
            {c.kind === 'direct' && c.named ? <span className="lk-sr-only">, {c.id}</span> : null}
            <time className="lk-ConversationList-time" dateTime={c.last.created_at}>
              {when(c.last.created_at)}
            </time>
          </span>
          <span className="lk-ConversationList-bottom">
            {marker ? (
              <span className="lk-ConversationList-preview">
                <span className="lk-ConversationList-draft">{marker === 'draft' ? s.draft : s.unsent}</span>
                {oneLine(marker === 'draft' ? held?.draft : held?.unsent)}
              </span>
            ) : (
              <span className="lk-ConversationList-preview">{preview(c, s)}</span>
            )}
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
}

/** How a row shows its last message's time: the time for today's messages, else the date. */
export function timeOrDate(now: Date | undefined, dateOptions: DateOptions | undefined): (iso: string) => string {
  const today = dayKey(now ?? new Date(), dateOptions)
  return (iso: string) =>
    dayKey(iso, dateOptions) === today
      ? clockTime(iso, dateOptions)
      : new Intl.DateTimeFormat(dateOptions?.locale, {
          month: 'short',
          day: 'numeric',
          ...(dateOptions?.timeZone ? { timeZone: dateOptions.timeZone } : {}),
        }).format(new Date(iso))
}

/** What `<ConversationList>` shows instead of its threads: waiting, loading, a load error with Retry, or none. */
export function ConversationListPlaceholder({
  state,
  rateLimitedFor,
  search,
  error,
  onRetry,
  errorStrings,
  s,
}: {
  state: 'rate-limited' | 'loading' | 'error' | 'empty'
  rateLimitedFor: number | null
  search: string
  error: unknown
  onRetry: () => void
  errorStrings: Partial<LinekitErrorStrings> | undefined
  s: {
    rateLimited: (seconds: number) => string
    loading: string
    error: string
    retry: string
    noMatch: (query: string) => string
    empty: string
  }
}) {
  return state === 'rate-limited' ? (
    <p className="lk-ConversationList-placeholder" role="status">
      {s.rateLimited(rateLimitedFor ?? 0)}
    </p>
  ) : state === 'loading' ? (
    <p className="lk-ConversationList-placeholder" role="status">
      {s.loading}
    </p>
  ) : state === 'error' ? (
    <div className="lk-ConversationList-placeholder" role="alert">
      <p>
        {s.error} {describeLinekitError(error, 'load', errorStrings)}
      </p>
      <button type="button" className="lk-Button" onClick={onRetry}>
        {s.retry}
      </button>
    </div>
  ) : (
    <p className="lk-ConversationList-placeholder" role="status">
      {search.trim() ? s.noMatch(search.trim()) : s.empty}
    </p>
  )
}

/** After the loaded threads, while there are older ones: "Load older conversations". */
export function ConversationListOlder({
  isFetchingOlder,
  onLoadOlder,
  s,
}: {
  isFetchingOlder: boolean
  onLoadOlder: () => void
  s: { loadOlder: string; loadingOlder: string }
}) {
  return (
    <div className="lk-ConversationList-older">
      <button
        type="button"
        className="lk-Button"
        data-variant="ghost small"
        disabled={isFetchingOlder}
        onClick={onLoadOlder}
      >
        {isFetchingOlder ? s.loadingOlder : s.loadOlder}
      </button>
    </div>
  )
}
