/**
 * The model's messages: listed records and provisional ones made from webhooks, indexed by
 * handle, by line, by thread (one-to-one or group) and by webhook `guid`, kept in `created_at`
 * order. A provisional record is replaced by the listed one exactly once (see {@link MessageIndex}).
 */
import type { MessageRecord } from '../../src/api'
import type { MessageWebhook, ModelChange } from './modelTypes'

/** A stored message. `seq` orders records created at the same instant by arrival, as the service does. */
export interface Entry {
  record: MessageRecord
  created: number
  sent: number
  seq: number
  /** Made from a webhook; not listed by the service yet. */
  provisional: boolean
  /** The webhook this record stands for (provisional) or absorbed (listed), if any. */
  guid: string | null
}

/** A record's size for the byte cap: the characters of its JSON (content and media links dominate). */
const sizeOf = (record: MessageRecord) => JSON.stringify(record).length

/**
 * spec: Message record — "For outbound group messages [`to_number`] is the group's chat
 * identifier (begins `chat`)". How an inbound group reply is marked is not shown; the model treats
 * any `to_number` beginning `chat` as a group thread in both directions (README, Read model).
 */
export function isGroupId(toNumber: string): boolean {
  return toNumber.startsWith('chat')
}

/** The external party: the sender of an inbound message, the recipient (or group) of an outbound one. */
function counterpartOf(record: Pick<MessageRecord, 'direction' | 'from_number' | 'to_number'>): string {
  return record.direction === 'inbound' ? record.from_number : record.to_number
}

/** `g:<chat id>` for a group thread, `o:<line id>|<number>` for a one-to-one thread. */
function threadKeyOf(record: MessageRecord): string {
  return isGroupId(record.to_number) ? `g:${record.to_number}` : `o:${record.line_id}|${counterpartOf(record)}`
}

/** What a webhook and a listed record have in common: direction, line, counterpart and text. */
function matchKey(direction: string, lineId: string, counterpart: string, content: string): string {
  return JSON.stringify([direction, lineId, counterpart, content])
}
const matchKeyOf = (r: MessageRecord) => matchKey(r.direction, r.line_id, counterpartOf(r), r.content)
/**
 * An outbound group message's webhook names one participant as `destination` (spec: "Phone
 * number in E.164"), its record the group's `chat…` id: they meet on line and text alone.
 */
const looseKeyOf = (r: Pick<MessageRecord, 'direction' | 'line_id' | 'content'>) =>
  r.direction === 'outbound' ? JSON.stringify([r.line_id, r.content]) : null
const isGroupRecord = (r: MessageRecord) => r.direction === 'outbound' && isGroupId(r.to_number)

const order = (a: Entry, b: Entry) => a.created - b.created || a.seq - b.seq

function insertSorted(list: Entry[], entry: Entry): void {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (order(list[mid]!, entry) < 0) lo = mid + 1
    else hi = mid
  }
  list.splice(lo, 0, entry)
}

function removeSorted(list: Entry[], entry: Entry): void {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (order(list[mid]!, entry) < 0) lo = mid + 1
    else hi = mid
  }
  if (list[lo] === entry) list.splice(lo, 1)
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key)
  if (!set) map.set(key, (set = new Set()))
  set.add(value)
}
function deleteFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key)
  if (!set) return
  set.delete(value)
  if (set.size === 0) map.delete(key)
}

/** The entry of `candidates` closest in time to `at`, within `toleranceMs`. */
function closest(candidates: Set<Entry> | undefined, at: number, toleranceMs: number): Entry | undefined {
  let best: Entry | undefined
  for (const entry of candidates ?? []) {
    const distance = Math.abs(entry.created - at)
    if (distance <= toleranceMs && (!best || distance < Math.abs(best.created - at))) best = entry
  }
  return best
}

/** A group send this server forwarded: its outbound webhooks each name one of `numbers`. */
export interface GroupSend {
  /** The numbers as the request wrote them (spec: the service normalizes them to E.164); kept digits only. */
  numbers: string[]
  content: string
  at: number
}

const digitsOf = (number: string) => number.replace(/\D/g, '')
/** `+14155550100` is `4155550100` or `14155550100` as a request wrote it (national or E.164). */
const sameNumber = (e164Digits: string, written: string) => written.length >= 7 && e164Digits.endsWith(written)

const parseTime = (iso: string) => {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? 0 : ms
}

/**
 * The messages and their indexes. A webhook and the listed record it announces meet whichever
 * comes first: a webhook finds an unclaimed listed record with the same direction, line,
 * counterpart and text closest in time (within `toleranceMs`) and claims it; a listed record
 * finds such a provisional record and replaces it. Either way one record remains.
 */
