'use client'
import { useMutation } from '@tanstack/react-query'
import type { ReactionRequest, LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { linekitMutationRetry } from './internal/mutationRetry'
import { recordReaction } from './internal/reactionStore'

/**
 * Send (or with `remove: true` retract) a tapback reaction to a received message. A device-level
 * failure is `data.status === 'ERROR'` in a 200 (SMS/RCS targets, outbound messages).
 * A TanStack mutation; retried automatically only when the failure is retry-safe. Accepted
 * reactions are kept by the kit and read with {@link useReactions}.
 *
 * @example
 * const m = useSendReaction()
 * m.mutate({ messageHandle, reaction: 'love' })
 */
export function useSendReaction(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  return useMutation({
    mutationFn: (body: ReactionRequest) => client.sendReaction(body),
    // The contract lists no reactions: keep the accepted ones (see useReactions).
    onSuccess: (res, body) => {
      if (res.status === 'SENT') recordReaction(body.messageHandle, body.reaction, body.remove === true)
    },
    ...linekitMutationRetry,
  })
}
