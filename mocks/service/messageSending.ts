/**
 * Sending a message: the send rules (recipient, line, content, effects, opt-outs and blocks,
 * de-duplication and idempotency keys, processing → done, pending → delivered) and the effects
 * a send may carry. spec: POST /send-api-message, GET /get-effects.
 */
import { bubbleEffects, screenEffects } from '../../src/api/enums'
import {
  checkCustomFields,
  isBlocked,
  isReachable,
  pickLine,
  requireOwnLine,
  storeMessage,
  requireContent,
} from './common'
import { upsertContact } from './nativeContacts'
import { fail } from './serviceErrors'
import { requirePhone } from './phoneNumbers'
import { at, type MockState } from './mockState'
import type { Account, Line, SendRecord } from './stateRecords'

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

/** GET /get-effects (@assumed shape: ASSUMPTIONS.md). */
export function listEffects() {
  return { bubble: [...bubbleEffects], screen: [...screenEffects] }
}
