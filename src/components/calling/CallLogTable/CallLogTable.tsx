'use client'
import { useId, useMemo, type HTMLAttributes } from 'react'
import type { CallLog } from '../../../api/schemas'
import { dispositions, type Disposition } from '../../../api/values'
import { parseTranscript } from './csv'
import { formatDateTime, formatDuration } from '../../shared/format'
import { safeHttpUrl } from '../../shared/url'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import type { RecordingPlayback } from './useRecordingPlayer'
import { lineLabel } from '../../shared/lineLabel'
import { Person } from './Person'
import { callLogTableStrings, type CallLogTableStrings } from './callLogTableStrings'
import { type CallLogSortKey, type CallLogTableFilters, type DispositionFilter } from './callLogView'
import { useCallLogTable, type UseCallLogTableResult } from './useCallLogTable'

export { callLogTableStrings, type CallLogTableStrings, type CallLogTableFilters, type DispositionFilter }

export interface CallLogTableProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Rows per page, 1–100. @default 25 */
  pageSize?: number
  /** The filters (controlled): line, answered-at days, disposition. @default undefined */
  filters?: CallLogTableFilters
  /** The initial filters (uncontrolled); missing ones are off. @default no filter */
  defaultFilters?: Partial<CallLogTableFilters>
  /** Called with the new filters when the user changes one. @default undefined */
  onFiltersChange?: (filters: CallLogTableFilters) => void
  /** Order by time (controlled). @default undefined */
  sort?: 'asc' | 'desc'
  /** Initial order by time (uncontrolled). @default 'desc' */
  defaultSort?: 'asc' | 'desc'
  /** Called when the user flips the order by time. @default undefined */
  onSortChange?: (sort: 'asc' | 'desc') => void
  /** Text overrides (i18n); nested groups merge. @default callLogTableStrings */
  strings?: StringOverrides<CallLogTableStrings>
  /** Locale for times. @default the browser's */
  locale?: string
  /** Called with the CSV of the loaded rows on export (the file is downloaded too, when the browser can). */
  onExport?: (csv: string, rows: readonly CallLog[]) => void
  /** File name of the export. @default 'call-logs.csv' */
  exportFileName?: string
}

const COLUMNS = 9

