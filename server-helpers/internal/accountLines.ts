/**
 * The account's lines as the service lists them, cached: for "may this user use every line?" and
 * for every user's `GET /get-lines`, answered from here (filtered per user) so that the listing
 * costs one upstream read per TTL however many pages open.
 */

export interface AccountLines {
  /** Lower-cased line ids of the account. */
  ids: Set<string>
  /** The listing was a trial descriptor (spec: trial accounts refuse a `lineId` override). */
  trial: boolean
  /**
   * Line number → lower-cased line id, from items that carry a `phoneNumber` (spec: Line — fields
   * not shown beyond `lineId`: usually empty; used when the service shows it).
   */
  numbers: Map<string, string>
  /** The listing as the service answered it. */
  body: unknown
}

interface AccountLinesOptions {
  /** Performs `GET {baseUrl}/get-lines` with the key; returns the parsed JSON or throws. */
  fetchLines: () => Promise<unknown>
  ttlMs: number
  now: () => number
  /** Called with each listing read (the server learns the numbers it shows). */
  onLoad?: (lines: AccountLines) => void
}

// spec: GET /get-lines — an array for production accounts, `{ trial: true, ... }` for trial
// accounts (ASSUMPTIONS: optional `lines` array inside the descriptor).
const isDescriptor = (body: unknown): body is Record<string, unknown> =>
  !!body && typeof body === 'object' && !Array.isArray(body)
const itemsOf = (body: unknown): unknown[] =>
  Array.isArray(body) ? body : isDescriptor(body) && Array.isArray(body.lines) ? body.lines : []

/** A listing item's lower-cased `lineId` (spec: Line — fields not shown beyond `lineId`). */
function lineIdOf(item: unknown): string | undefined {
  const lineId = item && typeof item === 'object' ? (item as { lineId?: unknown }).lineId : undefined
  return typeof lineId === 'string' ? lineId.toLowerCase() : undefined
}

/** The listing with only the items of `lines` (lower-cased ids), a trial descriptor's `lines` too. */
export function listingFor(body: unknown, lines: ReadonlySet<string>): unknown {
  const mine = (item: unknown) => {
    const lineId = lineIdOf(item)
    return lineId !== undefined && lines.has(lineId)
  }
  if (Array.isArray(body)) return body.filter(mine)
  return isDescriptor(body) && Array.isArray(body.lines) ? { ...body, lines: body.lines.filter(mine) } : body
}

/** Builds the lookup from a get-lines body. */
function toAccountLines(body: unknown): AccountLines {
  const ids = new Set<string>()
  const numbers = new Map<string, string>()
  for (const item of itemsOf(body)) {
    const lineId = lineIdOf(item)
    if (lineId === undefined) continue
    ids.add(lineId)
    const number = (item as { phoneNumber?: unknown }).phoneNumber
    if (typeof number === 'string' && number) numbers.set(number, lineId)
  }
  return { ids, trial: isDescriptor(body) && body.trial === true, numbers, body }
}

/** A TTL cache with one request in flight at a time; failures are not cached. */
export function createAccountLinesCache(options: AccountLinesOptions) {
  let cached: { at: number; value: AccountLines } | undefined
  let inflight: Promise<AccountLines> | undefined

  const load = (): Promise<AccountLines> => {
    inflight ??= options
      .fetchLines()
      .then((body) => {
        const value = toAccountLines(body)
        cached = { at: options.now(), value }
        options.onLoad?.(value)
        return value
      })
      .finally(() => {
        inflight = undefined
      })
    return inflight
  }

  return {
    /** The cached lines, refreshed when older than the TTL. */
    async get(): Promise<AccountLines> {
      if (cached && options.now() - cached.at <= options.ttlMs) return cached.value
      return load()
    },
  }
}

export type AccountLinesCache = ReturnType<typeof createAccountLinesCache>
