'use client'
import { useMutation } from '@tanstack/react-query'
import type { StartCallRequest, LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { linekitMutationRetry } from './internal/mutationRetry'

/**
 * Place an outbound audio call. Not retried automatically (calls have no idempotency key);
 * `rtc` may be null: then poll `useCallStatus`.
 * A TanStack mutation; retried automatically only when the failure is retry-safe.
 *
 * @example
 * const m = useStartCall()
 * m.mutate({ pb_line_id: lineId, phone_number: '+14155550100' })
 */
export function useStartCall(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  return useMutation({
    mutationFn: (body: StartCallRequest) => client.startCall(body),
    ...linekitMutationRetry,
  })
}
