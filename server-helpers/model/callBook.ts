/**
 * Inbound calls from the audio-call webhooks and from call-status polls, and the learned
 * `call_uuid → line` map. spec: Audio-call events; States and transitions — Inbound audio call.
 */
import type { AudioCallEvent } from '../../src/api'
import { callStatusPhase } from '../../src/api/values'
import type { CallStatusReading, ConflictReporter, InboundCall, ModelChange } from './modelTypes'

const rank = { ringing: 0, answered: 1, ended: 2 } as const

/** The calls the model knows, newest first on read, and the lines of calls. */
export class CallBook {
  readonly calls = new Map<string, InboundCall>()
  /** `call_uuid → line id`, from ringing events (`pb_line_id`) and from the user's own call starts. */
  readonly lines = new Map<string, { lineId: string; at: number }>()

  constructor(private readonly onConflict: ConflictReporter = () => undefined) {}

  /** A proved `call → line`; a call known on another line keeps it (the conflict is reported). */
  learn(callUuid: string, lineId: string, at: number): void {
    const known = this.lines.get(callUuid)
    if (known && known.lineId.toLowerCase() !== lineId.toLowerCase()) {
      this.onConflict('ignored a learned call line that conflicts with a known one', {
        call_uuid: callUuid,
        knownLineId: known.lineId,
        ignoredLineId: lineId,
      })
      return
    }
    this.lines.set(callUuid, { lineId: known?.lineId ?? lineId, at })
  }

  /** Applies an event; a late event never moves a call back (an `answered` after `ended` is ignored). */
  applyEvent(event: AudioCallEvent, at: number): ModelChange | null {
    this.learn(event.call_uuid, event.pb_line_id, at)
    const known = this.calls.get(event.call_uuid)
    const state =
      event.event === 'audiocall.inbound.ringing'
        ? 'ringing'
        : event.event === 'audiocall.inbound.answered'
          ? 'answered'
          : 'ended'
    const call: InboundCall = known
      ? { ...known }
      : {
          callUuid: event.call_uuid,
          lineId: event.pb_line_id,
          from: event.from,
          linePhoneNumber: event.linePhoneNumber,
          state,
          endStatus: null,
          ringingAt: null,
          answeredAt: null,
          endedAt: null,
          updatedAt: at,
        }
    if (event.event === 'audiocall.inbound.ringing') call.ringingAt = event.ringingAt
    else if (event.event === 'audiocall.inbound.answered') call.answeredAt = event.answeredAt
    else {
      call.answeredAt = event.answeredAt ?? call.answeredAt
      call.endedAt = event.endedAt
      call.endStatus = event.status
    }
    if (rank[state] >= rank[call.state]) call.state = state
    call.updatedAt = at
    this.calls.set(call.callUuid, call)
    return { kind: 'call', lineId: call.lineId, call }
  }

  /**
   * Applies a call-status reading (reconciler). `null` = the service does not know the call (404):
   * it is closed with an unknown end status. `call_status` values other than `ringing` are not
   * shown (spec): only one the contract names moves the call (`callStatusPhase`) — `answered`
   * moves a ringing call on, an ending status ends it, and an unknown value leaves it in progress.
   */
  applyReading(callUuid: string, reading: CallStatusReading | null, at: number): ModelChange | null {
    const known = this.calls.get(callUuid)
    if (!known) return null
    const call = { ...known, updatedAt: at }
    const status = reading?.call_status ?? null
    const phase = status === null ? 'ended' : callStatusPhase(status)
    if (phase === 'ringing' || phase === 'unknown') {
      this.calls.set(callUuid, call)
      return null
    }
    if (phase === 'answered') {
      if (call.state === 'answered' || call.state === 'ended') {
        this.calls.set(callUuid, call)
        return null
      }
      call.state = 'answered'
      call.answeredAt = reading?.answeredAt ?? call.answeredAt
    } else {
      if (call.state === 'ended') return null
      call.state = 'ended'
      call.endStatus = status
      call.answeredAt = reading?.answeredAt ?? call.answeredAt
      call.endedAt = reading?.endedAt ?? null
    }
    this.calls.set(callUuid, call)
    return { kind: 'call', lineId: call.lineId, call }
  }

  /** Calls of `lineIds`, newest first. */
  recent(lineIds: readonly string[]): InboundCall[] {
    const lines = new Set(lineIds)
    return [...this.calls.values()]
      .filter((call) => lines.has(call.lineId))
      .sort((a, b) => (b.ringingAt ?? '').localeCompare(a.ringingAt ?? '') || b.updatedAt - a.updatedAt)
  }

  /** Live calls whose last news is older than `olderThan` (ms since the epoch): the ones to poll. */
  stale(olderThan: (call: InboundCall) => number): InboundCall[] {
    return [...this.calls.values()].filter((call) => call.state !== 'ended' && call.updatedAt <= olderThan(call))
  }

  /** Forgets ended calls and learned lines older than `time`. */
  trimBefore(time: number): void {
    for (const [uuid, call] of this.calls) if (call.state === 'ended' && call.updatedAt < time) this.calls.delete(uuid)
    for (const [uuid, line] of this.lines) if (line.at < time && !this.calls.has(uuid)) this.lines.delete(uuid)
  }
}
