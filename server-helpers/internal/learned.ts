/**
 * What the server learns about lines from fields the contract shows, instead of fields it does
 * not show (spec: Line — "not shown beyond its lineId"; call status — "response shape not shown"):
 * - line number → line id: message records (`line_id` with the line's number as `from_number`
 *   on outbound, `to_number` on inbound), call logs (`line_id`, `from_number` "the line"), send
 *   answers (`devicePhoneNumber` of a send that named its `lineId`), audio-call webhooks
 *   (`pb_line_id` with `linePhoneNumber`), and the `lineNumbers` option (trusted over all);
 * - call → line: the ringing (and later) webhooks' `pb_line_id`, and the user's own call starts;
 * - workflow run → line: enrolment answers (`pb_line_id`).
 */

/** Digits with a leading `+`, so `+1 (415) 555-0100` and `+14155550100` match. */
export function normalizeNumber(value: string): string {
  const digits = value.replace(/[^\d]/g, '')
  return digits ? `+${digits}` : ''
}

/** A Map that forgets its oldest entries past `capacity`. */
class BoundedMap<K, V> {
  readonly #map = new Map<K, V>()
  constructor(readonly capacity: number) {}
  get(key: K): V | undefined {
    return this.#map.get(key)
  }
  set(key: K, value: V): void {
    this.#map.delete(key)
    this.#map.set(key, value)
    if (this.#map.size > this.capacity) {
      const oldest = this.#map.keys().next()
      if (!oldest.done) this.#map.delete(oldest.value)
    }
  }
  get size(): number {
    return this.#map.size
  }
}

const CAPACITY = 10_000

/** The learned maps of one instance (several instances each learn from the shared bus). */
export function createLearned(lineNumbers: Record<string, string> | undefined) {
  const fixed = new Map<string, string>()
  for (const [number, id] of Object.entries(lineNumbers ?? {})) fixed.set(normalizeNumber(number), id.toLowerCase())
  const numbers = new BoundedMap<string, string>(CAPACITY)
  const calls = new BoundedMap<string, string>(CAPACITY)
  const runs = new BoundedMap<number, string>(CAPACITY)

  const learnNumber = (number: unknown, lineId: unknown) => {
    if (typeof number !== 'string' || typeof lineId !== 'string') return
    const key = normalizeNumber(number)
    // Group threads carry a chat identifier (`chat…`) where a number would be: not a line number.
    if (!key || !/^\+\d{6,15}$/.test(key) || fixed.has(key)) return
    numbers.set(key, lineId.toLowerCase())
  }

  return {
    /** The line id of a line number: the `lineNumbers` option first, then what was learned. */
    lineOfNumber(number: string): string | null {
      const key = normalizeNumber(number)
      return fixed.get(key) ?? numbers.get(key) ?? null
    },
    lineOfCall: (callUuid: string): string | null => calls.get(callUuid) ?? null,
    lineOfRun: (runId: number): string | null => runs.get(runId) ?? null,
    learnNumber,
    learnCall(callUuid: unknown, lineId: unknown) {
      if (typeof callUuid === 'string' && callUuid && typeof lineId === 'string')
        calls.set(callUuid, lineId.toLowerCase())
    },
    learnRun(runId: unknown, lineId: unknown) {
      if (typeof runId === 'number' && typeof lineId === 'string') runs.set(runId, lineId.toLowerCase())
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
