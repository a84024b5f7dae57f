/**
 * The mock's answer to `GET /calls/inbound`, the linekit/server route that lists a user's recent
 * inbound calls from its read model (src/api/inboundCalls.ts). The service has no such endpoint;
 * the mock serves it so a page talking to the mock without linekit/server in front (stories,
 * tests, the playground's service mode) still loads its call history.
 */
import type { InboundCallItem, InboundCallsQuery, InboundCallsResponse } from '../../src/api/inboundCalls'
import { callsOf, isTerminal } from './audioCalls'
import type { Call } from './audioCalls'
import { fail } from './serviceErrors'
import type { MockState } from './mockState'
import type { Account } from './stateRecords'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

const toItem = (call: Call): InboundCallItem => ({
  call_uuid: call.callUuid,
  pb_line_id: call.lineId,
  from: call.from,
  linePhoneNumber: call.linePhoneNumber,
  state: isTerminal(call.status) ? 'ended' : call.status === 'answered' ? 'answered' : 'ringing',
  status: isTerminal(call.status) ? call.status : null,
  ringingAt: iso(call.ringingAt),
  answeredAt: iso(call.answeredAt),
  endedAt: iso(call.endedAt),
})

/**
 * The account's inbound calls (of `lineId` when given), newest first, at most `limit` (50). An
 * account without audio calls has none (an empty list, as linekit/server answers, not a 403).
 */
export function listInboundCalls(state: MockState, account: Account, query: InboundCallsQuery): InboundCallsResponse {
  if (query.lineId !== undefined) {
    const line = state.lines.get(query.lineId)
    if (!line || line.accountId !== account.id)
      throw fail(403, 'line_not_allowed', 'This line is not one of yours', 'Use a lineId from GET /get-lines.')
  }
  const calls = [...callsOf(state).values()]
    .filter((c) => c.accountId === account.id && c.direction === 'inbound')
    .filter((c) => query.lineId === undefined || c.lineId === query.lineId)
    .sort((a, b) => b.ringingAt - a.ringingAt)
    .slice(0, query.limit ?? 50)
  return { data: calls.map(toItem) }
}
