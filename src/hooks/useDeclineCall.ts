'use client'
import { useMutation } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { useLinekit } from '../provider/useLinekit'
import { useLinekitClient } from '../provider/useLinekitClient'
import { declineCallMutationOptions } from './mutationOptions'

/**
 * Decline a ringing inbound call.
 * A TanStack mutation over {@link declineCallMutationOptions}, never retried automatically.
 *
 * @example
 * const m = useDeclineCall()
 * m.mutate({ call_uuid: call.callUuid })
 */
export function useDeclineCall(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const { inboundCalls } = useLinekit()
  return useMutation(declineCallMutationOptions(client, { inboundCalls }))
}
