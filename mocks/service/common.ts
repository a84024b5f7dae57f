/**
 * Rules shared by several domains: line resolution, native-chat reachability, storing
 * messages (indexed, ordered, announced on the event hook) and their public record shape.
 */
import type { Service } from '../../src/api/enums'
import { fail } from './serviceErrors'
import type { MockState } from './mockState'
import type { Account, Line, StoredMessage } from './stateRecords'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

/** Whether `value` is a UUID version 4. */
function isUuidV4(value: unknown): value is string {
  return typeof value === 'string' && UUID_V4.test(value)
}

/** The account's lines in listing order. */
export function accountLines(state: MockState, account: Account): Line[] {
  const lines: Line[] = []
  for (const id of account.lineIds) {
    const line = state.lines.get(id)
    if (line) lines.push(line)
  }
  return lines
}

/**
 * Resolves an explicit `lineId` on a send. spec: send — "lineId (UUID v4) … Rejected on trial
 * accounts. An invalid value returns 400"; Errors — invalid lineId (not a UUID v4 from the
 * lines listing) → 400; trial restriction (line override) → 403.
 */
export function requireOwnLine(state: MockState, account: Account, lineId: string, field = 'lineId'): Line {
  if (account.trial) {
    throw fail(
      403,
      'trial_restricted',
      `${field} cannot be chosen on a trial account`,
      'Omit lineId; trial accounts send from their trial line.',
    )
  }
  const line = isUuidV4(lineId) ? state.lines.get(lineId) : undefined
  if (!line || line.accountId !== account.id) {
    throw fail(
      400,
      'invalid_line_id',
      `${field} is not one of your lines`,
      'Use a lineId (UUID v4) from GET /get-lines.',
    )
  }
  return line
}

/**
 * Picks the sending line when none is given. spec: send — "sends are load balanced across
 * available lines". Choice (README): a number that already talks to one of the account's
 * lines stays on it; otherwise lines take turns (round robin).
 */
export function pickLine(state: MockState, account: Account, phone: string | null): Line {
  if (phone !== null) {
    const sticky = account.lastLineByPhone.get(phone)
    const line = sticky === undefined ? undefined : state.lines.get(sticky)
    if (line) return line
  }
  const lines = accountLines(state, account)
  if (lines.length === 0) {
    throw fail(400, 'no_available_lines', 'The account has no available line', 'Add a line to the account first.')
  }
  const line = lines[account.nextLine % lines.length] as Line
  account.nextLine = (account.nextLine + 1) % lines.length
  return line
}

/**
 * Whether `phone` can receive on the native-chat channel. Overrides set through the control
 * API win; otherwise (README) numbers ending in an even digit are reachable, odd are SMS-only.
 */
export function isReachable(state: MockState, phone: string): boolean {
  const override = state.reachability.get(phone)
  if (override !== undefined) return override
  const last = phone.charCodeAt(phone.length - 1) - 48
  return last >= 0 && last <= 9 && last % 2 === 0
}

/** Whether `phone` is opted out for the account (account-level or global). */
export function isOptedOut(state: MockState, account: Account, phone: string): boolean {
  return state.optedOut.has(phone) || account.optedOut.has(phone)
}

/** Whether `phone` is blocked for the account (account-level or global). */
export function isBlocked(state: MockState, account: Account, phone: string): boolean {
  return state.blocked.has(phone) || account.blocked.has(phone)
}

/** Input for {@link storeMessage}. */
interface NewMessage {
  content: string
  from_number: string
  to_number: string
  line_id: string
  service: Service
  direction: 'inbound' | 'outbound'
  createdAt: number
  sentAt: number
  deliveredAt: number
  media_attachment_url: string | null
  voice_attachment_url: string | null
  groupId: string | null
}

/**
 * An opaque id for a record made now. spec: `message_handle` and `groupId` are durable, `guid`
 * globally unique — never handed out twice. A reset restarts the seeded id sequence, so the
 * seed's own records get their ids again (they are the same records), but an id made after a
 * reset carries the reset's generation: a client that keeps what it saw (a linekit/server still
 * running) never meets one id for two records.
 */
export function durableToken(state: MockState, prefix: string, length: number): string {
  const token = state.ids.token(prefix, length)
  return afterReset(state) ? `${token}_${state.generation.toString(36)}` : token
}

/** A v4 UUID for a record made now; after a reset, its first group is the generation (see {@link durableToken}). */
function durableUuid(state: MockState): string {
  const uuid = state.ids.uuid()
  return afterReset(state) ? `${state.generation.toString(16).padStart(8, '0')}${uuid.slice(8)}` : uuid
}

