'use client'
import { useMutation } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { sendReactionMutationOptions } from './mutationOptions'

/**
 * Send (or with `remove: true` retract) a tapback reaction to a received message. A device-level
 * failure is `data.status === 'ERROR'` in a 200 (SMS/RCS targets, outbound messages).
 * A TanStack mutation over {@link sendReactionMutationOptions}; retried automatically only when the
 * failure is retry-safe. Accepted reactions are kept by the kit and read with `useReactions`.
 *
 * @example
 * const m = useSendReaction()
 * m.mutate({ messageHandle, reaction: 'love' })
 */
export function useSendReaction(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  return useMutation(sendReactionMutationOptions(client))
}
