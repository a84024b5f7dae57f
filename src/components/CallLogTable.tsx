'use client'
import { Fragment, useId, useMemo, useState, type HTMLAttributes } from 'react'
import type { CallLog, CallLogsQuery } from '../api/schemas'
import { dispositions, type Disposition } from '../api/values'
import { useCallLogs } from '../hooks/useCallLogs'
import { useLines } from '../hooks/useLines'
import { callLogsToCsv, parseTranscript } from './calling/csv'
import { formatDateTime, formatDuration } from './calling/format'
import { safeHttpUrl } from './internal/url'
import { cx } from './internal/cx'
import { mergeStrings, type StringOverrides } from './internal/mergeStrings'
import { useRecordingPlayer, type RecordingPlayback } from './calling/useRecordingPlayer'
import { lineLabel } from './lineLabel'
import { usePeople } from '../hooks/internal/usePeople'
import { Person } from './internal/Person'

// spec: Limits — page size 1 to 100; offset + limit <= 2000 on the call-log list.
const MAX_PAGE = 100
const WINDOW = 2000

/** Default, overridable texts of the {@link CallLogTable} (i18n). */
export const callLogTableStrings = {
  caption: 'Outbound calls',
  loading: 'Loading calls…',
  error: 'Calls could not be loaded.',
  retry: 'Try again',
  empty: 'No calls yet.',
  emptyFiltered: 'No calls match these filters.',
  line: 'Line',
  allLines: 'All lines',
  answeredFrom: 'Answered from',
  answeredTo: 'Answered to',
  answeredNote: 'Answered-at filters show answered calls only.',
  disposition: 'Disposition (this page)',
  allDispositions: 'All dispositions',
  dispositionNote: (shown: number, loaded: number) =>
    `The disposition filter applies to the calls loaded on this page only (the service has no disposition filter): ${shown} of ${loaded} shown.`,
  sortedOnPage: 'Sorted within the loaded page; the service orders pages by time only.',
  sortBy: (column: string) => `Sort by ${column}`,
  sortNewest: 'Newest first',
  sortOldest: 'Oldest first',
  sortLabel: 'Sort by time',
  exportCsv: 'Export loaded rows (CSV)',
  previous: 'Previous page',
  next: 'Next page',
  range: (from: number, to: number, total: number) => `Calls ${from}–${to} of ${total}`,
  windowLimit:
    'Only the first 2,000 calls of a query can be paged (service limit). Narrow the answered-at range to reach older calls.',
  columns: {
    to: 'To',
    from: 'From',
    status: 'Status',
    disposition: 'Disposition',
    duration: 'Duration',
    answered: 'Answered',
    ended: 'Ended',
    recording: 'Recording',
    transcript: 'Transcript',
  },
  classifying: 'classifying',
  // spec: CallLog status — `completed`, `no-answer`, `busy`, `failed`, `canceled` (open-ended).
  statuses: {
    completed: 'Completed',
    'no-answer': 'No answer',
    busy: 'Busy',
    failed: 'Failed',
    canceled: 'Canceled',
    'in-progress': 'In progress',
  } as Record<string, string>,
  /** A status the list above does not name. */
  otherStatus: (status: string) => status.replace(/[-_]+/g, ' '),
  dispositions: {
    answered: 'Answered',
    voicemail: 'Voicemail',
    busy: 'Busy',
    no_answer: 'No answer',
    wrong_number: 'Wrong number',
    not_interested: 'Not interested',
    callback_requested: 'Callback requested',
    meeting_scheduled: 'Meeting scheduled',
    information_provided: 'Information provided',
    no_speech: 'No speech',
    unknown: 'Unknown',
  } satisfies Record<Disposition, string>,
  none: '—',
  playRecording: (to: string) => `Play the recording of the call to ${to}`,
  pauseRecording: (to: string) => `Pause the recording of the call to ${to}`,
  play: 'Play',
  pause: 'Pause',
  loadingRecording: 'Loading…',
  recordingError: 'The recording couldn’t be loaded. It may have expired; try again later.',
  unsafeRecording: 'Recording link not playable',
  showTranscript: 'Show transcript',
  hideTranscript: 'Hide transcript',
  transcriptOf: (to: string) => `Transcript of the call to ${to}`,
  noTranscript: 'No transcript',
}
/** Texts of the {@link CallLogTable}. */
export type CallLogTableStrings = typeof callLogTableStrings

