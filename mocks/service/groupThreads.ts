/**
 * Group threads. spec: POST /send-group-message, Group-send response, Group thread states.
 */
import { durableToken, isBlocked, isReachable, pickLine, requireContent, requireOwnLine, storeMessage } from './common'
import { fail } from './serviceErrors'
import { ttsUrl, usableIdempotencyKey } from './messageSending'
import { normalizeOrNull } from './phoneNumbers'
import { at, type MockState } from './mockState'
import type { Account, Group, Line } from './stateRecords'

const KEYED_WINDOW = 24 * 3_600_000

/** Body of POST /send-group-message (after schema parsing). */
interface GroupSendInput {
  numbers: string[]
  message?: string | undefined
  mediaAttachmentUrl?: string | undefined
  audioAttachmentUrl?: string | undefined
  enableAiVoiceMemo?: boolean | undefined
  groupName?: string | undefined
  lineId?: string | undefined
  idempotencyKey?: string | undefined
}

/** spec: Group-send response. */
interface GroupSendResponse {
  success: boolean
  status: 'queued'
  groupId: string | null
  created: boolean
  groupStatus: 'creating' | 'active'
  service: null
  recipients: string[]
  devicePhoneNumber: string | null
  mediaAttachmentUrl: string | null
  audioAttachmentUrl: string | null
}

/** `creating` until the chat exists on the sending line, then `active`. */
function groupStatus(group: Group, now: number): 'creating' | 'active' {
  return now >= group.activeAt ? 'active' : 'creating'
}

const badRequest = (message: string, hint: string) => fail(400, 'invalid_request', message, hint)

/** Normalizes, checks and de-duplicates the recipients. spec: numbers — 2 to 32 after normalization and de-duplication. */
function normalizeRecipients(numbers: readonly string[]): string[] {
  if (numbers.length > 1_000) throw badRequest('numbers has far more than 32 entries', 'Send 2 to 32 phone numbers.')
  const seen = new Set<string>()
  for (const raw of numbers) {
    if (typeof raw !== 'string') throw badRequest('numbers must be phone number strings', 'Send 2 to 32 phone numbers.')
    // spec: Status codes — email or chat handles → 400.
    if (raw.includes('@'))
      throw fail(
        400,
        'invalid_recipient',
        `"${raw.slice(0, 64)}" is an email handle`,
        'Group sends take phone numbers only.',
      )
    if (/^\s*chat/i.test(raw))
      throw fail(
        400,
        'invalid_recipient',
        `"${raw.slice(0, 64)}" is a chat handle`,
        'Group sends take phone numbers only; the same numbers reuse the thread.',
      )
    const phone = normalizeOrNull(raw)
    if (phone === null)
      throw fail(
        400,
        'invalid_phone',
        `"${raw.slice(0, 64)}" is not a valid phone number`,
        'Send phone numbers in E.164 format, e.g. +14155550123.',
      )
    seen.add(phone)
  }
  if (seen.size < 2 || seen.size > 32) {
    throw fail(
      400,
      'invalid_recipient_count',
      `numbers has ${seen.size} distinct recipient(s) after normalization; 2 to 32 are needed`,
      'Send 2 to 32 distinct phone numbers.',
    )
  }
  return [...seen]
}

