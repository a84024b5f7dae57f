'use client'
import { useCallback, useState } from 'react'
import type { LinekitClient, SendMessageRequest } from '../api'
import { useLinekit } from '../provider/useLinekit'
import { useLinekitClient } from '../provider/useLinekitClient'
import type { SendResult } from '../provider/sendEngine'

/** Result of {@link useSendMessage}. */
export interface UseSendMessageResult {
  /**
   * Send a message. It appears in its thread at once (pending), is retried automatically on
   * retry-safe failures with the same idempotency key, and stays visible with retry/discard if
   * it fails. Resolves (never rejects) with the outcome.
   */
  send: (body: SendMessageRequest) => Promise<SendResult>
  /** Sends of this hook still running. */
  isPending: boolean
  /** The error of this hook's last failed send (cleared by the next success). */
  error: unknown
}

/**
 * Send messages with confidence: one idempotency key per user send, reused on every retry,
 * so a retry after a timeout can never double-send (spec: POST /send-api-message, idempotencyKey).
 *
 * @example
 * const { send } = useSendMessage()
 * <form onSubmit={() => send({ phone: '+14155550100', message: text })}>…</form>
 */
export function useSendMessage(options: { client?: LinekitClient } = {}): UseSendMessageResult {
  const { sendEngine } = useLinekit()
  const client = useLinekitClient(options.client)
  const [running, setRunning] = useState(0)
  const [error, setError] = useState<unknown>(null)
  const send = useCallback(
    async (body: SendMessageRequest) => {
      setRunning((n) => n + 1)
      try {
        const result = await sendEngine.send(client, body).result
        setError(result.ok ? null : result.error)
        return result
      } finally {
        setRunning((n) => n - 1)
      }
    },
    [client, sendEngine],
  )
  return { send, isPending: running > 0, error }
}
