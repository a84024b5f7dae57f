'use client'
import { useMutation } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { useLinekit } from '../provider/useLinekit'
import { useLinekitClient } from '../provider/useLinekitClient'
import { answerCallMutationOptions } from './mutationOptions'

/**
 * Answer a ringing inbound call (`rtc` credentials in the response, possibly null).
 * A TanStack mutation over {@link answerCallMutationOptions}, never retried automatically.
 *
 * @example
 * const m = useAnswerCall()
 * m.mutate({ call_uuid: call.callUuid })
 */
export function useAnswerCall(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const { inboundCalls } = useLinekit()
  return useMutation(answerCallMutationOptions(client, { inboundCalls }))
}
