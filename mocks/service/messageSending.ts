/**
 * Messaging rules: send, list, get one, typing indicator, reactions, effects, and inbound
 * messages (injected through the control API). spec: POST /send-api-message,
 * GET /get-messages-api, GET /get-message-api/{handle}, POST /send-typing-indicator,
 * POST /send-reaction, GET /get-effects.
 */
import { bubbleEffects, screenEffects, type Service } from '../../src/api/enums'
import {
  checkCustomFields,
  isBlocked,
  isReachable,
  pickLine,
  requireOwnLine,
  storeMessage,
  toRecord,
  type MessageRecord,
  requireContent,
} from './common'
import { checkPage, upsertContact } from './nativeContacts'
import { fail } from './serviceErrors'
import { takeDeviceFault } from './faults'
import { requirePhone } from './phoneNumbers'
import type { Account, Line, MockState, SendRecord, StoredMessage } from './mockState'

const HOUR = 3_600_000
/** Choice (README): an explicit idempotencyKey de-duplicates for 24 hours. */
const KEYED_WINDOW = 24 * HOUR

/** Body of POST /send-api-message (after schema parsing). */
interface SendInput {
  phone: string
  message?: string | undefined
  lineId?: string | undefined
  mediaAttachmentUrl?: string | undefined
  audioAttachmentUrl?: string | undefined
  enableAiVoiceMemo?: boolean | undefined
  shouldAutoCreateContact?: boolean | undefined
  firstName?: string | undefined
  lastName?: string | undefined
  email?: string | undefined
  customFields?: Record<string, unknown> | undefined
  idempotencyKey?: string | undefined
  effect?: string | undefined
}

/** spec: Send-message response. */
interface SendResponse {
  success: boolean
  status: 'done' | 'processing'
  message: string
  messageType: 'nativechat' | 'SMS' | null
  phone: string
  devicePhoneNumber: string | null
  mediaAttachmentUrl: string | null
  audioAttachmentUrl: string | null
  deduped?: true
}

/** spec: Limits — idempotencyKey is 1–200 characters; outside the bounds it is ignored. */
export function usableIdempotencyKey(key: unknown): string | undefined {
  return typeof key === 'string' && key.length >= 1 && key.length <= 200 ? key : undefined
}

/** The AI voice memo URL generated from a message (README: a fake, stable URL). */
export function ttsUrl(handleSeed: string): string {
  return `https://media.mock.linekit.dev/tts/${handleSeed}.m4a`
}

function sweepExpired(map: Map<string, { expiresAt: number }>, now: number) {
  for (const [key, record] of map) if (record.expiresAt <= now) map.delete(key)
}

function replay(record: SendRecord, now: number): SendResponse {
  // spec: Send request (replay) — in flight → processing + deduped with nulls; after → done + deduped.
  if (now < record.doneAt) {
    return {
      success: true,
      status: 'processing',
      message: 'Duplicate of a send still in progress; nothing was sent',
      messageType: null,
      phone: record.phone,
      devicePhoneNumber: null,
      mediaAttachmentUrl: record.mediaAttachmentUrl,
      audioAttachmentUrl: record.audioAttachmentUrl,
      deduped: true,
    }
  }
  return {
    success: true,
    status: 'done',
    message: 'Duplicate of an earlier send; nothing was sent',
    messageType: record.messageType,
    phone: record.phone,
    devicePhoneNumber: record.devicePhoneNumber,
    mediaAttachmentUrl: record.mediaAttachmentUrl,
    audioAttachmentUrl: record.audioAttachmentUrl,
    deduped: true,
  }
}

/**
 * Runs `fn` at mock time `at` (now when `at` is not in the future). Timers armed before a
 * reset are dropped: the account they captured no longer exists.
 */
export function at(state: MockState, when: number, fn: () => void): void {
  if (when <= state.clock.now()) {
    fn()
    return
  }
  const generation = state.generation
  state.clock.setTimer(when, () => {
    if (state.generation === generation) fn()
  })
}