/**
 * The outbound dialer's call log: paginated (never past the service's 2,000-row window),
 * sorted by time either way, filtered by line and answered-at range on the service, and by
 * disposition on the loaded page (the service has none, and the table says so). Shows status,
 * disposition badges (`classifying` until the AI assigns one), duration, answered/ended times
 * in the user's locale, http(s) recordings, and expandable speaker-labelled transcripts.
 * Exports the loaded rows as CSV. Markup over {@link useCallLogTable}; the filters and the
 * order are controlled (`filters`, `sort`) or uncontrolled (`defaultFilters`, `defaultSort`).
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
    pageSize,
    filters,
    defaultFilters,
    onFiltersChange,
    sort,
    defaultSort,
    onSortChange,
    strings: stringsProp,
    locale,
    onExport,
    exportFileName,
    className,
    ...rest
  } = props
  const texts = useMemo(() => mergeStrings(callLogTableStrings, stringsProp), [stringsProp])
  const id = useId()
  const log = useCallLogTable({
    pageSize,
    filters,
    defaultFilters,
    onFiltersChange,
    sort,
    defaultSort,
    onSortChange,
    onExport,
    exportFileName,
  })
  const { status, rows, shownRows } = log
  return (
    <section
      data-state={status}
      data-sort={log.sort}
      aria-labelledby={`${id}-caption`}
      {...rest}
      className={cx('lk-CallLogTable', className)}
    >
      <Toolbar log={log} strings={texts} />
      {/* One player for every recording of the table (one button per row, not a full audio element). */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- call recordings have no caption track; the transcript is the text alternative */}
      <audio {...log.player.audioProps} className="lk-CallLogTable-audio" />

      {status === 'error' ? (
        <div className="lk-CallLogTable-error" role="alert">
          <p>{texts.error}</p>
          {(log.error as Error | null)?.message ? (
            <p className="lk-CallLogTable-note">{(log.error as Error).message}</p>
          ) : null}
          <button type="button" onClick={() => void log.logs.refetch()}>
            {texts.retry}
          </button>
        </div>
      ) : null}

      <table className="lk-CallLogTable-table" {...log.tableProps}>
        <caption id={`${id}-caption`}>{texts.caption}</caption>
        <thead>
          <tr>
            <SortHeader log={log} column="to" strings={texts} />
            <th scope="col">{texts.columns.from}</th>
            <SortHeader log={log} column="status" strings={texts} />
            <th scope="col">{texts.columns.disposition}</th>
            <SortHeader log={log} column="duration" strings={texts} />
            <SortHeader log={log} column="answered" strings={texts} />
            <SortHeader log={log} column="ended" strings={texts} />
            <th scope="col">{texts.columns.recording}</th>
            <th scope="col">{texts.columns.transcript}</th>
          </tr>
        </thead>
        <tbody>
          {status === 'loading' ? (
            <tr>
              <td colSpan={COLUMNS}>
                <span role="status">{texts.loading}</span>
              </td>
            </tr>
          ) : status === 'empty' || (status === 'ready' && shownRows.length === 0) ? (
            <tr>
              <td colSpan={COLUMNS} className="lk-CallLogTable-empty">
                {log.filtered || log.filters.disposition !== 'all' ? texts.emptyFiltered : texts.empty}
              </td>
            </tr>
          ) : (
            shownRows.map((row) => <Row key={row.id} row={row} log={log} strings={texts} locale={locale} />)
          )}
        </tbody>
      </table>

      <nav className="lk-CallLogTable-pager" aria-label={texts.caption}>
        <button {...log.previousButtonProps}>{texts.previous}</button>
        <span className="lk-CallLogTable-range">
          {rows.length > 0 ? texts.range(log.offset + 1, log.offset + rows.length, log.total) : ''}
        </span>
        <button {...log.nextButtonProps}>{texts.next}</button>
      </nav>
      {log.atWindowLimit ? <p className="lk-CallLogTable-note">{texts.windowLimit}</p> : null}
    </section>
  )
}

type PartProps = { log: UseCallLogTableResult; strings: CallLogTableStrings }

