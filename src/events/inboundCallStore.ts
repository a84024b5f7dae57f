import type { InboundCallEndStatus } from '../api'
import { callStatusPhase } from '../api/values'
import type { LinekitEvent } from './LinekitEventSource'

/** An inbound audio call as the kit believes it to be. */
export interface InboundCall {
  callUuid: string
  /** Caller, E.164. */
  from: string
  lineId: string
  linePhoneNumber: string
  ringingAt: string
  state: 'ringing' | 'answered' | 'ended'
  /** Terminal status once `ended` (spec: Audio-call events). */
  endStatus?: InboundCallEndStatus | (string & {})
}

/**
 * How an inbound call went, as this browser saw it: `answered` (here), `answered_elsewhere` (in
 * the mobile or web app, or another browser), `missed` (ended without an answer: `no_answer`,
 * `voicemail`, `busy`, `failed`, or the caller hung up), `declined`; `ringing` while it rings.
 */
export type InboundCallOutcome = 'ringing' | 'answered' | 'answered_elsewhere' | 'missed' | 'declined'

/**
 * One inbound call of the history (newest first): from the server's recent calls
 * (`GET <prefix>/calls/inbound`, when loaded) and the call events this browser received.
 */
export interface InboundCallRecord {
  callUuid: string
  from: string
  lineId: string
  linePhoneNumber: string
  ringingAt: string
  outcome: InboundCallOutcome
  /** Terminal status once ended (spec: Audio-call events — `audiocall.inbound.ended`). */
  endStatus?: string
  /** Whether the call has ended. */
  ended: boolean
  /** Whether its notice was dismissed (missed, declined and answered-elsewhere calls leave one). */
  acknowledged: boolean
}

/** Snapshot of the inbound-call store. */
export interface InboundCallsSnapshot {
  /** The queue, oldest first. Ended calls stay for `endedLingerMs`, then leave. */
  calls: readonly InboundCall[]
  /** The server's recent calls (once loaded) and every call seen since, newest first (at most `historySize`). */
  history: readonly InboundCallRecord[]
}

/** Options of {@link createInboundCallStore}. */
interface InboundCallStoreOptions {
  /** How long an ended call stays in the queue (so a UI can say "missed"). @default 0 */
  endedLingerMs?: number
  /** How many calls the history keeps. @default 50 */
  historySize?: number
}

/** See {@link InboundCallStore.updateHistory}. */
export type HistoryUpdate = (
  history: readonly InboundCallRecord[],
  handledHere: (callUuid: string) => boolean,
) => { history: InboundCallRecord[]; ended: string[] } | undefined

/** A number to call back (from a missed call's notice), and on which line. */
export interface CallBackRequest {
  number: string
  lineId: string
}

/**
 * A framework-free store of inbound calls, driven by the audio-call events and by call-status
 * polls (webhooks are delivered once and can be lost — spec: Events rule 2 — so the provider
 * polls calls it believes are ringing and feeds the results to {@link InboundCallStore.applyStatus}).
 */
