/**
 * The newest call logs as the service last listed them, and `GET /get-call-logs-api` answered
 * from them when that is exact (spec: GET /get-call-logs-api). The list has no time filter on
 * creation (only `answered_at_*`), so the model keeps the newest page, re-read by the reconciler.
 */
import type { CallLog, CallLogsListResponse } from '../../src/api'
import { getCallLogsRoute } from '../../src/api/endpoints/getCallLogsRoute'
import { MAX_PAGE_SIZE, MAX_PAGE_WINDOW } from '../../src/api/limits'
import type { MessagesQueryInput } from './query'

/** The newest call logs, newest first (the service's order), and whether they are all of them. */
export interface HeldCallLogs {
  logs: CallLog[]
  /** The page was short: the account has no older call logs. */
  complete: boolean
}

const KNOWN = new Set<string>(getCallLogsRoute.query)
const INTEGER = /^\d{1,6}$/

/**
 * Answers a call-log query from `held`, limited to `visibleLineIds`, or undefined: when it is
 * not exact (oldest first, or not more matches than `offset + limit` in an incomplete page),
 * when the service would refuse it, and for a `pb_line_id` the user may not use (the proxy's
 * to refuse). Call logs without a line (`line_id` null) belong to no user's lines here.
 */
export function queryCallLogs(
  held: HeldCallLogs | null,
  input: MessagesQueryInput,
  visibleLineIds: readonly string[],
): CallLogsListResponse | undefined {
  if (!held) return undefined
  const pairs = input instanceof URLSearchParams ? [...input] : Object.entries(input)
  const seen = new Set<string>()
  let limit = MAX_PAGE_SIZE
  let offset = 0
  let desc = true
  let lineId: string | undefined
  let gte: number | undefined
  let lte: number | undefined
  for (const [name, raw] of pairs) {
    if (raw === undefined) continue
    const value = String(raw)
    if (!KNOWN.has(name) || seen.has(name)) return undefined
    seen.add(name)
    if (name === 'limit' || name === 'offset') {
      if (!INTEGER.test(value)) return undefined
      if (name === 'limit') limit = Number(value)
      else offset = Number(value)
    } else if (name === 'call_log_timestamp') {
      if (value !== 'asc' && value !== 'desc') return undefined
      desc = value === 'desc'
    } else if (name === 'pb_line_id') lineId = value
    else {
      // spec: answered_at bounds are inclusive; an invalid date returns 400.
      const time = Date.parse(value)
      if (Number.isNaN(time)) return undefined
      if (name === 'answered_at_gte') gte = time
      else lte = time
    }
  }
  // spec: limit 1 to 100; offset + limit <= 2000, else 400.
  if (limit < 1 || limit > MAX_PAGE_SIZE || offset + limit > MAX_PAGE_WINDOW) return undefined
  if (lineId !== undefined && !visibleLineIds.includes(lineId)) return undefined
  const lines = new Set(lineId !== undefined ? [lineId] : visibleLineIds)
  const found = held.logs.filter((log) => {
    if (log.line_id === null || !lines.has(log.line_id)) return false
    if (gte === undefined && lte === undefined) return true
    // spec: answered_at bounds "match only answered calls".
    const answered = log.answered_at === null ? NaN : Date.parse(log.answered_at)
    if (Number.isNaN(answered)) return false
    return (gte === undefined || answered >= gte) && (lte === undefined || answered <= lte)
  })
  if (!held.complete && (!desc || found.length <= offset + limit)) return undefined
  const ordered = desc ? found : [...found].reverse()
  return {
    status: 'OK',
    data: ordered.slice(offset, offset + limit),
    pagination: { limit, offset, total: ordered.length },
  }
}