/** The filters, the order by time and the export, with the notes that say what the filters do. */
function Toolbar({ log, strings: texts }: PartProps) {
  const { filters } = log
  return (
    <>
      <div className="lk-CallLogTable-toolbar" role="group" aria-label={texts.caption}>
        <label>
          <span>{texts.line}</span>
          <select {...log.lineSelectProps}>
            <option value="">{texts.allLines}</option>
            {log.lines.map((l) => (
              <option key={l.lineId} value={l.lineId}>
                {lineLabel(l)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{texts.answeredFrom}</span>
          <input {...log.answeredFromInputProps} />
        </label>
        <label>
          <span>{texts.answeredTo}</span>
          <input {...log.answeredToInputProps} />
        </label>
        <label>
          <span>{texts.disposition}</span>
          <select {...log.dispositionSelectProps}>
            <option value="all">{texts.allDispositions}</option>
            <option value="classifying">{texts.classifying}</option>
            {dispositions.map((d) => (
              <option key={d} value={d}>
                {texts.dispositions[d]}
              </option>
            ))}
          </select>
        </label>
        <button
          className="lk-CallLogTable-sort"
          aria-label={`${texts.sortLabel}: ${log.sort === 'desc' ? texts.sortNewest : texts.sortOldest}`}
          {...log.sortButtonProps}
        >
          {log.sort === 'desc' ? texts.sortNewest : texts.sortOldest}
        </button>
        <button className="lk-CallLogTable-export" {...log.exportButtonProps}>
          {texts.exportCsv}
        </button>
      </div>
      <p
        id={log.ids.answeredNote}
        className="lk-CallLogTable-note"
        hidden={!filters.answeredFrom && !filters.answeredTo}
      >
        {texts.answeredNote}
      </p>
      <p id={log.ids.dispositionNote} className="lk-CallLogTable-note" role="status" data-kind="disposition">
        {filters.disposition === 'all' ? '' : texts.dispositionNote(log.shownRows.length, log.rows.length)}
      </p>
      <p className="lk-CallLogTable-note" data-kind="sort">
        {log.columnSort ? texts.sortedOnPage : ''}
      </p>
    </>
  )
}

/** A column header that sorts the loaded page: unsorted → ascending → descending. */
function SortHeader({ log, column, strings: texts }: PartProps & { column: CallLogSortKey }) {
  const dir = log.columnDir(column)
  return (
    <th {...log.columnHeaderProps(column)}>
      <button
        className="lk-CallLogTable-sort-header"
        aria-label={texts.sortBy(texts.columns[column])}
        {...log.columnSortButtonProps(column)}
      >
        {texts.columns[column]}
        <span aria-hidden="true" className="lk-CallLogTable-sort-icon" data-dir={dir}>
          {dir === 'ascending' ? ' ▲' : dir === 'descending' ? ' ▼' : ''}
        </span>
      </button>
    </th>
  )
}

/** One call, and its transcript's row when open. */
function Row({ row, log, strings: texts, locale }: PartProps & { row: CallLog; locale: string | undefined }) {
  const open = log.isExpanded(row.id)
  const recording = safeHttpUrl(row.recording_url)
  const disp = row.disposition ?? 'classifying'
  const time = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso, locale)}</time> : texts.none)
  const playback = log.player.current?.id === row.id ? log.player.current.state : undefined
  return (
    <>
      <tr data-status={row.status} data-disposition={disp} data-expanded={open ? '' : undefined}>
        <th scope="row" data-label={texts.columns.to}>
          <Person phone={row.to_number} people={log.people} />
        </th>
        <td data-label={texts.columns.from}>
          <Person phone={row.from_number} people={log.people} />
        </td>
        <td data-label={texts.columns.status}>
          <span className="lk-CallLogTable-status" data-status={row.status}>
            {texts.statuses[row.status] ?? texts.otherStatus(row.status)}
          </span>
        </td>
        <td data-label={texts.columns.disposition}>
          <span className="lk-CallLogTable-badge" data-disposition={disp}>
            {row.disposition
              ? (texts.dispositions[row.disposition as Disposition] ?? row.disposition)
              : texts.classifying}
          </span>
        </td>
        <td data-label={texts.columns.duration}>
          {row.duration_seconds === null ? texts.none : formatDuration(row.duration_seconds)}
        </td>
        <td data-label={texts.columns.answered}>{time(row.answered_at)}</td>
        <td data-label={texts.columns.ended}>{time(row.ended_at)}</td>
        <td data-label={texts.columns.recording}>
          {recording ? (
            <RecordingCell
              url={recording}
              playback={playback}
              onToggle={(url) => log.player.toggle(row.id, url)}
              strings={texts}
              to={row.to_number}
            />
          ) : row.recording_url ? (
            <span className="lk-CallLogTable-note">{texts.unsafeRecording}</span>
          ) : (
            texts.none
          )}
        </td>
        <td data-label={texts.columns.transcript}>
          {row.transcript ? (
            <button {...log.transcriptButtonProps(row)}>{open ? texts.hideTranscript : texts.showTranscript}</button>
          ) : (
            <span className="lk-CallLogTable-note">{texts.noTranscript}</span>
          )}
        </td>
      </tr>
      {row.transcript && open ? (
        <tr className="lk-CallLogTable-transcript-row" id={log.ids.transcript(row.id)}>
          <td colSpan={COLUMNS}>
            <ol className="lk-CallLogTable-transcript" aria-label={texts.transcriptOf(log.people.label(row.to_number))}>
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
    </>
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
  const { url, playback, onToggle, strings: texts, to } = props
  const active = playback === 'playing' || playback === 'loading'
  return (
    <span className="lk-CallLogTable-recording" data-playback={playback}>
      <button
        type="button"
        aria-label={active ? texts.pauseRecording(to) : texts.playRecording(to)}
        onClick={() => onToggle(url)}
      >
        {active ? texts.pause : texts.play}
      </button>
      {playback === 'loading' ? <span className="lk-CallLogTable-note"> {texts.loadingRecording}</span> : null}
      {playback === 'error' ? (
        <span className="lk-CallLogTable-recording-error" role="alert">
          {texts.recordingError}
        </span>
      ) : null}
    </span>
  )
}
