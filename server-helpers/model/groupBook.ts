/**
 * The groups the server learned, with their members and name. The contract lists neither: a
 * message record names a group only by its chat identifier (spec: Message record — `to_number`
 * of an outbound group message begins `chat`), and the members are shown in one place, the
 * group-send response's `recipients` (spec: Group-send response). So a group is learned from a
 * group send this server forwarded: its answer's `recipients` and, when the answer says
 * `created`, the request's `groupName` (spec: groupName is honored only when the group is
 * created), tied to the chat identifier of the outbound group record the messages list shows
 * with the send's text on a line, closest in time. The service never names the chat in the
 * answer, so the tie is made by the listing, as the browser ties its own sends.
 */
import type { MessageRecord } from '../../src/api'

/** A group-send answer the book has not tied to its chat yet. */
export interface AnsweredGroupSend {
  /** spec: Group-send response `recipients` — E.164. */
  recipients: string[]
  /** The request's `groupName`, when the answer says the send created the group. */
  name: string | null
  content: string
  at: number
}

/** A group the server knows. */
export interface KnownGroup {
  chatId: string
  lineId: string
  participants: string[]
  name: string | null
  /** When a send to it was last tied (ms): the most recently used come first. */
  at: number
}

/** Groups kept at most: the book grows with what users send. */
const MAX_GROUPS = 5000
/** Answers waiting for their record at most. */
const MAX_WAITING = 500

const parseTime = (iso: string) => {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? 0 : ms
}

const isChatRecord = (r: MessageRecord) => r.direction === 'outbound' && r.to_number.startsWith('chat')

/** See the module comment. */
export class GroupBook {
  readonly groups = new Map<string, KnownGroup>()
  waiting: AnsweredGroupSend[] = []

  constructor(private readonly toleranceMs: number) {}

  /** A group send's answer; tied at once when its record is listed already (`listed`, newest last). */
  noteAnswer(send: AnsweredGroupSend, listed: readonly MessageRecord[]): void {
    const record = this.closestRecord(send, listed)
    if (record) this.tie(send, record)
    else {
      this.waiting.push(send)
      if (this.waiting.length > MAX_WAITING) this.waiting.shift()
    }
  }

  /** A listed record: an outbound group record ties the waiting answer with its text, closest in time. */
  applyRecord(record: MessageRecord): void {
    if (!isChatRecord(record)) return
    const created = parseTime(record.created_at)
    let best: AnsweredGroupSend | undefined
    for (const send of this.waiting) {
      const distance = Math.abs(send.at - created)
      if (send.content !== record.content || distance > this.toleranceMs) continue
      if (!best || distance < Math.abs(best.at - created)) best = send
    }
    if (!best) return
    this.waiting = this.waiting.filter((send) => send !== best)
    this.tie(best, record)
  }

  /** The groups on `lineIds` (compared case-insensitively), most recently used first. */
  list(lineIds: ReadonlySet<string>): KnownGroup[] {
    return [...this.groups.values()].filter((g) => lineIds.has(g.lineId.toLowerCase())).sort((a, b) => b.at - a.at)
  }

  /** Forgets answers no record can match any more. Groups stay: membership does not expire. */
  trimBefore(time: number): void {
    this.waiting = this.waiting.filter((send) => send.at >= time - this.toleranceMs)
  }

  private closestRecord(send: AnsweredGroupSend, listed: readonly MessageRecord[]): MessageRecord | undefined {
    let best: MessageRecord | undefined
    for (const record of listed) {
      if (!isChatRecord(record) || record.content !== send.content) continue
      const distance = Math.abs(parseTime(record.created_at) - send.at)
      if (distance > this.toleranceMs) continue
      if (!best || distance < Math.abs(parseTime(best.created_at) - send.at)) best = record
    }
    return best
  }

  private tie(send: AnsweredGroupSend, record: MessageRecord): void {
    const chatId = record.to_number
    const known = this.groups.get(chatId)
    // spec: groupName is honored only when the group is created; on reuse the old name stays.
    const name = send.name ?? known?.name ?? null
    this.groups.delete(chatId)
    this.groups.set(chatId, { chatId, lineId: record.line_id, participants: [...send.recipients], name, at: send.at })
    if (this.groups.size > MAX_GROUPS) this.groups.delete(this.groups.keys().next().value!)
  }
}

const digitsOf = (number: string) => number.replace(/\D/g, '')
/** `+14155550100` is `4155550100` or `14155550100` as a request wrote it (national or E.164). */
const sameNumber = (e164: string, written: string) => {
  const a = digitsOf(e164)
  const b = digitsOf(written)
  return b.length >= 7 && a.endsWith(b)
}

/**
 * The members a group-send answer teaches: its `recipients` (spec: Group-send response — E.164),
 * only when they are the request's own `numbers` normalized (spec: numbers are normalized to E.164
 * and deduplicated). A replayed answer carries the earlier send's data with no marker, so one that
 * lists other numbers teaches nothing. Null when nothing is taught.
 */
export function groupMembersOf(body: Record<string, unknown>, answer: Record<string, unknown> | undefined) {
  const numbers = Array.isArray(body.numbers) ? body.numbers.filter((n): n is string => typeof n === 'string') : []
  const recipients = answer?.recipients
  if (!Array.isArray(recipients) || recipients.length < 2 || numbers.length === 0) return null
  if (!recipients.every((r): r is string => typeof r === 'string' && r.startsWith('+'))) return null
  const same =
    recipients.every((r) => numbers.some((n) => sameNumber(r, n))) &&
    numbers.every((n) => recipients.some((r) => sameNumber(r, n)))
  return same ? recipients : null
}
