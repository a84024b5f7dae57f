'use client'
import { useMutation } from '@tanstack/react-query'
import type { AnswerCallRequest, LinekitClient } from '../api'
import { useLinekit } from '../provider/useLinekit'
import { useLinekitClient } from '../provider/useLinekitClient'

/**
 * Answer a ringing inbound call (`rtc` credentials in the response, possibly null).
 * A TanStack mutation, never retried automatically.
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
    // spec: `success` is true only when the device accepted; a refusal leaves the call ringing.
    onSuccess: (data, body) => {
      if (data.success) inboundCalls.markAnswered(body.call_uuid)
    },
    // Not retried, not even a 429 after its wait: the call rings meanwhile and its caller may hang
    // up, so the person decides (the banner shows the wait).
    retry: false,
  })
}
