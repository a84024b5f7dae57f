'use client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { useLinekit } from '../provider/useLinekit'
import { useLinekitClient } from '../provider/useLinekitClient'
import { endCallMutationOptions } from './mutationOptions'

/**
 * Hang up an audio call; call-log lists refetch once it succeeded.
 * A TanStack mutation over {@link endCallMutationOptions}; retried automatically only when the
 * failure is retry-safe.
 *
 * @example
 * const m = useEndCall()
 * m.mutate({ call_uuid })
 */
export function useEndCall(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const { inboundCalls } = useLinekit()
  const queryClient = useQueryClient()
  return useMutation(endCallMutationOptions(client, { inboundCalls, queryClient }))
}
