'use client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EndCallRequest, LinekitClient } from '../api'
import { useLinekit } from '../provider/useLinekit'
import { useLinekitClient } from '../provider/useLinekitClient'
import { linekitMutationRetry } from './internal/mutationRetry'
import { linekitKeys } from './keys'

/**
 * Hang up an audio call; call-log lists refetch once it succeeded.
 * A TanStack mutation; retried automatically only when the failure is retry-safe.
 *
 * @example
 * const m = useEndCall()
 * m.mutate({ call_uuid })
 */
export function useEndCall(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const { inboundCalls } = useLinekit()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndCallRequest) => client.endCall(body),
    onSuccess: (_data, body) => {
      inboundCalls.markEnded(body.call_uuid, 'ended')
      // The ended call is in the call log now: every call-log list on the page refetches.
      void queryClient.invalidateQueries({ queryKey: linekitKeys.callLogs.all })
    },
    ...linekitMutationRetry,
  })
}