/** Made by a live request after a reset (not by the seed, whose records are the same each time). */
const afterReset = (state: MockState) => state.generation > 1 && !state.quiet

/**
 * Stores a message: indexed by handle, kept in createdAt order, conversation bookkeeping, and
 * announced through `state.emit` (the hook message webhooks hang on).
 */
export function storeMessage(state: MockState, account: Account, input: NewMessage): StoredMessage {
  state.counters.message += 1
  state.messagesEver += 1
  const message: StoredMessage = {
    ...input,
    handle: durableToken(state, 'pbm_', 24),
    id: state.messagesEver,
    guid: durableUuid(state),
    accountId: account.id,
    createdIso: new Date(input.createdAt).toISOString(),
    sentIso: new Date(input.sentAt).toISOString(),
    reactions: new Set(),
  }
  const list = account.messages
  const last = list[list.length - 1]
  if (!last || last.createdAt <= message.createdAt) {
    list.push(message)
  } else {
    // Rare (seeded history): binary-insert to keep createdAt order.
    let lo = 0
    let hi = list.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((list[mid] as StoredMessage).createdAt <= message.createdAt) lo = mid + 1
      else hi = mid
    }
    list.splice(lo, 0, message)
  }
  state.messagesByHandle.set(message.handle, message)
  if (message.groupId === null) {
    const external = message.direction === 'outbound' ? message.to_number : message.from_number
    account.conversations.set(`${message.line_id}|${external}`, {
      lineId: message.line_id,
      phone: external,
      service: message.service,
    })
    account.lastLineByPhone.set(external, message.line_id)
  }
  state.emit({
    type: message.direction === 'outbound' ? 'message.outbound' : 'message.inbound',
    at: state.clock.now(),
    accountId: account.id,
    message,
  })
  return message
}

/** The public message record. spec: Message record. Status (README): `pending` → `delivered`. */
export interface MessageRecord {
  message_handle: string
  content: string
  from_number: string
  to_number: string
  line_id: string
  service: Service
  direction: 'inbound' | 'outbound'
  status: string
  created_at: string
  sent_at: string
  media_attachment_url: string | null
  voice_attachment_url: string | null
}

/** Renders a stored message as the spec's record at the current mock time. */
export function toRecord(message: StoredMessage, now: number): MessageRecord {
  return {
    message_handle: message.handle,
    content: message.content,
    from_number: message.from_number,
    to_number: message.to_number,
    line_id: message.line_id,
    service: message.service,
    direction: message.direction,
    status: now >= message.deliveredAt ? 'delivered' : 'pending',
    created_at: message.createdIso,
    sent_at: message.sentIso,
    media_attachment_url: message.media_attachment_url,
    voice_attachment_url: message.voice_attachment_url,
  }
}

/** Checks a `customFields` value. spec: send/create contact — plain object, ≤ 10,000 characters serialized. */
export function checkCustomFields(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined) return undefined
  if (
    value === null ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    Object.getPrototypeOf(value) !== Object.prototype
  ) {
    throw fail(
      400,
      'invalid_request',
      'customFields must be a plain JSON object',
      'Send customFields as an object of key/value pairs.',
    )
  }
  let size: number
  try {
    size = JSON.stringify(value).length
  } catch {
    throw fail(
      400,
      'invalid_request',
      'customFields must be serializable JSON',
      'Send customFields as an object of key/value pairs.',
    )
  }
  if (size > 10_000) {
    throw fail(
      400,
      'invalid_request',
      'customFields is larger than 10,000 characters when serialized',
      'Store less metadata per contact.',
    )
  }
  return value as Record<string, unknown>
}

/**
 * spec: send — message text is required unless an attachment is supplied; an AI voice memo needs
 * text to speak. `hint` says what this endpoint accepts instead.
 */
export function requireContent(
  input: { text: string; media: string | null; audio: string | null; enableAiVoiceMemo?: boolean | undefined },
  hint: string,
): void {
  if (input.text === '' && input.media === null && input.audio === null)
    throw fail(400, 'missing_message', 'message is required unless an attachment is supplied', hint)
  if (input.enableAiVoiceMemo === true && input.text === '') {
    throw fail(
      400,
      'missing_message',
      'enableAiVoiceMemo needs message text to speak',
      'Send the text to turn into a voice memo in message.',
    )
  }
}
