'use client'
import {
  useId,
  useState,
  type ButtonHTMLAttributes,
  type ChangeEvent,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type ThHTMLAttributes,
} from 'react'
import type { CallLog } from '../../../api/schemas'
import { useCallLogs } from '../../../hooks/useCallLogs'
import { useLines } from '../../../hooks/useLines'
import { usePeople } from '../../../hooks/internal/usePeople'
import { useControllableState } from '../../shared/useControllableState'
import { callLogsToCsv } from './csv'
import { useRecordingPlayer } from './useRecordingPlayer'
import {
  MAX_PAGE,
  WINDOW,
  callLogsQueryOf,
  nextColumnSort,
  noCallLogFilters,
  sortRows,
  type CallLogColumnSort,
  type CallLogSortKey,
  type CallLogTableFilters,
  type DispositionFilter,
} from './callLogView'

/** Options of {@link useCallLogTable}. */
export interface UseCallLogTableOptions {
  /** Rows per page, 1–100. @default 25 */
  pageSize?: number | undefined
  /** The filters (controlled). @default undefined */
  filters?: CallLogTableFilters | undefined
  /** The initial filters (uncontrolled); missing ones are off. @default no filter */
  defaultFilters?: Partial<CallLogTableFilters> | undefined
  /** Called with the new filters when the user changes one. @default undefined */
  onFiltersChange?: ((filters: CallLogTableFilters) => void) | undefined
  /** Order by time (controlled). @default undefined */
  sort?: 'asc' | 'desc' | undefined
  /** Initial order by time (uncontrolled). @default 'desc' */
  defaultSort?: 'asc' | 'desc' | undefined
  /** Called when the user flips the order. @default undefined */
  onSortChange?: ((sort: 'asc' | 'desc') => void) | undefined
  /** Called with the CSV of the loaded rows on export (the file is downloaded too, when the browser can). */
  onExport?: ((csv: string, rows: readonly CallLog[]) => void) | undefined
  /** File name of the export. @default 'call-logs.csv' */
  exportFileName?: string | undefined
}

const NONE: ReadonlySet<string> = new Set()

/**
 * The CallLogTable's behaviour without its markup: the filtered, sorted and paged call log
 * (never past the service's 2,000-row window), the filters and the order by time (each
 * controlled or uncontrolled), the loaded page's disposition filter and column sort, open
 * transcripts, one recording player, and the CSV export. Changing a filter or the order goes
 * back to the first page. Returns the state and prop bags to spread on your own elements.
 *
 * @example
 * const log = useCallLogTable({ pageSize: 10, defaultFilters: { disposition: 'voicemail' } })
 * return (
 *   <>
 *     <select {...log.dispositionSelectProps} aria-label="Disposition">…</select>
 *     <ul>{log.shownRows.map((row) => <li key={row.id}>{row.to_number}</li>)}</ul>
 *     <button {...log.previousButtonProps}>Previous</button>
 *     <button {...log.nextButtonProps}>Next</button>
 *   </>
 * )
 */
