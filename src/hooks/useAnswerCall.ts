'use client'
import { useMutation } from '@tanstack/react-query'
import type { AnswerCallRequest, LinekitClient } from '../api'
import { useLinekit } from '../provider/useLinekit'
import { useLinekitClient } from '../provider/useLinekitClient'
import { linekitMutationRetry } from './internal/mutationRetry'

/**
 * Answer a ringing inbound call (`rtc` credentials in the response, possibly null).
 * A TanStack mutation; retried automatically only when the failure is retry-safe.
 *
 * @example
 * const m = useAnswerCall()
 * m.mutate({ call_uuid: call.callUuid })
 */
export function useAnswerCall(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const { inboundCalls } = useLinekit()
  return useMutation({
    mutationFn: (body: AnswerCallRequest) => client.answerCall(body),
    onMutate: (body) => inboundCalls.claim(body.call_uuid),
    onSuccess: (_data, body) => inboundCalls.markAnswered(body.call_uuid),
    ...linekitMutationRetry,
  })
}
