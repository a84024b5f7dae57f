'use client'
import { useMutation } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { cancelRunMutationOptions } from './mutationOptions'

/**
 * Cancel a workflow run by `runId`.
 * A TanStack mutation over {@link cancelRunMutationOptions}; retried automatically only when the
 * failure is retry-safe.
 *
 * @example
 * const m = useCancelRun()
 * m.mutate({ runId })
 */
export function useCancelRun(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  return useMutation(cancelRunMutationOptions(client))
}