/** POST /send-api-message. */
export function sendMessage(state: MockState, account: Account, input: SendInput): SendResponse {
  const phone = requirePhone(input.phone, 'phone')
  const text = input.message ?? ''
  const media = input.mediaAttachmentUrl ?? null
  const audio = input.audioAttachmentUrl ?? null
  requireContent(
    { text, media, audio, enableAiVoiceMemo: input.enableAiVoiceMemo },
    'Send message text, mediaAttachmentUrl or audioAttachmentUrl.',
  )
  const customFields = checkCustomFields(input.customFields)
  const explicitLine = input.lineId === undefined ? undefined : requireOwnLine(state, account, input.lineId)
  // spec: Errors — "Trial restriction (group create, line override) or blocked recipient → 403",
  // for single sends as for group sends; checked before de-duplication (a replay to a number
  // blocked since is refused too).
  if (isBlocked(state, account, phone)) {
    throw fail(
      403,
      'recipient_blocked',
      `${phone} is blocked`,
      'Blocked numbers cannot be messaged; remove the block in the web application first.',
    )
  }

  const now = state.clock.now()
  const key = usableIdempotencyKey(input.idempotencyKey)
  // spec: send rule 2 — default key is user id + destination + message text, for one hour.
  const dedupKey = key !== undefined ? `key|${key}` : `auto|${account.userId}|${phone}|${text}`
  const previous = account.sends.get(dedupKey)
  if (previous && previous.expiresAt > now) return replay(previous, now)

  const line: Line = explicitLine ?? pickLine(state, account, phone)
  // spec: What the service does 1 — native chat when the destination can receive it, else SMS.
  const service: 'nativechat' | 'SMS' = isReachable(state, phone) ? 'nativechat' : 'SMS'
  if (input.effect !== undefined && service === 'SMS') {
    throw fail(
      400,
      'effect_requires_nativechat',
      `effect "${input.effect}" needs native chat, but ${phone} resolves to SMS`,
      'Remove effect, or check availability first with POST /api-check-native-availability.',
    )
  }
  const voice = audio ?? (input.enableAiVoiceMemo === true ? ttsUrl(state.ids.token('', 16)) : null)

  // spec: send rule 3 — contact fields persist with the create-contact merge rules
  // (native store only without a connected CRM).
  if (input.shouldAutoCreateContact !== false) {
    if (account.features.crmConnected) account.crmContacts.add(phone)
    else
      upsertContact(state, account, phone, {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        customFields,
      })
  }

  const doneAt = now + Math.max(0, state.settings.sendProcessingMs)
  const record: SendRecord = {
    doneAt,
    expiresAt: now + (key !== undefined ? KEYED_WINDOW : HOUR),
    phone,
    messageType: service,
    devicePhoneNumber: line.phoneNumber,
    mediaAttachmentUrl: media,
    audioAttachmentUrl: voice,
  }
  if (account.sends.size > 0 && account.sends.size % 4096 === 0) sweepExpired(account.sends, now)
  account.sends.set(dedupKey, record)
  // Sticky routing from the first send on, even while the message is still processing.
  account.lastLineByPhone.set(phone, line.lineId)

  const deliveryMs = Math.max(0, state.settings.deliveryMs)
  at(state, doneAt, () => {
    storeMessage(state, account, {
      content: text,
      from_number: line.phoneNumber,
      to_number: phone,
      line_id: line.lineId,
      service,
      direction: 'outbound',
      createdAt: now,
      sentAt: doneAt,
      deliveredAt: doneAt + deliveryMs,
      media_attachment_url: media,
      voice_attachment_url: voice,
      groupId: null,
    })
  })

  if (doneAt > now) {
    return {
      success: true,
      status: 'processing',
      message: 'Message accepted and processing',
      messageType: null,
      phone,
      devicePhoneNumber: null,
      mediaAttachmentUrl: media,
      audioAttachmentUrl: voice,
    }
  }
  return {
    success: true,
    status: 'done',
    message: 'Message sent',
    messageType: service,
    phone,
    devicePhoneNumber: line.phoneNumber,
    mediaAttachmentUrl: media,
    audioAttachmentUrl: voice,
  }
}

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
const HANDLE = /^pbm_.+/

