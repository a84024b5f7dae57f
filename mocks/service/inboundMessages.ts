/**
 * Inbound messages from the outside world (the control API's `injectInbound`): 1:1 or a reply in
 * a group thread, on any service.
 */
import type { Service } from '../../src/api/enums'
import { isReachable, storeMessage, toRecord, type MessageRecord } from './common'
import { fail } from './serviceErrors'
import { requirePhone } from './phoneNumbers'
import type { MockState } from './mockState'
import type { Account, Line } from './stateRecords'

/** Control API: an inbound message from the outside world. */
export interface InboundInput {
  /** External sender (any format; normalized). */
  from: string
  message?: string | undefined
  /** Receiving line; default the line that last talked to `from`, else the first line. */
  lineId?: string | undefined
  /** Default: nativechat when `from` is reachable, else SMS; RCS only by asking. */
  service?: Service | undefined
  /** Deliver into this group thread (`from` must be a participant). */
  groupId?: string | undefined
  mediaAttachmentUrl?: string | null | undefined
  voiceAttachmentUrl?: string | null | undefined
}

/** Stores an inbound message (1:1 or group reply) and returns its record. */
export function injectInbound(state: MockState, account: Account, input: InboundInput): MessageRecord {
  const from = requirePhone(input.from, 'from')
  const now = state.clock.now()
  let line: Line | undefined
  let to: string
  let groupId: string | null = null
  let service: Service
  if (input.groupId !== undefined) {
    const group = account.groupsById.get(input.groupId)
    if (!group)
      throw fail(
        404,
        'group_not_found',
        'Group not found for this account',
        'Use a pbg_ id returned by POST /send-group-message.',
      )
    if (!group.participants.includes(from)) {
      throw fail(
        400,
        'invalid_request',
        `${from} is not a participant of ${group.groupId}`,
        `Participants: ${group.participants.join(', ')}`,
      )
    }
    line = state.lines.get(group.lineId)
    // spec: inbound group replies carry the participant as from_number. Choice (README):
    // to_number is the group's chat identifier, as on outbound group messages.
    to = group.chatId
    groupId = group.groupId
    service = input.service ?? group.service
  } else {
    if (input.lineId !== undefined) {
      line = state.lines.get(input.lineId)
      if (!line || line.accountId !== account.id)
        throw fail(400, 'invalid_line_id', "lineId is not one of the account's lines")
    } else {
      const sticky = account.lastLineByPhone.get(from)
      line = (sticky && state.lines.get(sticky)) || state.lines.get(account.lineIds[0] ?? '')
    }
    if (!line) throw fail(400, 'no_available_lines', 'The account has no line to receive on')
    to = line.phoneNumber
    service = input.service ?? (isReachable(state, from) ? 'nativechat' : 'SMS')
  }
  if (!line) throw fail(400, 'no_available_lines', "The group's line no longer exists")
  const message = storeMessage(state, account, {
    content: input.message ?? '',
    from_number: from,
    to_number: to,
    line_id: line.lineId,
    service,
    direction: 'inbound',
    createdAt: now,
    sentAt: now,
    deliveredAt: now,
    media_attachment_url: input.mediaAttachmentUrl ?? null,
    voice_attachment_url: input.voiceAttachmentUrl ?? null,
    groupId,
  })
  return toRecord(message, now)
}
