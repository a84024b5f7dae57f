import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { refreshQueries } from './refreshQueries'

/** What a live message event says of its message (spec: Message webhook payload). */
interface AnnouncedMessage {
  message: string
  direction: string
  receivedAt: string
}

/** Waits between the re-reads of one event (ms): a second and a half, then slower. */
const DELAYS = [150, 300, 500, 800, 1200, 2000, 3000]
/** A listed record's `created_at` and its webhook's `receivedAt` may be this far apart. */
const TOLERANCE_MS = 600_000

const close = (iso: string, at: number) => {
  const t = Date.parse(iso)
  return Number.isNaN(at) || Number.isNaN(t) || Math.abs(t - at) <= TOLERANCE_MS
}

/** Whether `data` (any query's data: pages, lists of records) holds a record of the message. */
function holds(data: unknown, m: AnnouncedMessage, at: number, depth = 0): boolean {
  if (!data || typeof data !== 'object' || depth > 5) return false
  if (Array.isArray(data)) return data.some((d) => holds(d, m, at, depth + 1))
  const r = data as Record<string, unknown>
  if (typeof r.message_handle === 'string')
    return r.content === m.message && r.direction === m.direction && close(String(r.created_at), at)
  return Object.values(r).some((v) => holds(v, m, at, depth + 1))
}

/**
 * Refreshes the queries under `keys` until one that is on screen lists the event's message, at
 * most a few seconds, with a short back-off. A webhook carries no message handle (spec: Message
 * webhook payload), so the screen re-reads; a read that goes before the server listed the message
 * (a loaded machine, a slow read model) must not use the event up, or the message waits for the
 * next event or the next background read. Stops when no query under `keys` is on screen, or when
 * `cancelled()` says so.
 */
export async function refreshUntilListed(
  queryClient: QueryClient,
  keys: readonly QueryKey[],
  message: AnnouncedMessage,
  cancelled: () => boolean,
): Promise<void> {
  const at = Date.parse(message.receivedAt)
  const listed = () => {
    const active = keys.flatMap((queryKey) => queryClient.getQueryCache().findAll({ queryKey, type: 'active' }))
    return active.length === 0 || active.some((q) => holds(q.state.data, message, at))
  }
  await Promise.all(keys.map((key) => refreshQueries(queryClient, key)))
  for (const delay of DELAYS) {
    if (cancelled() || listed()) return
    await new Promise((resolve) => setTimeout(resolve, delay))
    if (cancelled()) return
    await Promise.all(keys.map((key) => refreshQueries(queryClient, key)))
  }
}
