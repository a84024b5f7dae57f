/**
 * What the server learns about lines, from answers that prove it (server-helpers/README.md, "What
 * the server learns, and from where"). The contract shows no number on a line object (spec: Line —
 * "not shown beyond its lineId") and no shape for the call-status answer, so:
 * - line number → line id, by precedence: the `lineNumbers` option (trusted over all); the
 *   account's lines listing, when its items carry a `phoneNumber`; then facts proved by the
 *   service: message records (`line_id` with the line's number as `from_number` on outbound,
 *   `to_number` on inbound), call logs (`line_id`, `from_number` "the line"), a first-time send's
 *   answer (`devicePhoneNumber` of a send that named its `lineId`; never a `deduped` replay, which
 *   returns the earlier send's answer whatever line the replay named), audio-call webhooks
 *   (`pb_line_id` with `linePhoneNumber`);
 * - call → line: the ringing (and later) webhooks' `pb_line_id`, and the user's own call starts;
 * - workflow run → line: enrolment answers (`pb_line_id`).
 * A proved fact never replaces another one: a fact that conflicts with a known one (a number
 * already known for another line, a call or run already known on another line) is logged and
 * ignored, so one misleading answer cannot move a line's traffic to another line's users.
 */

import { BoundedMap } from './boundedMap'

/** Where conflicts are reported (the server's logger). */
interface ConflictLogger {
  warn(message: string, details?: Record<string, unknown>): void
}

/** Digits with a leading `+`, so `+1 (415) 555-0100` and `+14155550100` match. */
export function normalizeNumber(value: string): string {
  const digits = value.replace(/[^\d]/g, '')
  return digits ? `+${digits}` : ''
}

/**
 * Facts kept per map (numbers, calls, runs, reported conflicts); past it the oldest learned is
 * forgotten (and learned again from the next answer that proves it).
 */
export const LEARNED_FACTS = 10_000

/** The learned maps of one instance (several instances each learn from the shared bus). */
export function createLearned(lineNumbers: Record<string, string> | undefined, logger?: ConflictLogger) {
  const fixed = new Map<string, string>()
  for (const [number, id] of Object.entries(lineNumbers ?? {})) fixed.set(normalizeNumber(number), id.toLowerCase())
  /** From the account's lines listing, replaced at each reading of it. */
  let listed = new Map<string, string>()
  const numbers = new BoundedMap<string, string>(LEARNED_FACTS)
  const calls = new BoundedMap<string, string>(LEARNED_FACTS)
  const runs = new BoundedMap<number, string>(LEARNED_FACTS)

  /** Conflicts already logged: the same one comes back with every list read that shows it. */
  const reported = new BoundedMap<string, true>(LEARNED_FACTS)
  const conflict = (fact: string, details: Record<string, unknown>) => {
    const key = JSON.stringify(details)
    if (reported.get(key)) return
    reported.set(key, true)
    logger?.warn(`ignored a learned ${fact} that conflicts with a known one`, details)
  }

  /** Records `key → lineId` unless the key is known for another line; true when the fact holds now. */
  const remember = <K extends string | number>(
    map: BoundedMap<K, string>,
    fact: string,
    key: K,
    lineId: string,
  ): boolean => {
    const known = map.get(key)
    if (known === undefined) map.set(key, lineId)
    else if (known !== lineId) {
      conflict(fact, { [fact]: key, knownLineId: known, ignoredLineId: lineId })
      return false
    }
    return true
  }

  /** Learns a proved `number → lineId`; true when it agrees with what is known (or is new). */
  const learnNumber = (number: unknown, lineId: unknown): boolean => {
    if (typeof number !== 'string' || typeof lineId !== 'string' || !lineId) return false
    const key = normalizeNumber(number)
    // Group threads carry a chat identifier (`chat…`) where a number would be: not a line number.
    if (!key || !/^\+\d{6,15}$/.test(key)) return false
    const line = lineId.toLowerCase()
    const trusted = fixed.get(key) ?? listed.get(key)
    if (trusted !== undefined) {
      if (trusted === line) return true
      conflict('number', { number: key, knownLineId: trusted, ignoredLineId: line })
      return false
    }
    return remember(numbers, 'number', key, line)
  }

  return {
    /** The line id of a line number: the `lineNumbers` option, the listing, then what was learned. */
    lineOfNumber(number: string): string | null {
      const key = normalizeNumber(number)
      return fixed.get(key) ?? listed.get(key) ?? numbers.get(key) ?? null
    },
    lineOfCall: (callUuid: string): string | null => calls.get(callUuid) ?? null,
    lineOfRun: (runId: number): string | null => runs.get(runId) ?? null,
    learnNumber,
    /**
     * The numbers the account's lines listing shows (lower-cased line ids). They take precedence
     * over what was learned from answers; a learned number the listing contradicts is dropped.
     */
    learnListing(shown: ReadonlyMap<string, string>) {
      const next = new Map<string, string>()
      for (const [number, lineId] of shown) {
        const key = normalizeNumber(number)
        if (!/^\+\d{6,15}$/.test(key)) continue
        const option = fixed.get(key)
        if (option !== undefined && option !== lineId)
          conflict('number', { number: key, knownLineId: option, ignoredLineId: lineId, source: 'lines listing' })
        const learned = numbers.get(key)
        if (learned !== undefined && learned !== lineId) {
          conflict('number', { number: key, knownLineId: lineId, ignoredLineId: learned, source: 'lines listing' })
          numbers.delete(key)
        }
        next.set(key, lineId)
      }
      listed = next
    },
    /**
     * spec: Send-message response — `devicePhoneNumber` is the sending line's number: the line
     * the request named. A replay (`deduped: true`) answers with the earlier send's data, whose
     * line may differ from the one the replay named: it proves nothing. True when learned.
     */
    learnFromSend(answer: Record<string, unknown> | undefined, requestedLineId: unknown): boolean {
      if (!answer || answer.deduped === true) return false
      return learnNumber(answer.devicePhoneNumber, requestedLineId)
    },
    /** Learns a proved `call → line`; true when it agrees with what is known (or is new). */
    learnCall(callUuid: unknown, lineId: unknown): boolean {
      if (typeof callUuid !== 'string' || !callUuid || typeof lineId !== 'string' || !lineId) return false
      return remember(calls, 'call', callUuid, lineId.toLowerCase())
    },
    learnRun(runId: unknown, lineId: unknown): boolean {
      if (typeof runId !== 'number' || typeof lineId !== 'string' || !lineId) return false
      return remember(runs, 'run', runId, lineId.toLowerCase())
    },
    /** Learns line numbers from message records or call logs (`{ data: [...] }` or one record). */
    learnFromRecords(body: unknown) {
      const list =
        body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data)
          ? (body as { data: unknown[] }).data
          : [body]
      for (const item of list) {
        if (!item || typeof item !== 'object') continue
        const record = item as Record<string, unknown>
        const lineNumber = record.direction === 'inbound' ? record.to_number : record.from_number
        learnNumber(lineNumber, record.line_id)
      }
    },
  }
}

export type Learned = ReturnType<typeof createLearned>
