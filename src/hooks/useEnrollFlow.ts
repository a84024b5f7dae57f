'use client'
import { useMutation } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { enrollFlowMutationOptions } from './mutationOptions'

/**
 * Enrol a number into a published workflow (starts a run).
 * A TanStack mutation over {@link enrollFlowMutationOptions}; retried automatically only when the
 * failure is retry-safe.
 *
 * @example
 * const m = useEnrollFlow()
 * m.mutate({ flowId, phoneNumber: '+14155550100' })
 */
export function useEnrollFlow(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  return useMutation(enrollFlowMutationOptions(client))
}
