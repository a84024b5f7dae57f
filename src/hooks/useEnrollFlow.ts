'use client'
import { useMutation } from '@tanstack/react-query'
import type { EnrollRequest, LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { linekitMutationRetry } from './internal/mutationRetry'

/**
 * Enrol a number into a published workflow (starts a run).
 * A TanStack mutation; retried automatically only when the failure is retry-safe.
 *
 * @example
 * const m = useEnrollFlow()
 * m.mutate({ flowId, phoneNumber: '+14155550100' })
 */
export function useEnrollFlow(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  return useMutation({
    mutationFn: (body: EnrollRequest) => client.enrollFlow(body),
    ...linekitMutationRetry,
  })
}
