'use client'
import { useCallback } from 'react'
import type { SendMessageRequest, SendMessageResponse } from '../../api'
import { withIdempotencyKey } from '../../provider/idempotencyKey'
import { sendLocalId } from '../../provider/sendEngine'
import type { SendResult } from '../../provider/sendTypes'

/**
 * The deprecated `send` of `UseSendMessageResult` over a send mutation: the same mutation
 * (so `isPending` and `error` follow it), keyed first so the outcome can name its message.
 * Every call is a new send, as it always was, even with the same body object.
 */
export function useSendOutcome(
  mutateAsync: (body: SendMessageRequest) => Promise<SendMessageResponse>,
): (body: SendMessageRequest) => Promise<SendResult> {
  return useCallback(
    async (body: SendMessageRequest): Promise<SendResult> => {
      const keyed = withIdempotencyKey({ ...body })
      const localId = sendLocalId(keyed.idempotencyKey)
      try {
        return { ok: true, localId, response: await mutateAsync(keyed) }
      } catch (error) {
        return { ok: false, localId, error }
      }
    },
    [mutateAsync],
  )
}
