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
  /** The listing as the service answered it. */
  body: unknown
}

interface AccountLinesOptions {
  /** Performs `GET {baseUrl}/get-lines` with the key; returns the parsed JSON or throws. */
  fetchLines: () => Promise<unknown>
  ttlMs: number
  now: () => number
}

/** Line ids of a get-lines body (spec: Line — fields not shown beyond `lineId`). */
function lineIdsOf(body: unknown): string[] {
  // spec: GET /get-lines — an array for production accounts, `{ trial: true, ... }` for trial
  // accounts (ASSUMPTIONS: optional `lines` array inside the descriptor).
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { lines?: unknown }).lines)
      ? (body as { lines: unknown[] }).lines
      : []
  const out: string[] = []
  for (const item of list) {
    const lineId = item && typeof item === 'object' ? (item as { lineId?: unknown }).lineId : undefined
    if (typeof lineId === 'string') out.push(lineId.toLowerCase())
  }
  return out
}

/** Builds the lookup from a get-lines body. */
function toAccountLines(body: unknown): AccountLines {
  const trial =
    !!body && typeof body === 'object' && !Array.isArray(body) && (body as { trial?: unknown }).trial === true
  return { ids: new Set(lineIdsOf(body)), trial, body }
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
