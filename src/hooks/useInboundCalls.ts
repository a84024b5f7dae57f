'use client'
import { useCallback, useSyncExternalStore } from 'react'
import { useLinekit } from '../provider/useLinekit'
import type { InboundCall, InboundCallRecord } from '../events/inboundCallStore'

/** Result of {@link useInboundCalls}. */
export interface UseInboundCallsResult {
  /** Every known inbound call, oldest first. */
  calls: readonly InboundCall[]
  /** The call to show in a banner: the oldest one still ringing. */
  current: InboundCall | undefined
  /** Every call seen since the page loaded (and the server's recent ones once `useInboundCallHistory` loaded them), newest first. */
  history: readonly InboundCallRecord[]
  /** Missed, declined and answered-elsewhere calls whose notice was not dismissed, newest first. */
  notices: readonly InboundCallRecord[]
  /** Remove a call from the queue (e.g. the user closed its banner). */
  dismiss: (callUuid: string) => void
  /** Dismiss a call's notice (it stays in the history). */
  acknowledge: (callUuid: string) => void
}

/**
 * Inbound calls, driven by the audio-call events and the provider's status polling (a lost
 * `ended` webhook still clears the call), and the history of the calls seen since the page loaded.
 *
 * @example
 * const { current, notices } = useInboundCalls()
 */
export function useInboundCalls(): UseInboundCallsResult {
  const { inboundCalls } = useLinekit()
  const snapshot = useSyncExternalStore(inboundCalls.subscribe, inboundCalls.getSnapshot, inboundCalls.getSnapshot)
  const dismiss = useCallback((callUuid: string) => inboundCalls.dismiss(callUuid), [inboundCalls])
  const acknowledge = useCallback((callUuid: string) => inboundCalls.acknowledge(callUuid), [inboundCalls])
  return {
    calls: snapshot.calls,
    current: snapshot.calls.find((c) => c.state === 'ringing'),
    history: snapshot.history,
    notices: snapshot.history.filter(
      (r) => !r.acknowledged && (r.outcome === 'answered_elsewhere' || (r.ended && r.outcome !== 'answered')),
    ),
    dismiss,
    acknowledge,
  }
}