export function useCallLogTable(options: UseCallLogTableOptions = {}) {
  const { onExport, exportFileName = 'call-logs.csv' } = options
  const id = useId()
  const pageSize = Math.min(MAX_PAGE, Math.max(1, Math.floor(options.pageSize ?? 25)))
  const [filters, setFilters] = useControllableState<CallLogTableFilters>({
    prop: options.filters,
    defaultProp: { ...noCallLogFilters, ...options.defaultFilters },
    onChange: options.onFiltersChange,
    caller: 'useCallLogTable (filters)',
  })
  const [sort, setSort] = useControllableState<'asc' | 'desc'>({
    prop: options.sort,
    defaultProp: options.defaultSort ?? 'desc',
    onChange: options.onSortChange,
    caller: 'useCallLogTable (sort)',
  })
  // The page and the open transcripts belong to one query: a new filter or order (from the user
  // or a controlling parent) starts again on the first page, all closed. The disposition only
  // filters the loaded page, so it keeps them.
  const queryKey = JSON.stringify([filters.lineId, filters.answeredFrom, filters.answeredTo, sort])
  const [paging, setPaging] = useState({ key: queryKey, page: 0, expanded: NONE })
  const view = paging.key === queryKey ? paging : { key: queryKey, page: 0, expanded: NONE }
  const setView = (next: Partial<typeof view>) => setPaging({ ...view, ...next })
  const [columnSort, setColumnSort] = useState<CallLogColumnSort | undefined>(undefined)
  const player = useRecordingPlayer()

  const offset = Math.min(view.page * pageSize, WINDOW - 1)
  const limit = Math.min(pageSize, WINDOW - offset)
  const logs = useCallLogs(callLogsQueryOf(filters, sort, { offset, limit }))
  const people = usePeople()
  const lines = useLines()
  const rows = logs.data?.data ?? []
  const total = logs.data?.pagination.total ?? 0
  const { disposition } = filters
  const filteredRows =
    disposition === 'all' ? rows : rows.filter((r) => (r.disposition ?? 'classifying') === disposition)
  // The service orders by time only (spec: call_log_timestamp); other columns sort the loaded page.
  const shownRows = columnSort ? sortRows(filteredRows, columnSort) : filteredRows
  const status: 'loading' | 'error' | 'empty' | 'ready' =
    logs.status === 'pending' ? 'loading' : logs.status === 'error' ? 'error' : rows.length === 0 ? 'empty' : 'ready'
  const hasNext = offset + limit < total && offset + limit < WINDOW

  const setFilter = <K extends keyof CallLogTableFilters>(key: K, value: CallLogTableFilters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }))
  const toggleExpanded = (rowId: string) => {
    const next = new Set(view.expanded)
    if (next.has(rowId)) next.delete(rowId)
    else next.add(rowId)
    setView({ expanded: next })
  }
  const previousPage = () => setView({ page: Math.max(0, view.page - 1) })
  const nextPage = () => setView({ page: view.page + 1 })
  const sortByColumn = (key: CallLogSortKey) => setColumnSort((c) => nextColumnSort(c, key))
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

  const ids = {
    answeredNote: `${id}-answered-note`,
    dispositionNote: `${id}-disposition-note`,
    transcript: (rowId: string) => `${id}-tr-${rowId}`,
  }
  const button = (onClick: () => void, disabled?: boolean): ButtonHTMLAttributes<HTMLButtonElement> => ({
    type: 'button',
    onClick,
    ...(disabled === undefined ? {} : { disabled }),
  })
  const dayInput = (key: 'answeredFrom' | 'answeredTo'): InputHTMLAttributes<HTMLInputElement> => ({
    type: 'date',
    value: filters[key] ?? '',
    ...(key === 'answeredFrom' ? { max: filters.answeredTo || undefined } : { min: filters.answeredFrom || undefined }),
    'aria-describedby': ids.answeredNote,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setFilter(key, e.target.value || null),
  })
  const columnDir = (key: CallLogSortKey) => (columnSort?.key === key ? columnSort.dir : undefined)

  return {
    /** `loading` | `error` (see `error`) | `empty` (no calls on this page) | `ready`. */
    status,
    logs,
    error: logs.error,
    /** The lines to filter by. */
    lines: lines.lines ?? [],
    /** Names of the numbers in the rows (the contact store). */
    people,
    /** The loaded page, as the service ordered it. */
    rows,
    /** The loaded page after the disposition filter and the column sort: the rows to show. */
    shownRows,
    total,
    offset,
    limit,
    page: view.page,
    hasNext,
    hasPrevious: view.page > 0,
    /** Set when the pages stop at the service's window (offset + limit <= 2000) before the last call. */
    atWindowLimit: total > WINDOW && offset + limit >= WINDOW - pageSize,
    filters,
    setFilters,
    setFilter,
    /** Whether a filter applied by the service (line, answered-at) is on. */
    filtered: !!(filters.lineId || filters.answeredFrom || filters.answeredTo),
    sort,
    setSort,
    columnSort,
    /** The direction the loaded page is sorted by this column, if it is. */
    columnDir,
    sortByColumn,
    isExpanded: (rowId: string) => view.expanded.has(rowId),
    toggleExpanded,
    previousPage,
    nextPage,
    exportCsv,
    /** The one recording player of the table (spread `player.audioProps` on one `<audio>`). */
    player,
    ids,
    lineSelectProps: {
      value: filters.lineId ?? '',
      onChange: (e: ChangeEvent<HTMLSelectElement>) => setFilter('lineId', e.target.value || null),
    } satisfies SelectHTMLAttributes<HTMLSelectElement>,
    answeredFromInputProps: dayInput('answeredFrom'),
    answeredToInputProps: dayInput('answeredTo'),
    dispositionSelectProps: {
      value: disposition,
      'aria-describedby': ids.dispositionNote,
      onChange: (e: ChangeEvent<HTMLSelectElement>) => setFilter('disposition', e.target.value as DispositionFilter),
    } satisfies SelectHTMLAttributes<HTMLSelectElement>,
    sortButtonProps: button(() => setSort((s) => (s === 'desc' ? 'asc' : 'desc'))),
    exportButtonProps: button(exportCsv, rows.length === 0),
    previousButtonProps: button(previousPage, view.page === 0 || status === 'loading'),
    nextButtonProps: button(nextPage, !hasNext || status === 'loading'),
    tableProps: { 'aria-busy': status === 'loading' || logs.isFetching || undefined },
    columnHeaderProps: (key: CallLogSortKey): ThHTMLAttributes<HTMLTableCellElement> => ({
      scope: 'col',
      'aria-sort': columnDir(key),
    }),
    columnSortButtonProps: (key: CallLogSortKey) => button(() => sortByColumn(key)),
    transcriptButtonProps: (row: CallLog): ButtonHTMLAttributes<HTMLButtonElement> => ({
      ...button(() => toggleExpanded(row.id)),
      'aria-expanded': view.expanded.has(row.id),
      'aria-controls': ids.transcript(row.id),
    }),
  }
}

/** What {@link useCallLogTable} returns. */
export type UseCallLogTableResult = ReturnType<typeof useCallLogTable>
