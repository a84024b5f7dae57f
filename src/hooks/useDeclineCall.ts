'use client'
import { useMutation } from '@tanstack/react-query'
import type { DeclineCallRequest, LinekitClient } from '../api'
import { useLinekit } from '../provider/useLinekit'
import { useLinekitClient } from '../provider/useLinekitClient'

/**
 * Decline a ringing inbound call.
 * A TanStack mutation, never retried automatically.
 *
 * @example
 * const m = useDeclineCall()
 * m.mutate({ call_uuid: call.callUuid })
 */
export function useDeclineCall(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const { inboundCalls } = useLinekit()
  return useMutation({
    mutationFn: (body: DeclineCallRequest) => client.declineCall(body),
    onMutate: (body) => inboundCalls.claim(body.call_uuid),
    // spec: `success` is true only when the device accepted; a refusal leaves the call ringing.
    onSuccess: (data, body) => {
      if (data.success) inboundCalls.markEnded(body.call_uuid, 'declined')
    },
    // Not retried, not even a 429 after its wait: the call rings meanwhile and its caller may hang
    // up, so the person decides (the banner shows the wait).
    retry: false,
  })
}