/** Value of the disposition filter: a disposition, `classifying` (null), or all. */
export type DispositionFilter = Disposition | 'classifying' | 'all'

export interface CallLogTableProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Rows per page, 1–100. @default 25 */
  pageSize?: number
  /** Initial sort by time. @default 'desc' */
  defaultSort?: 'asc' | 'desc'
  /** Initial line filter. @default undefined (all lines) */
  defaultLineId?: string
  /** Initial answered-at lower bound (ISO 8601). */
  defaultAnsweredFrom?: string
  /** Initial answered-at upper bound (ISO 8601). */
  defaultAnsweredTo?: string
  /** Text overrides (i18n); nested groups merge. @default callLogTableStrings */
  strings?: StringOverrides<CallLogTableStrings>
  /** Locale for times. @default the browser's */
  locale?: string
  /** Called with the CSV of the loaded rows on export (the file is downloaded too, when the browser can). */
  onExport?: (csv: string, rows: readonly CallLog[]) => void
  /** File name of the export. @default 'call-logs.csv' */
  exportFileName?: string
}

/** Columns whose header sorts the loaded page. */
type SortKey = 'to' | 'status' | 'duration' | 'answered' | 'ended'

function sortValue(row: CallLog, key: SortKey): string | number {
  switch (key) {
    case 'to':
      return row.to_number
    case 'status':
      return row.status
    case 'duration':
      return row.duration_seconds ?? -1
    case 'answered':
      return row.answered_at ? Date.parse(row.answered_at) : -1
    case 'ended':
      return row.ended_at ? Date.parse(row.ended_at) : -1
  }
}
function sortRows(rows: readonly CallLog[], key: SortKey, dir: 'ascending' | 'descending'): CallLog[] {
  const sign = dir === 'ascending' ? 1 : -1
  return [...rows].sort((a, b) => {
    const x = sortValue(a, key)
    const y = sortValue(b, key)
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)))
  })
}

