'use client'
import { useMutation } from '@tanstack/react-query'
import type { LinekitClient, SendMessageRequest } from '../api'
import { useLinekit } from '../provider/useLinekit'
import { useLinekitClient } from '../provider/useLinekitClient'
import { sendMessageMutationOptions } from './mutationOptions'
import { typingPrelude } from './sendWithTyping'
import type { UseSendMessageResult } from './useSendMessage'

/**
 * Like {@link useSendMessage}, but shows the typing indicator and pauses `delayMs` before the
 * message goes out. The optimistic message appears at once.
 *
 * @example
 * const { mutate: send } = useSendWithTyping({ delayMs: 3000 })
 */
export function useSendWithTyping(options: { client?: LinekitClient; delayMs?: number } = {}): UseSendMessageResult {
  const { sendEngine, queryClient } = useLinekit()
  const client = useLinekitClient(options.client)
  const delayMs = options.delayMs
  return useMutation(
    sendMessageMutationOptions(client, {
      sendEngine,
      queryClient,
      beforeFirstAttempt: (body: SendMessageRequest) =>
        typingPrelude(client, body, delayMs !== undefined ? { delayMs } : {}),
    }),
  )
}
