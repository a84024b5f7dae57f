/**
 * The read model's state machine: applies {@link ModelOp}s deterministically (time comes from the
 * operation, never from a clock), so every instance that applies the same operations in the same
 * order holds the same model.
 */
import type { MessageRecord } from '../../src/api'
import type { HeldCallLogs } from './heldCallLogs'
import { CallBook } from './callBook'
import { GroupBook } from './groupBook'
import type { AnsweredGroupSend, KnownGroup } from './groupBook'
import { MessageIndex, isGroupId } from './messageIndex'
import type { Entry, GroupSend } from './messageIndex'
import type {
  ConflictReporter,
  InboundCall,
  MessageWebhook,
  MessageWindow,
  ModelChange,
  ModelOp,
  ModelSnapshot,
  ModelTarget,
} from './modelTypes'

/** How much the model keeps. */
export interface RetentionOptions {
  /** Messages created longer ago than this are dropped (older reads go to the service). @default 7 */
  days?: number
  /** At most this many messages per line; the oldest go first. @default 5000 */
  messagesPerLine?: number
  /**
   * At most this many characters of message records (their JSON) per line, whatever their count:
   * long texts the service accepted cannot hold the server's memory; the oldest go first, older
   * reads go to the service. @default 4_000_000
   */
  bytesPerLine?: number
  /** Ended calls and learned call lines are forgotten after this long. @default 86_400_000 (a day) */
  callsMs?: number
  /** How far apart a webhook's `receivedAt` and its listed record's `created_at` may be. @default 600_000 */
  matchToleranceMs?: number
}

const DAY = 86_400_000
const MAX_UNRESOLVED = 1000

interface Covered {
  /** null = from the first message. */
  since: number | null
  until: number
}

interface Saved {
  entries: Entry[]
  seq: number
  calls: InboundCall[]
  callLines: [string, { lineId: string; at: number }][]
  numbers: [string, string][]
  covered: Covered | null
  floors: [string, number][]
  unresolved: MessageWebhook[]
  callLogs: HeldCallLogs | null
  groupSends?: GroupSend[]
  groupMembers?: [string, number][]
  groups?: KnownGroup[]
  groupAnswers?: AnsweredGroupSend[]
}

const time = (iso: string) => Date.parse(iso)

/** See the module comment. Reads are synchronous; writes go through {@link ModelState.apply}. */
export class ModelState implements ModelTarget {
  messages: MessageIndex
  calls: CallBook
  /** Line number → line id, learned from records, audio-call events and the server's own sends. */
  numbers = new Map<string, string>()
  covered: Covered | null = null
  /** Per line (and `*` for all): the coverage starts after messages trimmed away. */
  floors = new Map<string, number>()
  /** Webhooks whose line number is not known yet; stored once it is learned. */
  unresolved: MessageWebhook[] = []
  /** The newest page of call logs the reconciler read. */
  callLogs: HeldCallLogs | null = null
  /** Groups with their members, learned from the group sends this server forwarded. */
  groups: GroupBook
  private readonly days: number
  private readonly perLine: number
  private readonly bytesPerLine: number
  private readonly callsMs: number

  constructor(
    private readonly retention: RetentionOptions = {},
    private readonly onConflict: ConflictReporter = () => undefined,
  ) {
    this.days = retention.days ?? 7
    this.perLine = Math.max(1, retention.messagesPerLine ?? 5000)
    this.bytesPerLine = retention.bytesPerLine ?? 4_000_000
    this.callsMs = retention.callsMs ?? DAY
    this.messages = new MessageIndex(retention.matchToleranceMs ?? 600_000)
    this.calls = new CallBook(onConflict)
    this.groups = new GroupBook(retention.matchToleranceMs ?? 600_000)
  }

  apply(op: ModelOp): ModelChange[] {
    const changes: ModelChange[] = []
    const push = (change: ModelChange | null) => {
      if (change) changes.push(change)
    }
    switch (op.op) {
      case 'webhook': {
        // The route's line (it also knows the `lineNumbers` option and the lines listing), so the
        // model holds the message where its event went; the model's own numbers otherwise.
        const known = this.numbers.get(op.payload.linePhoneNumber)
        // Spelled as the service writes line ids when the model knows it (records match on it).
        const lineId = !op.lineId || known?.toLowerCase() === op.lineId.toLowerCase() ? known : op.lineId
        if (lineId === undefined) {
          this.unresolved.push(op.payload)
          if (this.unresolved.length > MAX_UNRESOLVED) this.unresolved.shift()
        } else push(this.messages.applyWebhook(op.payload, lineId))
        break
      }
      case 'call':
        // spec: Audio-call events carry both pb_line_id and linePhoneNumber.
        this.learnNumber(op.event.linePhoneNumber, op.event.pb_line_id, changes)
        push(this.calls.applyEvent(op.event, op.at))
        break
      case 'records':
        for (const record of op.records) this.learnFromRecord(record, changes)
        for (const record of op.records) push(this.messages.applyRecord(record))
        for (const record of op.records) this.groups.applyRecord(record)
        if (op.window) this.cover(op.window)
        break
      case 'callStatus':
        push(this.calls.applyReading(op.callUuid, op.reading, op.at))
        break
      case 'groupSend':
        this.messages.noteGroupSend({ numbers: op.numbers, content: op.content, at: op.at })
        break
      case 'groupAnswer':
        this.groups.noteAnswer(
          op.send,
          this.messages.all.filter((entry) => !entry.provisional).map((entry) => entry.record),
        )
        break
      case 'learnLine':
        this.learnNumber(op.number, op.lineId, changes)
        break
      case 'learnCall':
        this.calls.learn(op.callUuid, op.lineId, op.at)
        break
      case 'callLogs':
        this.callLogs = { logs: op.logs, complete: op.complete }
        break
    }
    this.trim(op.at)
    return changes
  }

