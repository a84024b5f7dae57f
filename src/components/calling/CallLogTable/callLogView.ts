import type { CallLog, CallLogsQuery } from '../../../api/schemas'
import type { Disposition } from '../../../api/values'

// spec: Limits — page size 1 to 100; offset + limit <= 2000 on the call-log list.
export const MAX_PAGE = 100
export const WINDOW = 2000

/** Value of the disposition filter: a disposition, `classifying` (null), or all. */
export type DispositionFilter = Disposition | 'classifying' | 'all'

/** The call log's filters. A filter that is off is `null` (`all` for the disposition). */
export interface CallLogTableFilters {
  /** Only the calls of this line (sent to the service as `pb_line_id`); `null`: every line. */
  lineId: string | null
  /** First day of the answered-at range, `YYYY-MM-DD` in the user's time zone; `null`: no lower bound. */
  answeredFrom: string | null
  /** Last day of the answered-at range (included), `YYYY-MM-DD`; `null`: no upper bound. */
  answeredTo: string | null
  /** Disposition, applied to the loaded page only (the service has no disposition filter). */
  disposition: DispositionFilter
}

export const noCallLogFilters: CallLogTableFilters = {
  lineId: null,
  answeredFrom: null,
  answeredTo: null,
  disposition: 'all',
}

/** Columns whose header sorts the loaded page. */
export type CallLogSortKey = 'to' | 'status' | 'duration' | 'answered' | 'ended'
/** The loaded page's order by a column (the service orders by time only). */
export type CallLogColumnSort = { key: CallLogSortKey; dir: 'ascending' | 'descending' }

function sortValue(row: CallLog, key: CallLogSortKey): string | number {
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
export function sortRows(rows: readonly CallLog[], { key, dir }: CallLogColumnSort): CallLog[] {
  const sign = dir === 'ascending' ? 1 : -1
  return [...rows].sort((a, b) => {
    const x = sortValue(a, key)
    const y = sortValue(b, key)
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)))
  })
}
/** A header's click: unsorted → ascending → descending → unsorted. */
export function nextColumnSort(
  current: CallLogColumnSort | undefined,
  key: CallLogSortKey,
): CallLogColumnSort | undefined {
  const dir = current?.key === key ? current.dir : undefined
  if (dir === undefined) return { key, dir: 'ascending' }
  return dir === 'ascending' ? { key, dir: 'descending' } : undefined
}

function toIsoStart(day: string): string | undefined {
  const d = new Date(`${day}T00:00:00`)
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString()
}
function toIsoEnd(day: string): string | undefined {
  const d = new Date(`${day}T23:59:59.999`)
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString()
}
/** The service's query for one page of the filtered log; the answered-at days cover whole local days. */
export function callLogsQueryOf(
  filters: CallLogTableFilters,
  sort: 'asc' | 'desc',
  page: { offset: number; limit: number },
): CallLogsQuery {
  const { lineId, answeredFrom: from, answeredTo: to } = filters
  return {
    limit: page.limit,
    offset: page.offset,
    call_log_timestamp: sort,
    ...(lineId ? { pb_line_id: lineId } : {}),
    ...(from ? { answered_at_gte: toIsoStart(from) } : {}),
    ...(to ? { answered_at_lte: toIsoEnd(to) } : {}),
  }
}
