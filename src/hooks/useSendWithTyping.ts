'use client'
import { useCallback, useState } from 'react'
import type { LinekitClient, SendMessageRequest } from '../api'
import { useLinekit } from '../provider/useLinekit'
import { useLinekitClient } from '../provider/useLinekitClient'
import type { SendResult } from '../provider/sendEngine'
import { typingPrelude } from './sendWithTyping'
import type { UseSendMessageResult } from './useSendMessage'

/**
 * Like {@link useSendMessage}, but shows the typing indicator and pauses `delayMs` before the
 * message goes out. The optimistic message appears at once.
 *
 * @example
 * const { send } = useSendWithTyping({ delayMs: 3000 })
 */
export function useSendWithTyping(options: { client?: LinekitClient; delayMs?: number } = {}): UseSendMessageResult {
  const { sendEngine } = useLinekit()
  const client = useLinekitClient(options.client)
  const delayMs = options.delayMs
  const [running, setRunning] = useState(0)
  const [error, setError] = useState<unknown>(null)
  const send = useCallback(
    async (body: SendMessageRequest): Promise<SendResult> => {
      setRunning((n) => n + 1)
      try {
        const result = await sendEngine.send(client, body, {
          beforeFirstAttempt: () => typingPrelude(client, body, delayMs !== undefined ? { delayMs } : {}),
        }).result
        setError(result.ok ? null : result.error)
        return result
      } finally {
        setRunning((n) => n - 1)
      }
    },
    [client, sendEngine, delayMs],
  )
  return { send, isPending: running > 0, error }
}
