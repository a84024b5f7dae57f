'use client'
import { useMutation, type UseMutationResult } from '@tanstack/react-query'
import type { LinekitClient, SendMessageRequest, SendMessageResponse } from '../api'
import type { LinekitError } from '../api/errors'
import { useLinekit } from '../provider/useLinekit'
import { useLinekitClient } from '../provider/useLinekitClient'
import { sendMessageMutationOptions } from './mutationOptions'

/** Result of {@link useSendMessage} and `useSendWithTyping`: a TanStack mutation, as every linekit action hook returns. */
export type UseSendMessageResult = UseMutationResult<SendMessageResponse, LinekitError, SendMessageRequest>

/**
 * Send messages with confidence. Each message appears in its thread at once (pending), goes after
 * the earlier messages of its thread, and is retried automatically on retry-safe failures with
 * one idempotency key per user send, so a retry after a timeout can never double-send
 * (spec: POST /send-api-message, idempotencyKey); one that fails for good stays visible with
 * retry/discard. A TanStack mutation over {@link sendMessageMutationOptions}.
 *
 * @example
 * const { mutate: send } = useSendMessage()
 * <form onSubmit={() => send({ phone: '+14155550100', message: text })}>…</form>
 */
export function useSendMessage(options: { client?: LinekitClient } = {}): UseSendMessageResult {
  const { sendEngine, queryClient } = useLinekit()
  const client = useLinekitClient(options.client)
  return useMutation(sendMessageMutationOptions(client, { sendEngine, queryClient }))
}
