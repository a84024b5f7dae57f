/**
 * `GET /get-messages-api` answered from the model, with the service's semantics
 * (spec: GET /get-messages-api), or `undefined` when the model cannot answer it exactly.
 */
import type { MessagesListResponse } from '../../src/api'
import { getMessagesRoute } from '../../src/api/endpoints/getMessagesRoute'
import { MAX_PAGE_SIZE, MAX_PAGE_WINDOW } from '../../src/api/limits'
import type { Entry } from './messageIndex'

/** Query parameters as received (a URL's search params, or a plain object). */
export type MessagesQueryInput = URLSearchParams | Record<string, string | number | undefined>

/** The parameters the service takes (spec: GET /get-messages-api); any other is its 400. */
const KNOWN = new Set<string>(getMessagesRoute.query)
const E164 = /^\+[1-9]\d{6,14}$/
const INTEGER = /^\d{1,6}$/

interface Parsed {
  limit: number
  offset: number
  bySent: boolean
  desc: boolean
  service?: string
  direction?: string
  lineId?: string
  from?: string
  to?: string
  createdGte?: number
  createdLte?: number
  sentGte?: number
  sentLte?: number
}

function entriesOf(input: MessagesQueryInput): [string, string][] | null {
  const out: [string, string][] = []
  const seen = new Set<string>()
  const pairs = input instanceof URLSearchParams ? [...input] : Object.entries(input)
  for (const [name, value] of pairs) {
    if (value === undefined) continue
    if (seen.has(name)) return null
    seen.add(name)
    out.push([name, String(value)])
  }
  return out
}

/**
 * Reads the query the way the service does. Anything the service would refuse (offset + limit
 * above 2000, `from_number` with `direction=outbound`, a bad date, an unknown parameter, a
 * number not in E.164) gives null: the service answers those with its own 400.
 */
function parse(input: MessagesQueryInput): Parsed | null {
  const pairs = entriesOf(input)
  if (!pairs) return null
  const q: Parsed = { limit: MAX_PAGE_SIZE, offset: 0, bySent: false, desc: true }
  for (const [name, value] of pairs) {
    if (!KNOWN.has(name)) return null
    const time = name.endsWith('_gte') || name.endsWith('_lte') ? Date.parse(value) : 0
    if (Number.isNaN(time)) return null
    if (name === 'limit' || name === 'offset') {
      if (!INTEGER.test(value)) return null
      q[name] = Number(value)
    } else if (name === 'order_by') {
      if (value !== 'createdAt' && value !== 'sentAt') return null
      q.bySent = value === 'sentAt'
    } else if (name === 'order_direction') {
      if (value !== 'asc' && value !== 'desc') return null
      q.desc = value === 'desc'
    } else if (name === 'service') {
      if (value !== 'nativechat' && value !== 'SMS' && value !== 'RCS') return null
      q.service = value
    } else if (name === 'direction') {
      if (value !== 'inbound' && value !== 'outbound') return null
      q.direction = value
    } else if (name === 'pb_line_id') q.lineId = value
    else if (name === 'from_number' || name === 'to_number') {
      if (!E164.test(value)) return null
      q[name === 'from_number' ? 'from' : 'to'] = value
    } else if (name === 'created_at_gte') q.createdGte = time
    else if (name === 'created_at_lte') q.createdLte = time
    else if (name === 'sent_at_gte') q.sentGte = time
    else q.sentLte = time
  }
  // spec: limit 1 to 100; offset + limit <= 2000, else 400.
  if (q.limit < 1 || q.limit > MAX_PAGE_SIZE || q.offset + q.limit > MAX_PAGE_WINDOW) return null
  // spec: from_number is inbound-only, to_number outbound-only; the other direction → 400.
  if ((q.from && q.direction === 'outbound') || (q.to && q.direction === 'inbound')) return null
  return q
}

