import type { CallStatusResponse, InboundCallEndStatus } from '../api'
import type { LinekitEvent } from './types'

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

/** Snapshot of the inbound-call store. */
export interface InboundCallsSnapshot {
  /** The queue, oldest first. Ended calls stay for `endedLingerMs`, then leave. */
  calls: readonly InboundCall[]
}

/** Options of {@link createInboundCallStore}. */
export interface InboundCallStoreOptions {
  /** How long an ended call stays in the queue (so a UI can say "missed"). @default 0 */
  endedLingerMs?: number
}

/**
 * A framework-free store of inbound calls, driven by the audio-call events and by call-status
 * polls (webhooks are delivered once and can be lost — spec: Events rule 2 — so the provider
 * polls calls it believes are ringing and feeds the results to {@link InboundCallStore.applyStatus}).
 */
export function createInboundCallStore(options: InboundCallStoreOptions = {}) {
  const linger = options.endedLingerMs ?? 0
  let snapshot: InboundCallsSnapshot = { calls: [] }
  const listeners = new Set<() => void>()
  const timers = new Map<string, ReturnType<typeof setTimeout>>()
  // Remember finished calls so a late or duplicated `ringing` cannot resurrect them.
  const finished = new Set<string>()

  const set = (calls: readonly InboundCall[]) => {
    snapshot = { calls }
    for (const l of [...listeners]) l()
  }
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
          // spec: "one event per call even if the device repeats the signal" — still be idempotent.
          if (finished.has(d.call_uuid) || snapshot.calls.some((c) => c.callUuid === d.call_uuid)) return
          set([
            ...snapshot.calls,
            {
              callUuid: d.call_uuid,
              from: d.from,
              lineId: d.pb_line_id,
              linePhoneNumber: d.linePhoneNumber,
              ringingAt: d.ringingAt,
              state: 'ringing',
            },
          ])
          return
        }
        case 'audiocall.inbound.answered':
          update(event.data.call_uuid, { state: 'answered' })
          return
        case 'audiocall.inbound.ended':
          if (!update(event.data.call_uuid, { state: 'ended', endStatus: event.data.status }))
            finished.add(event.data.call_uuid)
          return
        default:
          return
      }
    },
    /** Apply a call-status poll result (ASSUMPTIONS.md: `call_status` values). */
    applyStatus(status: Pick<CallStatusResponse, 'call_uuid' | 'call_status'>) {
      if (status.call_status === 'ringing') return
      if (status.call_status === 'answered') update(status.call_uuid, { state: 'answered' })
      else update(status.call_uuid, { state: 'ended', endStatus: status.call_status })
    },
    /** Mark a call answered locally (after this user answered it). */
    markAnswered(callUuid: string) {
      update(callUuid, { state: 'answered' })
    },
    /** Mark a call ended locally (declined or hung up by this user). */
    markEnded(callUuid: string, endStatus?: string) {
      update(callUuid, { state: 'ended', ...(endStatus ? { endStatus } : {}) })
    },
    /** Remove a call from the queue now. */
    dismiss(callUuid: string) {
      finished.add(callUuid)
      remove(callUuid)
    },
    /** Uuids of the calls believed to be ringing (the provider polls their status). */
    ringing(): string[] {
      return snapshot.calls.filter((c) => c.state === 'ringing').map((c) => c.callUuid)
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