export function createInboundCallStore(options: InboundCallStoreOptions = {}) {
  const linger = options.endedLingerMs ?? 0
  const historySize = Math.max(1, options.historySize ?? 50)
  let snapshot: InboundCallsSnapshot = { calls: [], history: [] }
  const listeners = new Set<() => void>()
  const callBackListeners = new Set<(request: CallBackRequest) => void>()
  // Calls this browser answered or declined (set before the request, so a fast event cannot
  // make this user's own answer look like "answered elsewhere").
  const handledHere = new Set<string>()
  const timers = new Map<string, ReturnType<typeof setTimeout>>()
  // Remember finished calls so a late or duplicated `ringing` cannot resurrect them.
  const finished = new Set<string>()

  const emit = (next: InboundCallsSnapshot) => {
    snapshot = next
    for (const l of [...listeners]) l()
  }
  const set = (calls: readonly InboundCall[]) => emit({ ...snapshot, calls })
  const record = (callUuid: string, patch: (r: InboundCallRecord) => Partial<InboundCallRecord>) => {
    const index = snapshot.history.findIndex((r) => r.callUuid === callUuid)
    if (index === -1) return
    const current = snapshot.history[index]!
    const next = [...snapshot.history]
    next[index] = { ...current, ...patch(current) }
    emit({ ...snapshot, history: next })
  }
  const recordAnswered = (callUuid: string) =>
    record(callUuid, (r) => (r.ended ? {} : { outcome: handledHere.has(callUuid) ? 'answered' : 'answered_elsewhere' }))
  const recordEnded = (callUuid: string, endStatus: string | undefined) =>
    record(callUuid, (r) => {
      if (r.ended) return {}
      const outcome: InboundCallOutcome =
        r.outcome === 'answered' || r.outcome === 'answered_elsewhere'
          ? r.outcome
          : endStatus === 'declined'
            ? 'declined'
            : 'missed'
      return { ended: true, outcome, ...(endStatus ? { endStatus } : {}) }
    })
  const update = (callUuid: string, patch: Partial<InboundCall>) => {
    const index = snapshot.calls.findIndex((c) => c.callUuid === callUuid)
    if (index === -1) return false
    const current = snapshot.calls[index]!
    // Terminal is terminal: never move an ended call back (events may arrive out of order).
    if (current.state === 'ended') return true
    const next = [...snapshot.calls]
    next[index] = { ...current, ...patch }
    set(next)
    if (patch.state === 'ended') scheduleRemoval(callUuid)
    return true
  }
  const remove = (callUuid: string) => {
    const t = timers.get(callUuid)
    if (t !== undefined) clearTimeout(t)
    timers.delete(callUuid)
    if (snapshot.calls.some((c) => c.callUuid === callUuid)) set(snapshot.calls.filter((c) => c.callUuid !== callUuid))
  }
  const scheduleRemoval = (callUuid: string) => {
    finished.add(callUuid)
    if (linger <= 0) {
      remove(callUuid)
      return
    }
    timers.set(
      callUuid,
      setTimeout(() => remove(callUuid), linger),
    )
  }

  /** A call starts ringing: it joins the queue (with Answer and Decline) and heads the history. */
  const ring = (ringing: Omit<InboundCall, 'state' | 'endStatus'>) => {
    // spec: "one event per call even if the device repeats the signal" — still be idempotent.
    if (finished.has(ringing.callUuid) || snapshot.calls.some((c) => c.callUuid === ringing.callUuid)) return
    const call: InboundCall = { ...ringing, state: 'ringing' }
    const entry: InboundCallRecord = { ...ringing, outcome: 'ringing', ended: false, acknowledged: false }
    emit({
      calls: [...snapshot.calls, call],
      history: [entry, ...snapshot.history.filter((r) => r.callUuid !== call.callUuid)].slice(0, historySize),
    })
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    /** Apply one live event (message events are ignored). */
    applyEvent(event: LinekitEvent) {
      switch (event.type) {
        case 'audiocall.inbound.ringing': {
          const d = event.data
          ring({
            callUuid: d.call_uuid,
            from: d.from,
            lineId: d.pb_line_id,
            linePhoneNumber: d.linePhoneNumber,
            ringingAt: d.ringingAt,
          })
          return
        }
        case 'audiocall.inbound.answered':
          recordAnswered(event.data.call_uuid)
          update(event.data.call_uuid, { state: 'answered' })
          return
        case 'audiocall.inbound.ended':
          recordEnded(event.data.call_uuid, event.data.status)
          if (!update(event.data.call_uuid, { state: 'ended', endStatus: event.data.status }))
            finished.add(event.data.call_uuid)
          return
        default:
          return
      }
    },
    /**
     * Replaces the history through `update`, which is told which calls this browser answered or
     * declined itself and returns the new history and the calls that have ended (a late `ringing`
     * cannot bring them back), or undefined for no change. The server history's merge
     * (`mergeServerHistory`, used by `useInboundCallHistory`) goes through here.
     */
    updateHistory(update: HistoryUpdate) {
      const next = update(snapshot.history, (callUuid) => handledHere.has(callUuid))
      if (!next) return
      for (const callUuid of next.ended) finished.add(callUuid)
      emit({ ...snapshot, history: next.history.slice(0, historySize) })
    },
    /**
     * A call the server says is ringing (`GET <prefix>/calls/inbound`) rang before this page
     * opened: it joins the queue as if its `ringing` event had come here, so it can be answered.
     */
    ring,
    /**
     * Apply a call-status poll result. Only a value the contract names moves the call
     * (`callStatusPhase`): an unknown one leaves it as it is, still in progress.
     */
    applyStatus(status: { call_uuid: string; call_status: string }) {
      const phase = callStatusPhase(status.call_status)
      if (phase === 'answered') {
        recordAnswered(status.call_uuid)
        update(status.call_uuid, { state: 'answered' })
      } else if (phase === 'ended') {
        recordEnded(status.call_uuid, status.call_status)
        update(status.call_uuid, { state: 'ended', endStatus: status.call_status })
      }
    },
    /** This browser is about to answer or decline the call (call before the request). */
    claim(callUuid: string) {
      handledHere.add(callUuid)
    },
    /** Mark a call answered locally (after this user answered it). */
    markAnswered(callUuid: string) {
      handledHere.add(callUuid)
      recordAnswered(callUuid)
      update(callUuid, { state: 'answered' })
    },
    /** Mark a call ended locally (declined or hung up by this user). */
    markEnded(callUuid: string, endStatus?: string) {
      recordEnded(callUuid, endStatus)
      update(callUuid, { state: 'ended', ...(endStatus ? { endStatus } : {}) })
    },
    /** Remove a call from the queue now (its history entry stays). */
    dismiss(callUuid: string) {
      finished.add(callUuid)
      remove(callUuid)
    },
    /** Dismiss the notice of a missed, declined or answered-elsewhere call. */
    acknowledge(callUuid: string) {
      record(callUuid, () => ({ acknowledged: true }))
    },
    /** Ask a dialer on the page to call a number back; false when no dialer listens. */
    requestCallBack(request: CallBackRequest): boolean {
      for (const l of [...callBackListeners]) l(request)
      return callBackListeners.size > 0
    },
    /** Whether a dialer listens for call-back requests. */
    hasCallBackListener(): boolean {
      return callBackListeners.size > 0
    },
    /** Listen for call-back requests (a dialer does); returns unsubscribe. */
    onCallBack(listener: (request: CallBackRequest) => void) {
      callBackListeners.add(listener)
      return () => void callBackListeners.delete(listener)
    },
    /** Uuids of the calls believed to be ringing, in the queue or the history (the provider polls their status). */
    ringing(): string[] {
      const uuids = new Set(snapshot.calls.filter((c) => c.state === 'ringing').map((c) => c.callUuid))
      for (const r of snapshot.history) if (r.outcome === 'ringing' && !r.ended) uuids.add(r.callUuid)
      return [...uuids]
    },
    /** Stop linger timers. */
    dispose() {
      for (const t of timers.values()) clearTimeout(t)
      timers.clear()
    },
  }
}

/** The store returned by {@link createInboundCallStore}. */
export type InboundCallStore = ReturnType<typeof createInboundCallStore>