function toIsoStart(day: string): string | undefined {
  if (!day) return undefined
  const d = new Date(`${day}T00:00:00`)
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString()
}
function toIsoEnd(day: string): string | undefined {
  if (!day) return undefined
  const d = new Date(`${day}T23:59:59.999`)
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString()
}
function toDay(iso: string | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/**
 * The outbound dialer's call log: paginated (never past the service's 2,000-row window),
 * sorted by time either way, filtered by line and answered-at range on the service, and by
 * disposition on the loaded page (the service has none, and the table says so). Shows status,
 * disposition badges (`classifying` until the AI assigns one), duration, answered/ended times
 * in the user's locale, http(s) recordings, and expandable speaker-labelled transcripts.
 * Exports the loaded rows as CSV.
 *
 * Data attributes: root `data-state` (`loading` | `error` | `empty` | `ready`), `data-sort`
 * (`asc` | `desc`); rows `data-status`, `data-disposition` (a disposition or `classifying`),
 * `data-expanded`; badges `data-disposition`. Theme: `--lk-color-border`, `--lk-color-surface-raised`,
 * `--lk-calllog-badge-*` colours.
 *
 * @example
 * <LinekitProvider client={client}>
 *   <CallLogTable pageSize={50} defaultSort="asc" onExport={(csv) => save(csv)} />
 * </LinekitProvider>
 */
export function CallLogTable(props: CallLogTableProps) {
  const {
    pageSize: pageSizeProp = 25,
    defaultSort = 'desc',
    defaultLineId,
    defaultAnsweredFrom,
    defaultAnsweredTo,
    strings: stringsProp,
    locale,
    onExport,
    exportFileName = 'call-logs.csv',
    className,
    ...rest
  } = props
  const t = useMemo(() => mergeStrings(callLogTableStrings, stringsProp), [stringsProp])
  const id = useId()
  const pageSize = Math.min(MAX_PAGE, Math.max(1, Math.floor(pageSizeProp)))
  const [page, setPage] = useState(0)
  const [sort, setSort] = useState<'asc' | 'desc'>(defaultSort)
  const [lineId, setLineId] = useState(defaultLineId ?? '')
  const [from, setFrom] = useState(toDay(defaultAnsweredFrom))
  const [to, setTo] = useState(toDay(defaultAnsweredTo))
  const [disposition, setDisposition] = useState<DispositionFilter>('all')
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  const [columnSort, setColumnSort] = useState<{ key: SortKey; dir: 'ascending' | 'descending' } | undefined>(undefined)
  const player = useRecordingPlayer()

  const offset = Math.min(page * pageSize, WINDOW - 1)
  const limit = Math.min(pageSize, WINDOW - offset)
  const query: CallLogsQuery = {
    limit,
    offset,
    call_log_timestamp: sort,
    ...(lineId ? { pb_line_id: lineId } : {}),
    ...(from ? { answered_at_gte: toIsoStart(from) } : {}),
    ...(to ? { answered_at_lte: toIsoEnd(to) } : {}),
  }
  const logs = useCallLogs(query)
  const people = usePeople()
  const lines = useLines()
  const rows = logs.data?.data ?? []
  const total = logs.data?.pagination.total ?? 0
  const filteredRows =
    disposition === 'all' ? rows : rows.filter((r) => (r.disposition ?? 'classifying') === disposition)
  // The service orders by time only (spec: call_log_timestamp); other columns sort the loaded page.
  const shown = columnSort ? sortRows(filteredRows, columnSort.key, columnSort.dir) : filteredRows
  const filtered = !!(lineId || from || to)
  const state =
    logs.status === 'pending' ? 'loading' : logs.status === 'error' ? 'error' : rows.length === 0 ? 'empty' : 'ready'
  const hasNext = offset + limit < total && offset + limit < WINDOW
  const resetPage = () => {
    setPage(0)
    setExpanded(new Set())
  }

  const exportCsv = () => {
    const csv = callLogsToCsv(rows)
    onExport?.(csv, rows)
    if (typeof URL.createObjectURL !== 'function' || typeof document === 'undefined') return
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
    const a = document.createElement('a')
    a.href = url
    a.download = exportFileName
    document.body.append(a)
    a.click()
    a.remove()
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
  const toggle = (rowId: string) =>
    setExpanded((s) => {
      const next = new Set(s)
      if (next.has(rowId)) next.delete(rowId)
      else next.add(rowId)
      return next
    })

  const columns = 9
  const sortable = (key: SortKey) => {
    const dir = columnSort?.key === key ? columnSort.dir : undefined
    return (
      <th scope="col" aria-sort={dir}>
        <button
          type="button"
          className="lk-CallLogTable-sort-header"
          aria-label={t.sortBy(t.columns[key])}
          onClick={() =>
            setColumnSort(
              dir === undefined
                ? { key, dir: 'ascending' }
                : dir === 'ascending'
                  ? { key, dir: 'descending' }
                  : undefined,
            )
          }
        >
          {t.columns[key]}
          <span aria-hidden="true" className="lk-CallLogTable-sort-icon" data-dir={dir}>
            {dir === 'ascending' ? ' ▲' : dir === 'descending' ? ' ▼' : ''}
          </span>
        </button>
      </th>
    )
  }
  return (
    <section
      data-state={state}
      data-sort={sort}
      aria-labelledby={`${id}-caption`}
      {...rest}
      className={cx('lk-CallLogTable', className)}
    >
      <div className="lk-CallLogTable-toolbar" role="group" aria-label={t.caption}>
        <label>
          <span>{t.line}</span>
          <select
            value={lineId}
            onChange={(e) => {
              setLineId(e.target.value)
              resetPage()
            }}
          >
            <option value="">{t.allLines}</option>
            {(lines.lines ?? []).map((l) => (
              <option key={l.lineId} value={l.lineId}>
                {lineLabel(l)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t.answeredFrom}</span>
          <input
            type="date"
            value={from}
            max={to || undefined}
            aria-describedby={`${id}-answered-note`}
            onChange={(e) => {
              setFrom(e.target.value)
              resetPage()
            }}
          />
        </label>
        <label>
          <span>{t.answeredTo}</span>
          <input
            type="date"
            value={to}
            min={from || undefined}
            aria-describedby={`${id}-answered-note`}
            onChange={(e) => {
              setTo(e.target.value)
              resetPage()
            }}
          />
        </label>
        <label>
          <span>{t.disposition}</span>
          <select
            value={disposition}
            aria-describedby={`${id}-disposition-note`}
            onChange={(e) => setDisposition(e.target.value as DispositionFilter)}
          >
            <option value="all">{t.allDispositions}</option>
            <option value="classifying">{t.classifying}</option>
            {dispositions.map((d) => (
              <option key={d} value={d}>
                {t.dispositions[d]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="lk-CallLogTable-sort"
          aria-label={`${t.sortLabel}: ${sort === 'desc' ? t.sortNewest : t.sortOldest}`}
          onClick={() => {
            setSort((s) => (s === 'desc' ? 'asc' : 'desc'))
            resetPage()
          }}
        >
          {sort === 'desc' ? t.sortNewest : t.sortOldest}
        </button>
        <button type="button" className="lk-CallLogTable-export" disabled={rows.length === 0} onClick={exportCsv}>
          {t.exportCsv}
        </button>
      </div>
      <p id={`${id}-answered-note`} className="lk-CallLogTable-note" hidden={!from && !to}>
        {t.answeredNote}
      </p>
      <p id={`${id}-disposition-note`} className="lk-CallLogTable-note" role="status" data-kind="disposition">
        {disposition === 'all' ? '' : t.dispositionNote(shown.length, rows.length)}
      </p>
      <p className="lk-CallLogTable-note" data-kind="sort">
        {columnSort ? t.sortedOnPage : ''}
      </p>
      {/* One player for every recording of the table (one button per row, not a full audio element). */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- call recordings have no caption track; the transcript is the text alternative */}
      <audio {...player.audioProps} className="lk-CallLogTable-audio" />

      {state === 'error' ? (
        <div className="lk-CallLogTable-error" role="alert">
          <p>{t.error}</p>
          {(logs.error as Error | null)?.message ? (
            <p className="lk-CallLogTable-note">{(logs.error as Error).message}</p>
          ) : null}
          <button type="button" onClick={() => void logs.refetch()}>
            {t.retry}
          </button>
        </div>
      ) : null}

      <table className="lk-CallLogTable-table" aria-busy={state === 'loading' || logs.isFetching || undefined}>
        <caption id={`${id}-caption`}>{t.caption}</caption>
        <thead>
          <tr>
            {sortable('to')}
            <th scope="col">{t.columns.from}</th>
            {sortable('status')}
            <th scope="col">{t.columns.disposition}</th>
            {sortable('duration')}
            {sortable('answered')}
            {sortable('ended')}
            <th scope="col">{t.columns.recording}</th>
            <th scope="col">{t.columns.transcript}</th>
          </tr>
        </thead>
        <tbody>
          {state === 'loading' ? (
            <tr>
              <td colSpan={columns}>
                <span role="status">{t.loading}</span>
              </td>
            </tr>
          ) : state === 'empty' || (state === 'ready' && shown.length === 0) ? (
            <tr>
              <td colSpan={columns} className="lk-CallLogTable-empty">
                {filtered || disposition !== 'all' ? t.emptyFiltered : t.empty}
              </td>
            </tr>
          ) : (
            shown.map((row) => {
              const open = expanded.has(row.id)
              const recording = safeHttpUrl(row.recording_url)
              const disp = row.disposition ?? 'classifying'
              return (
                <Fragment key={row.id}>
                  <tr data-status={row.status} data-disposition={disp} data-expanded={open ? '' : undefined}>
                    <th scope="row" data-label={t.columns.to}>
                      <Person phone={row.to_number} people={people} />
                    </th>
                    <td data-label={t.columns.from}>
                      <Person phone={row.from_number} people={people} />
                    </td>
                    <td data-label={t.columns.status}>
                      <span className="lk-CallLogTable-status" data-status={row.status}>
                        {t.statuses[row.status] ?? t.otherStatus(row.status)}
                      </span>
                    </td>
                    <td data-label={t.columns.disposition}>
                      <span className="lk-CallLogTable-badge" data-disposition={disp}>
                        {row.disposition
                          ? (t.dispositions[row.disposition as Disposition] ?? row.disposition)
                          : t.classifying}
                      </span>
                    </td>
                    <td data-label={t.columns.duration}>
                      {row.duration_seconds === null ? t.none : formatDuration(row.duration_seconds)}
                    </td>
                    <td data-label={t.columns.answered}>
                      {row.answered_at ? (
                        <time dateTime={row.answered_at}>{formatDateTime(row.answered_at, locale)}</time>
                      ) : (
                        t.none
                      )}
                    </td>
                    <td data-label={t.columns.ended}>
                      {row.ended_at ? (
                        <time dateTime={row.ended_at}>{formatDateTime(row.ended_at, locale)}</time>
                      ) : (
                        t.none
                      )}
                    </td>
                    <td data-label={t.columns.recording}>
                      {recording ? (
                        <RecordingCell
                          url={recording}
                          playback={player.current?.id === row.id ? player.current.state : undefined}
                          onToggle={(url) => player.toggle(row.id, url)}
                          strings={t}
                          to={row.to_number}
                        />
                      ) : row.recording_url ? (
                        <span className="lk-CallLogTable-note">{t.unsafeRecording}</span>
                      ) : (
                        t.none
                      )}
                    </td>
                    <td data-label={t.columns.transcript}>
                      {row.transcript ? (
                        <button
                          type="button"
                          aria-expanded={open}
                          aria-controls={`${id}-tr-${row.id}`}
                          onClick={() => toggle(row.id)}
                        >
                          {open ? t.hideTranscript : t.showTranscript}
                        </button>
                      ) : (
                        <span className="lk-CallLogTable-note">{t.noTranscript}</span>
                      )}
                    </td>
                  </tr>
                  {row.transcript && open ? (
                    <tr className="lk-CallLogTable-transcript-row" id={`${id}-tr-${row.id}`}>
                      <td colSpan={columns}>
                        <ol
                          className="lk-CallLogTable-transcript"
                          aria-label={t.transcriptOf(people.label(row.to_number))}
                        >
                          {parseTranscript(row.transcript).map((part, i) => (
                            <li key={i} data-speaker={part.speaker}>
                              {part.speaker ? <strong>{part.speaker}: </strong> : null}
                              {part.text}
                            </li>
                          ))}
                        </ol>
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              )
            })
          )}
        </tbody>
      </table>

      <nav className="lk-CallLogTable-pager" aria-label={t.caption}>
        <button
          type="button"
          disabled={page === 0 || state === 'loading'}
          onClick={() => setPage((p) => Math.max(0, p - 1))}
        >
          {t.previous}
        </button>
        <span className="lk-CallLogTable-range">
          {rows.length > 0 ? t.range(offset + 1, offset + rows.length, total) : ''}
        </span>
        <button type="button" disabled={!hasNext || state === 'loading'} onClick={() => setPage((p) => p + 1)}>
          {t.next}
        </button>
      </nav>
      {total > WINDOW && offset + limit >= WINDOW - pageSize ? (
        <p className="lk-CallLogTable-note">{t.windowLimit}</p>
      ) : null}
    </section>
  )
}

/** One Play/Pause button for a row's recording, and a sentence when it cannot load. */
function RecordingCell(props: {
  url: string
  playback: RecordingPlayback['state'] | undefined
  onToggle: (url: string) => void
  strings: CallLogTableStrings
  to: string
}) {
  const { url, playback, onToggle, strings: t, to } = props
  const active = playback === 'playing' || playback === 'loading'
  return (
    <span className="lk-CallLogTable-recording" data-playback={playback}>
      <button
        type="button"
        aria-label={active ? t.pauseRecording(to) : t.playRecording(to)}
        onClick={() => onToggle(url)}
      >
        {active ? t.pause : t.play}
      </button>
      {playback === 'loading' ? <span className="lk-CallLogTable-note"> {t.loadingRecording}</span> : null}
      {playback === 'error' ? (
        <span className="lk-CallLogTable-recording-error" role="alert">
          {t.recordingError}
        </span>
      ) : null}
    </span>
  )
}
