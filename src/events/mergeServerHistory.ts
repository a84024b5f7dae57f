import type { InboundCallItem } from '../api/inboundCalls'
import type { HistoryUpdate, InboundCallOutcome, InboundCallRecord } from './inboundCallStore'

const answeredOn = (item: InboundCallItem) => item.answeredAt !== null || item.state === 'answered'

/**
 * Merges the server's recent inbound calls (`GET <prefix>/calls/inbound`) into the history, for
 * {@link InboundCallStore.updateHistory}: a reload or a second tab still lists the calls that rang
 * before it opened. Calls this browser already follows keep what it saw (an answer here stays
 * "answered", not "elsewhere"); a call the server says has ended ends here too. Calls that had
 * ended before the page loaded leave no notice (a dismissal would not outlive the page); an
 * answered one reads "answered" (the server does not say on which device).
 */
export function mergeServerHistory(items: readonly InboundCallItem[]): HistoryUpdate {
  return (current, handledHere) => {
    const history = [...current]
    const ended: string[] = []
    let changed = false
    for (const item of items) {
      const done = item.state === 'ended'
      const index = history.findIndex((r) => r.callUuid === item.call_uuid)
      const known = history[index]
      if (known) {
        if (known.ended || item.state === 'ringing') continue
        const outcome: InboundCallOutcome =
          known.outcome === 'answered' || known.outcome === 'answered_elsewhere'
            ? known.outcome
            : answeredOn(item)
              ? handledHere(item.call_uuid)
                ? 'answered'
                : 'answered_elsewhere'
              : item.status === 'declined'
                ? 'declined'
                : 'missed'
        if (outcome === known.outcome && !done) continue
        history[index] = { ...known, outcome, ended: done, ...(done && item.status ? { endStatus: item.status } : {}) }
      } else {
        const ringingAt = item.ringingAt ?? item.answeredAt ?? item.endedAt
        if (ringingAt === null) continue
        const entry: InboundCallRecord = {
          callUuid: item.call_uuid,
          from: item.from,
          lineId: item.pb_line_id,
          linePhoneNumber: item.linePhoneNumber,
          ringingAt,
          outcome:
            item.state === 'ringing'
              ? 'ringing'
              : answeredOn(item)
                ? 'answered'
                : item.status === 'declined'
                  ? 'declined'
                  : 'missed',
          ...(done && item.status ? { endStatus: item.status } : {}),
          ended: done,
          // A call still live when the page loads is followed like one that rang here.
          acknowledged: done,
        }
        history.push(entry)
      }
      changed = true
      if (done) ended.push(item.call_uuid)
    }
    if (!changed) return undefined
    history.sort((a, b) => (a.ringingAt < b.ringingAt ? 1 : a.ringingAt > b.ringingAt ? -1 : 0))
    return { history, ended }
  }
}