export class MessageIndex {
  readonly byHandle = new Map<string, Entry>()
  /** Every entry, oldest first. */
  readonly all: Entry[] = []
  readonly byLine = new Map<string, Entry[]>()
  /** Per line: the size of its records (characters of their JSON), for the byte cap. */
  private readonly lineSizes = new Map<string, number>()
  readonly byThread = new Map<string, Set<Entry>>()
  private readonly byGuid = new Map<string, Entry>()
  private readonly provisional = new Map<string, Set<Entry>>()
  private readonly unclaimed = new Map<string, Set<Entry>>()
  /** Outbound provisional records by line and text; listed outbound group records no webhook claimed. */
  private readonly provisionalLoose = new Map<string, Set<Entry>>()
  private readonly unclaimedGroups = new Map<string, Set<Entry>>()
  /** Group sends of the last `toleranceMs`. */
  groupSends: GroupSend[] = []
  /** Numbers seen in a group (a group send, an inbound group record), digits only → when last seen. */
  readonly groupMembers = new Map<string, number>()
  private seq = 0

  constructor(private readonly toleranceMs: number) {}

  /** Stores or updates a listed record; the change, or null when nothing changed. */
  applyRecord(record: MessageRecord): ModelChange | null {
    const existing = this.byHandle.get(record.message_handle)
    if (existing) {
      if (JSON.stringify(existing.record) === JSON.stringify(record)) return null
      this.remove(existing)
      this.add({ ...existing, record, created: parseTime(record.created_at), sent: parseTime(record.sent_at) })
      return { kind: 'message', lineId: record.line_id, record, provisional: false }
    }
    const created = parseTime(record.created_at)
    const stand =
      closest(this.provisional.get(matchKeyOf(record)), created, this.toleranceMs) ??
      (isGroupRecord(record)
        ? closest(this.provisionalLoose.get(looseKeyOf(record)!), created, this.toleranceMs)
        : undefined)
    if (stand) this.remove(stand)
    this.add({
      record,
      created,
      sent: parseTime(record.sent_at),
      seq: ++this.seq,
      provisional: false,
      guid: stand?.guid ?? null,
    })
    return stand
      ? { kind: 'message', lineId: record.line_id, record, provisional: false, replaces: stand.record.message_handle }
      : { kind: 'message', lineId: record.line_id, record, provisional: false }
  }

  /** Stores a webhook's message as a provisional record unless it is known already. */
  applyWebhook(payload: MessageWebhook, lineId: string): ModelChange | null {
    if (this.byGuid.has(payload.guid)) return null
    const received = parseTime(payload.receivedAt)
    const key = matchKey(payload.direction, lineId, payload.destination, payload.message)
    const loose = looseKeyOf({ direction: payload.direction, line_id: lineId, content: payload.message })
    const listed =
      closest(this.unclaimed.get(key), received, this.toleranceMs) ??
      (loose === null ? undefined : closest(this.unclaimedGroups.get(loose), received, this.toleranceMs))
    if (listed) {
      // Already listed (the webhook came late): the record stands for it from now on.
      this.forgetUnclaimed(listed)
      listed.guid = payload.guid
      this.byGuid.set(payload.guid, listed)
      return null
    }
    if (this.isGroupTraffic(payload, received)) return null
    const inbound = payload.direction === 'inbound'
    const record: MessageRecord = {
      // Not a service handle (those start `pbm_`): actions on it wait for the listed record.
      message_handle: `lkw_${payload.guid}`,
      content: payload.message,
      from_number: inbound ? payload.destination : payload.linePhoneNumber,
      to_number: inbound ? payload.linePhoneNumber : payload.destination,
      line_id: lineId,
      service: 'SMS',
      direction: payload.direction,
      // spec: status values beyond `delivered` are not shown; these are what a listed record reads at first.
      status: inbound ? 'delivered' : 'pending',
      created_at: payload.receivedAt,
      sent_at: payload.receivedAt,
      media_attachment_url: null,
      voice_attachment_url: null,
    }
    // The webhook does not say the channel: take the thread's latest, SMS when the thread is new.
    const thread = [...(this.byThread.get(threadKeyOf(record)) ?? [])].sort(order).pop()
    if (thread) record.service = thread.record.service
    this.add({ record, created: received, sent: received, seq: ++this.seq, provisional: true, guid: payload.guid })
    return { kind: 'message', lineId, record, provisional: true }
  }

  /** Notes a group send this server forwards, before its webhooks can arrive. */
  noteGroupSend(send: GroupSend): void {
    const numbers = send.numbers.map(digitsOf)
    this.groupSends.push({ ...send, numbers })
    for (const number of numbers) this.groupMembers.set(number, send.at)
  }