/**
 * How long an outbound record that is not `delivered` yet is taken to be on its way. Its status
 * moves on with no webhook to say so (spec: the status values and their moves are not shown), so
 * the model's copy may be behind the service's: a page holding one is read from the service,
 * which is what a page watching its send for `delivered` asks for. Older than this, the model's
 * copy stands (the reconciler's re-reads keep it).
 */
const SETTLING_MS = 10 * 60 * 1000

function mayStillMove(entry: Entry, now: number): boolean {
  return (
    entry.record.direction === 'outbound' && entry.record.status !== 'delivered' && entry.created > now - SETTLING_MS
  )
}

function matches(q: Parsed, entry: Entry, lines: ReadonlySet<string>): boolean {
  const r = entry.record
  if (!lines.has(r.line_id)) return false
  if (q.direction !== undefined && r.direction !== q.direction) return false
  if (q.service !== undefined && r.service !== q.service) return false
  // spec: from_number is the external sender (inbound only), to_number the external recipient (outbound only).
  if (q.from !== undefined && (r.direction !== 'inbound' || r.from_number !== q.from)) return false
  if (q.to !== undefined && (r.direction !== 'outbound' || r.to_number !== q.to)) return false
  if (q.createdGte !== undefined && entry.created < q.createdGte) return false
  if (q.createdLte !== undefined && entry.created > q.createdLte) return false
  if (q.sentGte !== undefined && entry.sent < q.sentGte) return false
  if (q.sentLte !== undefined && entry.sent > q.sentLte) return false
  return true
}

/**
 * Answers the query from `entries` (oldest first), limited to `visibleLineIds`, when the model
 * holds every message the service would count:
 * - the lines' coverage starts at the first message (`since` null), or
 * - the query's `created_at_gte` is inside the coverage, or
 * - newest first, and more messages match inside the coverage than `offset + limit`: the page is
 *   then the same as the service's; `total` counts what the model holds (a lower bound of the
 *   service's), which is more than `offset + limit`, so a client still pages on.
 * `since(lineIds)` is the coverage start of those lines: a time, null for "from the first
 * message", or undefined when not covered.
 */
export function queryEntries(
  entries: readonly Entry[],
  since: (lineIds: readonly string[]) => number | null | undefined,
  input: MessagesQueryInput,
  visibleLineIds: readonly string[],
  now: number,
): MessagesListResponse | undefined {
  const q = parse(input)
  if (!q) return undefined
  // A line the user may not use is the proxy's to refuse (403), not the model's to answer.
  if (q.lineId !== undefined && !visibleLineIds.includes(q.lineId)) return undefined
  const lineIds = q.lineId !== undefined ? [q.lineId] : [...visibleLineIds]
  const pagination = { limit: q.limit, offset: q.offset, total: 0 }
  const start = since(lineIds)
  if (start === undefined) return undefined
  // spec: RCS is inbound-only — with direction=outbound the list is empty.
  if (q.service === 'RCS' && q.direction === 'outbound') return { status: 'OK', data: [], pagination }
  const lines = new Set(lineIds)
  const found: Entry[] = []
  for (const entry of entries) if (matches(q, entry, lines)) found.push(entry)
  const bounded = start === null || (q.createdGte !== undefined && q.createdGte >= start)
  let list = found
  if (!bounded) {
    if (!q.desc) return undefined
    list = found.filter((entry) => entry.created >= start)
    if (list.length <= q.offset + q.limit) return undefined
  }
  // `entries` is in createdAt order; sentAt order is stable on it, as the service sorts.
  if (q.bySent) list = [...list].sort((a, b) => a.sent - b.sent)
  if (q.desc) list = [...list].reverse()
  pagination.total = list.length
  const page = list.slice(q.offset, q.offset + q.limit)
  if (page.some((entry) => mayStillMove(entry, now))) return undefined
  return { status: 'OK', data: page.map((entry) => entry.record), pagination }
}