/** GET /get-message-api/{message_handle}: 400 without the pbm_ prefix, 404 when it names none of the caller's messages. */
export function getMessage(state: MockState, account: Account, handle: string): MessageRecord {
  if (!HANDLE.test(handle)) {
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

/** Body of POST /send-typing-indicator. */
interface TypingInput {
  phoneNumber: string
  lineId?: string | undefined
}

/** POST /send-typing-indicator. */
export function sendTyping(state: MockState, account: Account, input: TypingInput) {
  const phone = requirePhone(input.phoneNumber, 'phoneNumber')
  const line = input.lineId === undefined ? undefined : requireOwnLine(state, account, input.lineId)
  // spec: the number must already have a conversation on the sending line; without lineId,
  // the line owning the existing conversation is used.
  const lineId = line ? line.lineId : account.lastLineByPhone.get(phone)
  const conversation = lineId === undefined ? undefined : account.conversations.get(`${lineId}|${phone}`)
  if (!conversation) {
    throw fail(
      400,
      'no_conversation',
      `${phone} has no conversation on ${line ? 'this line' : 'any of your lines'}`,
      'Send a message first; typing indicators need an existing conversation.',
    )
  }
  if (takeDeviceFault(state, 'POST', '/send-typing-indicator')) {
    return { status: 'ERROR' as const, number: phone, error_message: 'The device failed to send the typing indicator' }
  }
  if (!isReachable(state, phone)) {
    return {
      status: 'ERROR' as const,
      number: phone,
      error_message: 'Typing indicators are only supported on the native-chat channel',
    }
  }
  return { status: 'SENT' as const, number: phone, error_message: null }
}

/** Body of POST /send-reaction. */
interface ReactionInput {
  messageHandle: string
  reaction: string
  remove?: boolean | undefined
  partIndex?: number | undefined
}

/** POST /send-reaction. */
export function sendReaction(state: MockState, account: Account, input: ReactionInput) {
  const remove = input.remove ?? false
  const partIndex = input.partIndex ?? 0
  if (!HANDLE.test(input.messageHandle)) {
    throw fail(
      400,
      'invalid_request',
      'messageHandle must start with pbm_',
      'Use a message_handle from GET /get-messages-api.',
    )
  }
  if (!Number.isInteger(partIndex) || partIndex < 0) {
    throw fail(400, 'invalid_request', 'partIndex must be an integer ≥ 0', 'Omit partIndex to react to the first part.')
  }
  const message = state.messagesByHandle.get(input.messageHandle)
  if (!message || message.accountId !== account.id) {
    throw fail(404, 'message_not_found', 'Message not found', 'Use a message_handle from your own messages list.')
  }
  const base = { messageHandle: input.messageHandle, reaction: input.reaction, remove }
  if (takeDeviceFault(state, 'POST', '/send-reaction')) {
    return { status: 'ERROR' as const, ...base, error_message: 'The device failed to send the reaction' }
  }
  // spec: POST /send-reaction — SMS/RCS targets and outbound messages → ERROR in a 200.
  if (message.service !== 'nativechat') {
    return {
      status: 'ERROR' as const,
      ...base,
      error_message: 'Reactions are only supported on the native-chat channel',
    }
  }
  if (message.direction === 'outbound') {
    return { status: 'ERROR' as const, ...base, error_message: 'Reactions on outbound messages are not supported' }
  }
  const slot = `${partIndex}:${input.reaction}`
  if (remove) message.reactions.delete(slot)
  else message.reactions.add(slot)
  return { status: 'SENT' as const, ...base, error_message: null }
}

/** GET /get-effects (@assumed shape: ASSUMPTIONS.md). */
export function listEffects() {
  return { bubble: [...bubbleEffects], screen: [...screenEffects] }
}

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