  /**
   * A message webhook names one phone number (spec: Message webhook payload, `destination`), never
   * a group, so a group message's webhook looks like a one-to-one message. It is taken for group
   * traffic when it is outbound with the text of a recent group send to that number, or inbound
   * from a number seen in a group. Such a webhook makes no provisional record (it would show in a
   * one-to-one thread, spec: Message record `to_number`): the reconciler's next listing brings the
   * record with the group's `chat…` id, or the one-to-one record if the guess was wrong.
   */
  private isGroupTraffic(payload: MessageWebhook, received: number): boolean {
    const number = digitsOf(payload.destination)
    if (payload.direction === 'inbound') return [...this.groupMembers.keys()].some((m) => sameNumber(number, m))
    return this.groupSends.some(
      (send) =>
        send.content === payload.message &&
        Math.abs(send.at - received) <= this.toleranceMs &&
        send.numbers.some((m) => sameNumber(number, m)),
    )
  }

  /** Removes entries created before `time`; returns the newest removed `created`, or null. */
  trimBefore(time: number): number | null {
    this.groupSends = this.groupSends.filter((send) => send.at >= time)
    for (const [number, at] of this.groupMembers) if (at < time) this.groupMembers.delete(number)
    let newest: number | null = null
    while (this.all.length > 0 && this.all[0]!.created < time) {
      const entry = this.all[0]!
      newest = entry.created
      this.remove(entry)
    }
    return newest
  }

  /**
   * Keeps the newest `max` entries of `lineId`, and no more than `maxSize` characters of records
   * (the newest entry always stays); returns the newest removed `created`, or null.
   */
  trimLine(lineId: string, max: number, maxSize = Infinity): number | null {
    const list = this.byLine.get(lineId)
    let newest: number | null = null
    while (list && (list.length > max || (list.length > 1 && (this.lineSizes.get(lineId) ?? 0) > maxSize))) {
      const entry = list[0]!
      newest = entry.created
      this.remove(entry)
    }
    return newest
  }

  /** The entries as saved in a snapshot (oldest first). */
  entries(): Entry[] {
    return [...this.all]
  }

  /** Re-adds saved entries (restore). */
  load(entries: readonly Entry[], seq: number): void {
    for (const entry of entries) this.add({ ...entry })
    this.seq = Math.max(this.seq, seq)
  }

  get sequence(): number {
    return this.seq
  }

  private add(entry: Entry): void {
    const { record } = entry
    this.byHandle.set(record.message_handle, entry)
    insertSorted(this.all, entry)
    let line = this.byLine.get(record.line_id)
    if (!line) this.byLine.set(record.line_id, (line = []))
    insertSorted(line, entry)
    this.lineSizes.set(record.line_id, (this.lineSizes.get(record.line_id) ?? 0) + sizeOf(record))
    addTo(this.byThread, threadKeyOf(record), entry)
    if (entry.guid !== null) this.byGuid.set(entry.guid, entry)
    if (record.direction === 'inbound' && isGroupId(record.to_number)) {
      const number = digitsOf(record.from_number)
      this.groupMembers.set(number, Math.max(entry.created, this.groupMembers.get(number) ?? 0))
    }
    const loose = looseKeyOf(record)
    if (entry.provisional) {
      addTo(this.provisional, matchKeyOf(record), entry)
      if (loose !== null) addTo(this.provisionalLoose, loose, entry)
    } else if (entry.guid === null) {
      addTo(this.unclaimed, matchKeyOf(record), entry)
      if (isGroupRecord(record)) addTo(this.unclaimedGroups, loose!, entry)
    }
  }

  private forgetUnclaimed(entry: Entry): void {
    deleteFrom(this.unclaimed, matchKeyOf(entry.record), entry)
    const loose = looseKeyOf(entry.record)
    if (loose !== null) deleteFrom(this.unclaimedGroups, loose, entry)
  }

  private remove(entry: Entry): void {
    const { record } = entry
    this.byHandle.delete(record.message_handle)
    removeSorted(this.all, entry)
    const line = this.byLine.get(record.line_id)
    if (line) {
      removeSorted(line, entry)
      this.lineSizes.set(record.line_id, (this.lineSizes.get(record.line_id) ?? 0) - sizeOf(record))
      if (line.length === 0) {
        this.byLine.delete(record.line_id)
        this.lineSizes.delete(record.line_id)
      }
    }
    deleteFrom(this.byThread, threadKeyOf(record), entry)
    if (entry.guid !== null && this.byGuid.get(entry.guid) === entry) this.byGuid.delete(entry.guid)
    deleteFrom(this.provisional, matchKeyOf(record), entry)
    const loose = looseKeyOf(record)
    if (loose !== null) deleteFrom(this.provisionalLoose, loose, entry)
    this.forgetUnclaimed(entry)
  }
}
