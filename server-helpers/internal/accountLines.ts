/** The account's lines as the service lists them, cached: for "does this user have every line?" and number → line id. */

export interface AccountLines {
  /** Lower-cased line ids of the account. */
  ids: Set<string>
  /** E.164 line number → lower-cased line id (from the assumed `phoneNumber` field and the `lineNumbers` option). */
  byNumber: Map<string, string>
  /** The listing was a trial descriptor (spec: trial accounts refuse a `lineId` override). */
  trial: boolean
}

export interface AccountLinesOptions {
  /** Performs `GET {baseUrl}/get-lines` with the key; returns the parsed JSON or throws. */
  fetchLines: () => Promise<unknown>
  /** Explicit number → line id map, trusted over the service's listing. */
  lineNumbers: Record<string, string> | undefined
  ttlMs: number
  now: () => number
}

/** Digits with a leading `+`, so `+1 (415) 555-0100` and `+14155550100` match. */
export function normalizeNumber(value: string): string {
  const digits = value.replace(/[^\d]/g, '')
  return digits ? `+${digits}` : ''
}

function lineEntries(body: unknown): { lineId: string; phoneNumber?: string }[] {
  // spec: GET /get-lines — an array for production accounts, `{ trial: true, ... }` for trial
  // accounts (ASSUMPTIONS: optional `lines` array inside the descriptor).
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { lines?: unknown }).lines)
      ? (body as { lines: unknown[] }).lines
      : []
  const out: { lineId: string; phoneNumber?: string }[] = []
  for (const item of list) {
    if (!item || typeof item !== 'object') continue
    const { lineId, phoneNumber } = item as { lineId?: unknown; phoneNumber?: unknown }
    if (typeof lineId !== 'string') continue
    out.push(typeof phoneNumber === 'string' ? { lineId, phoneNumber } : { lineId })
  }
  return out
}

/** Builds the lookup from a get-lines body. */
export function toAccountLines(body: unknown, lineNumbers?: Record<string, string>): AccountLines {
  const ids = new Set<string>()
  const byNumber = new Map<string, string>()
  for (const line of lineEntries(body)) {
    const id = line.lineId.toLowerCase()
    ids.add(id)
    if (line.phoneNumber) byNumber.set(normalizeNumber(line.phoneNumber), id)
  }
  for (const [number, id] of Object.entries(lineNumbers ?? {})) byNumber.set(normalizeNumber(number), id.toLowerCase())
  const trial =
    !!body && typeof body === 'object' && !Array.isArray(body) && (body as { trial?: unknown }).trial === true
  return { ids, byNumber, trial }
}

/** A TTL cache with one request in flight at a time; failures are not cached. */
export function createAccountLinesCache(options: AccountLinesOptions) {
  let cached: { at: number; value: AccountLines } | undefined
  let inflight: Promise<AccountLines> | undefined

  const load = (): Promise<AccountLines> => {
    inflight ??= options
      .fetchLines()
      .then((body) => {
        const value = toAccountLines(body, options.lineNumbers)
        cached = { at: options.now(), value }
        return value
      })
      .finally(() => {
        inflight = undefined
      })
    return inflight
  }

  return {
    /** The cached lines, refreshed when older than the TTL or when `maxAgeMs` says so. */
    async get(maxAgeMs = options.ttlMs): Promise<AccountLines> {
      if (cached && options.now() - cached.at <= maxAgeMs) return cached.value
      return load()
    },
    /** Updates the cache from a get-lines response the proxy already fetched. */
    prime(body: unknown): void {
      cached = { at: options.now(), value: toAccountLines(body, options.lineNumbers) }
    },
    /** The line id of a line number, from `lineNumbers` first, then the cache (refreshed once if unknown). */
    async lineIdOfNumber(number: string): Promise<string | null> {
      const key = normalizeNumber(number)
      const fixed = options.lineNumbers && Object.entries(options.lineNumbers).find(([n]) => normalizeNumber(n) === key)
      if (fixed) return fixed[1].toLowerCase()
      let lines: AccountLines | undefined
      try {
        lines = await this.get()
        if (!lines.byNumber.has(key) && cached && options.now() - cached.at > 5_000) lines = await load()
      } catch {
        return null
      }
      return lines.byNumber.get(key) ?? null
    },
  }
}

export type AccountLinesCache = ReturnType<typeof createAccountLinesCache>