  /**
   * Where the coverage of `lineIds` starts: null = from the first message, a time, or undefined
   * while the reconciler has not read the service yet.
   */
  since(lineIds: readonly string[]): number | null | undefined {
    if (!this.covered) return undefined
    let start = this.covered.since
    for (const key of ['*', ...lineIds]) {
      const floor = this.floors.get(key)
      if (floor !== undefined && (start === null || floor > start)) start = floor
    }
    return start
  }

  snapshot(): ModelSnapshot {
    const data: Saved = {
      entries: this.messages.entries(),
      seq: this.messages.sequence,
      calls: [...this.calls.calls.values()],
      callLines: [...this.calls.lines],
      numbers: [...this.numbers],
      covered: this.covered,
      floors: [...this.floors],
      unresolved: this.unresolved,
      callLogs: this.callLogs,
      groupSends: this.messages.groupSends,
      groupMembers: [...this.messages.groupMembers],
      groups: [...this.groups.groups.values()],
      groupAnswers: this.groups.waiting,
    }
    return { v: 1, data }
  }

  restore(snapshot: ModelSnapshot): void {
    const data = snapshot.data as Saved
    this.messages = new MessageIndex(this.retention.matchToleranceMs ?? 600_000)
    this.messages.load(data.entries, data.seq)
    for (const send of data.groupSends ?? []) this.messages.noteGroupSend(send)
    for (const [number, at] of data.groupMembers ?? []) this.messages.groupMembers.set(number, at)
    this.groups = new GroupBook(this.retention.matchToleranceMs ?? 600_000)
    for (const group of data.groups ?? []) this.groups.groups.set(group.chatId, group)
    this.groups.waiting = [...(data.groupAnswers ?? [])]
    this.calls = new CallBook(this.onConflict)
    for (const call of data.calls) this.calls.calls.set(call.callUuid, call)
    for (const [uuid, line] of data.callLines) this.calls.lines.set(uuid, line)
    this.numbers = new Map(data.numbers)
    this.covered = data.covered
    this.floors = new Map(data.floors)
    this.unresolved = [...data.unresolved]
    this.callLogs = data.callLogs ?? null
  }

  private learnFromRecord(record: MessageRecord, changes: ModelChange[]): void {
    // spec: Message record — an outbound record's from_number is the line's number; an inbound
    // one's to_number is, unless it is a group's chat identifier.
    if (record.direction === 'outbound') this.learnNumber(record.from_number, record.line_id, changes)
    else if (!isGroupId(record.to_number)) this.learnNumber(record.to_number, record.line_id, changes)
  }

  /**
   * A proved `number → line` (internal/learned.ts): a number known for another line keeps it (a
   * conflicting fact is reported and ignored), so one misleading answer cannot move a line's
   * messages to another line's users.
   */
  private learnNumber(number: string, lineId: string, changes: ModelChange[]): void {
    if (!number || !lineId) return
    const known = this.numbers.get(number)
    if (known !== undefined) {
      if (known.toLowerCase() !== lineId.toLowerCase())
        this.onConflict('ignored a learned number that conflicts with a known one', {
          number,
          knownLineId: known,
          ignoredLineId: lineId,
        })
      return
    }
    this.numbers.set(number, lineId)
    const waiting = this.unresolved.filter((payload) => payload.linePhoneNumber === number)
    if (waiting.length === 0) return
    this.unresolved = this.unresolved.filter((payload) => payload.linePhoneNumber !== number)
    for (const payload of waiting) {
      const change = this.messages.applyWebhook(payload, lineId)
      if (change) changes.push(change)
    }
  }

  /** Joins a read window to the coverage when they touch; a window after a gap starts it anew. */
  private cover(window: MessageWindow): void {
    const from = window.from === null ? null : time(window.from)
    const to = time(window.to)
    if (Number.isNaN(to) || (from !== null && Number.isNaN(from))) return
    const c = this.covered
    if (!c) {
      this.covered = { since: from, until: to }
      return
    }
    const touches = (from === null || from <= c.until + 1) && (c.since === null || to >= c.since - 1)
    if (touches) {
      this.covered = {
        since: from === null || c.since === null ? null : Math.min(from, c.since),
        until: Math.max(to, c.until),
      }
    } else if (to > c.until) this.covered = { since: from, until: to }
  }

  private trim(at: number): void {
    const dropped = this.messages.trimBefore(at - this.days * DAY)
    if (dropped !== null) this.raiseFloor('*', dropped + 1)
    for (const lineId of [...this.messages.byLine.keys()]) {
      const trimmed = this.messages.trimLine(lineId, this.perLine, this.bytesPerLine)
      if (trimmed !== null) this.raiseFloor(lineId, trimmed + 1)
    }
    this.calls.trimBefore(at - this.callsMs)
    this.groups.trimBefore(at)
  }

  private raiseFloor(key: string, floor: number): void {
    this.floors.set(key, Math.max(floor, this.floors.get(key) ?? floor))
  }
}
