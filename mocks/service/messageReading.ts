/**
 * Reading messages: the list with its filters and pages, and one message by handle. spec:
 * GET /get-messages-api, GET /get-message-api/{handle}.
 */
import type { Service } from '../../src/api/enums'
import { toRecord, type MessageRecord } from './common'
import { checkPage } from './nativeContacts'
import { fail } from './serviceErrors'
import { requirePhone } from './phoneNumbers'
import type { MockState } from './mockState'
import type { Account, StoredMessage } from './stateRecords'

/** Query of GET /get-messages-api (after schema parsing; dates may be strings or Dates). */
interface ListMessagesInput {
  limit?: number | undefined
  offset?: number | undefined
  order_by?: 'createdAt' | 'sentAt' | undefined
  order_direction?: 'asc' | 'desc' | undefined
  service?: Service | undefined
  direction?: 'inbound' | 'outbound' | undefined
  pb_line_id?: string | undefined
  from_number?: string | undefined
  to_number?: string | undefined
  created_at_gte?: string | Date | undefined
  created_at_lte?: string | Date | undefined
  sent_at_gte?: string | Date | undefined
  sent_at_lte?: string | Date | undefined
}

function bound(value: string | Date | undefined, name: string): number | undefined {
  if (value === undefined) return undefined
  const ms = value instanceof Date ? value.getTime() : Date.parse(value)
  if (Number.isNaN(ms))
    throw fail(400, 'invalid_request', `${name} is not a valid ISO 8601 date`, 'Send dates like 2026-01-31T12:00:00Z.')
  return ms
}

/** GET /get-messages-api. */
export function listMessages(state: MockState, account: Account, input: ListMessagesInput) {
  const limit = input.limit ?? 100
  const offset = input.offset ?? 0
  checkPage(limit, offset)
  const direction = input.direction
  // spec: from_number is inbound-only, to_number outbound-only; the other direction → 400.
  if (input.from_number !== undefined && direction === 'outbound') {
    throw fail(
      400,
      'invalid_request',
      'from_number cannot be combined with direction=outbound',
      'from_number filters inbound messages; drop it or use direction=inbound.',
    )
  }
  if (input.to_number !== undefined && direction === 'inbound') {
    throw fail(
      400,
      'invalid_request',
      'to_number cannot be combined with direction=inbound',
      'to_number filters outbound messages; drop it or use direction=outbound.',
    )
  }
  const from = input.from_number === undefined ? undefined : requirePhone(input.from_number, 'from_number')
  const to = input.to_number === undefined ? undefined : requirePhone(input.to_number, 'to_number')
  const cGte = bound(input.created_at_gte, 'created_at_gte')
  const cLte = bound(input.created_at_lte, 'created_at_lte')
  const sGte = bound(input.sent_at_gte, 'sent_at_gte')
  const sLte = bound(input.sent_at_lte, 'sent_at_lte')
  const now = state.clock.now()
  const pagination = { limit, offset, total: 0 }
  // spec: RCS is inbound-only — with direction=outbound the result is empty.
  if (input.service === 'RCS' && direction === 'outbound')
    return { status: 'OK' as const, data: [] as MessageRecord[], pagination }

  const matches: StoredMessage[] = []
  for (const m of account.messages) {
    if (direction !== undefined && m.direction !== direction) continue
    if (input.service !== undefined && m.service !== input.service) continue
    if (input.pb_line_id !== undefined && m.line_id !== input.pb_line_id) continue
    if (from !== undefined && (m.direction !== 'inbound' || m.from_number !== from)) continue
    if (to !== undefined && (m.direction !== 'outbound' || m.to_number !== to)) continue
    if (cGte !== undefined && m.createdAt < cGte) continue
    if (cLte !== undefined && m.createdAt > cLte) continue
    if (sGte !== undefined && m.sentAt < sGte) continue
    if (sLte !== undefined && m.sentAt > sLte) continue
    matches.push(m)
  }
  const desc = (input.order_direction ?? 'desc') === 'desc'
  if (input.order_by === 'sentAt') {
    // Stable sort keeps createdAt order among equal sentAt.
    matches.sort((a, b) => a.sentAt - b.sentAt)
  }
  if (desc) matches.reverse()
  pagination.total = matches.length
  return {
    status: 'OK' as const,
    data: matches.slice(offset, offset + limit).map((m) => toRecord(m, now)),
    pagination,
  }
}

// spec: message_handle "must match the pattern starting pbm_"; it is opaque, so anything after the
// prefix is looked up (an unknown one is 404), exactly as openapi.json's `^pbm_.+` and the
// linekit/api schema say.
export const MESSAGE_HANDLE = /^pbm_.+/

/** GET /get-message-api/{message_handle}: 400 without the pbm_ prefix, 404 when it names none of the caller's messages. */
export function getMessage(state: MockState, account: Account, handle: string): MessageRecord {
  if (!MESSAGE_HANDLE.test(handle)) {
    throw fail(
      400,
      'invalid_request',
      'message_handle must start with pbm_',
      'Use a message_handle from GET /get-messages-api.',
    )
  }
  const message = state.messagesByHandle.get(handle)
  if (!message || message.accountId !== account.id) {
    throw fail(404, 'message_not_found', 'Message not found', 'Use a message_handle from your own messages list.')
  }
  return toRecord(message, state.clock.now())
}
