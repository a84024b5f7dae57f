'use client'
import { useMutation } from '@tanstack/react-query'
import type { DeclineCallRequest, LinekitClient } from '../api'
import { useLinekit } from '../provider/useLinekit'
import { useLinekitClient } from '../provider/useLinekitClient'
import { linekitMutationRetry } from './internal/mutationRetry'

/**
 * Decline a ringing inbound call.
 * A TanStack mutation; retried automatically only when the failure is retry-safe.
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
    onSuccess: (_data, body) => inboundCalls.markEnded(body.call_uuid, 'declined'),
    ...linekitMutationRetry,
  })
}
