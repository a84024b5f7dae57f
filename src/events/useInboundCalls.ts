'use client'
import { useCallback, useSyncExternalStore } from 'react'
import { useLinekit } from '../provider/useLinekit'
import type { InboundCall } from './inboundCallStore'

/** Result of {@link useInboundCalls}. */
export interface UseInboundCallsResult {
  /** Every known inbound call, oldest first. */
  calls: readonly InboundCall[]
  /** The call to show in a banner: the oldest one still ringing. */
  current: InboundCall | undefined
  /** Remove a call from the queue (e.g. the user closed its banner). */
  dismiss: (callUuid: string) => void
}

/**
 * Inbound calls, driven by the audio-call events and the provider's status polling (a lost
 * `ended` webhook still clears the call).
 *
 * @example
 * const { current, dismiss } = useInboundCalls()
 * if (current) return <InboundCallBanner call={current} onDismiss={() => dismiss(current.callUuid)} />
 */
export function useInboundCalls(): UseInboundCallsResult {
  const { inboundCalls } = useLinekit()
  const snapshot = useSyncExternalStore(inboundCalls.subscribe, inboundCalls.getSnapshot, inboundCalls.getSnapshot)
  const dismiss = useCallback((callUuid: string) => inboundCalls.dismiss(callUuid), [inboundCalls])
  return {
    calls: snapshot.calls,
    current: snapshot.calls.find((c) => c.state === 'ringing'),
    dismiss,
  }
}