/** POST /send-group-message. */
export function sendGroupMessage(state: MockState, account: Account, input: GroupSendInput): GroupSendResponse {
  const text = input.message ?? ''
  const media = input.mediaAttachmentUrl ?? null
  const audio = input.audioAttachmentUrl ?? null
  if (media !== null && audio !== null) {
    throw badRequest(
      'mediaAttachmentUrl and audioAttachmentUrl are mutually exclusive',
      'Send one attachment per group message.',
    )
  }
  requireContent(
    { text, media, audio, enableAiVoiceMemo: input.enableAiVoiceMemo },
    'Send message text or one attachment.',
  )
  const recipients = normalizeRecipients(input.numbers)
  const explicitLine = input.lineId === undefined ? undefined : requireOwnLine(state, account, input.lineId)
  // spec: group sending is unavailable on trial accounts → 403.
  if (account.trial)
    throw fail(
      403,
      'trial_restricted',
      'Group messages are not available on trial accounts',
      'Upgrade the account to send group messages.',
    )
  const blocked = recipients.filter((p) => isBlocked(state, account, p))
  if (blocked.length > 0) {
    throw fail(
      403,
      'recipient_blocked',
      `Blocked recipient(s): ${blocked.join(', ')}`,
      'Remove blocked numbers from the group.',
    )
  }

  const now = state.clock.now()
  const key = usableIdempotencyKey(input.idempotencyKey)
  if (key !== undefined) {
    const previous = account.groupSends.get(key)
    if (previous && previous.expiresAt > now) {
      // spec: groupId and devicePhoneNumber "can be null on a replayed or deduplicated request".
      return {
        success: true,
        status: 'queued',
        groupId: null,
        created: false,
        groupStatus: previous.groupStatusOf(),
        service: null,
        recipients: previous.recipients,
        devicePhoneNumber: null,
        mediaAttachmentUrl: previous.mediaAttachmentUrl,
        audioAttachmentUrl: previous.audioAttachmentUrl,
      }
    }
  }

  const groupKey = [...recipients].sort().join(',')
  let group = account.groupsByKey.get(groupKey)
  let created = false
  if (group) {
    // spec: lineId on reuse must match the line the group lives on → 409 with devicePhoneNumber.
    if (explicitLine && explicitLine.lineId !== group.lineId) {
      const home = state.lines.get(group.lineId)
      throw fail(
        409,
        'group_line_conflict',
        'This group already exists on a different line',
        'Send from the line in devicePhoneNumber, or omit lineId.',
        {
          devicePhoneNumber: home?.phoneNumber ?? null,
          groupId: group.groupId,
        },
      )
    }
  } else {
    const line: Line = explicitLine ?? pickLine(state, account, null)
    group = {
      groupId: durableToken(state, 'pbg_', 20),
      chatId: `chat${Math.floor(state.ids.next() * 1e15)
        .toString()
        .padStart(15, '0')}`,
      accountId: account.id,
      lineId: line.lineId,
      participants: recipients,
      key: groupKey,
      // spec: groupName is honored only when the group is created.
      name: input.groupName ?? null,
      // spec: rule 2 — native chat only when every participant is reachable, else the whole thread is SMS.
      service: recipients.every((p) => isReachable(state, p)) ? 'nativechat' : 'SMS',
      createdAt: now,
      activeAt: now + Math.max(0, state.settings.groupCreatingMs),
    }
    account.groupsByKey.set(groupKey, group)
    account.groupsById.set(group.groupId, group)
    created = true
  }
  const line = state.lines.get(group.lineId) as Line
  const voice = audio ?? (input.enableAiVoiceMemo === true ? ttsUrl(state.ids.token('', 16)) : null)
  const thread = group
  const sentAt = Math.max(now, thread.activeAt)
  const deliveryMs = Math.max(0, state.settings.deliveryMs)
  // spec: outbound group messages carry the chat identifier as to_number.
  at(state, sentAt, () => {
    storeMessage(state, account, {
      content: text,
      from_number: line.phoneNumber,
      to_number: thread.chatId,
      line_id: line.lineId,
      service: thread.service,
      direction: 'outbound',
      createdAt: now,
      sentAt,
      deliveredAt: sentAt + deliveryMs,
      media_attachment_url: media,
      voice_attachment_url: voice,
      groupId: thread.groupId,
    })
  })
  if (key !== undefined) {
    account.groupSends.set(key, {
      expiresAt: now + KEYED_WINDOW,
      recipients,
      groupStatusOf: () => groupStatus(thread, state.clock.now()),
      mediaAttachmentUrl: media,
      audioAttachmentUrl: voice,
    })
  }
  return {
    success: true,
    status: 'queued',
    groupId: group.groupId,
    created,
    groupStatus: groupStatus(group, now),
    service: null,
    recipients,
    devicePhoneNumber: line.phoneNumber,
    mediaAttachmentUrl: media,
    audioAttachmentUrl: voice,
  }
}

/**
 * The mock's answer to `GET /groups`, the linekit/server route that lists the groups its read
 * model learned from the group sends it forwarded (src/api/groups.ts). The service has no such
 * endpoint; the mock serves it, as a server that forwarded every group send of the account would
 * answer, so a page on the mock alone loads it. A group whose chat does not exist yet (`creating`)
 * has no listed record to be tied to, so it is not listed.
 */
export function listGroups(state: MockState, account: Account, query: { lineId?: string | undefined }) {
  if (query.lineId !== undefined) {
    const line = state.lines.get(query.lineId)
    if (!line || line.accountId !== account.id)
      throw fail(403, 'line_not_allowed', 'This line is not one of yours', 'Use a lineId from GET /get-lines.')
  }
  const now = state.clock.now()
  const groups = [...account.groupsById.values()]
    .filter((g) => g.activeAt <= now && (query.lineId === undefined || g.lineId === query.lineId))
    .sort((a, b) => b.createdAt - a.createdAt)
  return {
    data: groups.map((g) => ({ chatId: g.chatId, lineId: g.lineId, participants: [...g.participants], name: g.name })),
  }
}
