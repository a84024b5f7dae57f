'use client'
import { useMutation } from '@tanstack/react-query'
import type { CancelRunRequest, LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { linekitMutationRetry } from './internal/mutationRetry'

/**
 * Cancel a workflow run by `runId`.
 * A TanStack mutation; retried automatically only when the failure is retry-safe.
 *
 * @example
 * const m = useCancelRun()
 * m.mutate({ runId })
 */
export function useCancelRun(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  return useMutation({
    mutationFn: (body: CancelRunRequest) => client.cancelRun(body),
    ...linekitMutationRetry,
  })
}
