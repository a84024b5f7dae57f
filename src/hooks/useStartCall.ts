'use client'
import { useMutation } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { startCallMutationOptions } from './mutationOptions'

/**
 * Place an outbound audio call; `rtc` in the answer may be null: then poll `useCallStatus`.
 * A TanStack mutation over {@link startCallMutationOptions}: calls have no idempotency key, so it
 * is retried automatically only when the failure is retry-safe.
 *
 * @example
 * const m = useStartCall()
 * m.mutate({ pb_line_id: lineId, phone_number: '+14155550100' })
 */
export function useStartCall(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  return useMutation(startCallMutationOptions(client))
}
