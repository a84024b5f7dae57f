'use client'
import { useMutation } from '@tanstack/react-query'
import type { EndCallRequest, LinekitClient } from '../api'
import { useLinekit } from '../provider/useLinekit'
import { useLinekitClient } from '../provider/useLinekitClient'
import { linekitMutationRetry } from './internal/mutationRetry'

/**
 * Hang up an audio call.
 * A TanStack mutation; retried automatically only when the failure is retry-safe.
 *
 * @example
 * const m = useEndCall()
 * m.mutate({ call_uuid })
 */
export function useEndCall(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const { inboundCalls } = useLinekit()
  return useMutation({
    mutationFn: (body: EndCallRequest) => client.endCall(body),
    onSuccess: (_data, body) => inboundCalls.markEnded(body.call_uuid, 'ended'),
    ...linekitMutationRetry,
  })
}
