import type { MessageRecord } from '../../api'
import { phoneKey } from '../../provider/phoneKey'

/** What reconciliation needs to know about one optimistic send. */
interface OptimisticCandidate {
  localId: string
  /** Destination as given (compared through {@link phoneKey}). */
  phone: string
  lineId?: string
  /** The message text (empty for attachment-only sends). */
  text: string
  /** Client time of the send (ISO), used only when the thread had no server time to anchor on. */
  createdAt: string
  /** Newest `created_at` loaded in the thread when the user sent (server clock). */
  serverFloor?: string
  /** Handles loaded in the thread when the user sent: those existed before, so cannot be this send. */
  knownHandles?: ReadonlySet<string>
}

/** Options of {@link reconcileOptimistic}. */
interface ReconcileOptions {
  /** Handles that already reconciled an earlier optimistic send (each record matches once, ever). */
  claimed?: ReadonlySet<string>
  /**
   * Clock-skew allowance when a send has no `serverFloor` (empty or unloaded thread): a record
   * created more than this long before the client's send time is history, not this send.
   * @default 300000 (5 minutes)
   */
  skewMs?: number
}

/**
 * Matches optimistic sends to the server's records. The send response carries no message
 * handle (spec: Send-message response), so a record is this send when it is outbound, to the
 * same destination, on the same line (when one was chosen), with the same text, and new: not
 * loaded when the user sent, and not older than the newest record loaded then. Oldest sends
 * match oldest records, so two identical quick sends ("ok", "ok") each get their own record.
 *
 * @returns a map localId → matched record handle.
 */
export function reconcileOptimistic(
  records: readonly MessageRecord[],
  optimistic: readonly OptimisticCandidate[],
  options: ReconcileOptions = {},
): Map<string, string> {
  const skewMs = options.skewMs ?? 300_000
  const used = new Set<string>(options.claimed ?? [])
  const matches = new Map<string, string>()
  const outbound = records
    .filter((r) => r.direction === 'outbound')
    .slice()
    .sort((a, b) => cmp(a.created_at, b.created_at))
  const sends = optimistic.slice().sort((a, b) => cmp(a.createdAt, b.createdAt))
  for (const send of sends) {
    const phone = phoneKey(send.phone)
    const clientFloor = Date.parse(send.createdAt) - skewMs
    const match = outbound.find((r) => {
      if (used.has(r.message_handle)) return false
      if (r.content !== send.text) return false
      if (phoneKey(r.to_number) !== phone) return false
      if (send.lineId !== undefined && r.line_id !== send.lineId) return false
      if (send.knownHandles?.has(r.message_handle)) return false
      if (send.serverFloor !== undefined) return cmp(r.created_at, send.serverFloor) >= 0
      const t = Date.parse(r.created_at)
      return Number.isNaN(t) || Number.isNaN(clientFloor) || t >= clientFloor
    })
    if (match) {
      used.add(match.message_handle)
      matches.set(send.localId, match.message_handle)
    }
  }
  return matches
}

/** Compares ISO timestamps by instant (falls back to string order for unparsable values). */
export function cmp(a: string, b: string): number {
  return cmpParsed(a, Date.parse(a), b, Date.parse(b))
}

/** {@link cmp} with both instants already parsed (`Date.parse` of each), for sorting many. */
export function cmpParsed(a: string, ta: number, b: string, tb: number): number {
  if (Number.isNaN(ta) || Number.isNaN(tb)) return a < b ? -1 : a > b ? 1 : 0
  return ta - tb
}
