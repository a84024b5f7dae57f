'use client'
import { useMutation } from '@tanstack/react-query'
import { useContext } from 'react'
import type { LinekitClient } from '../api'
import { LinekitContext } from '../provider/context'
import { useLinekitClient } from '../provider/useLinekitClient'
import { sendReactionMutationOptions } from './mutationOptions'

/**
 * Send (or with `remove: true` retract) a tapback reaction to a received message. A device-level
 * failure is `data.status === 'ERROR'` in a 200 (SMS/RCS targets, outbound messages).
 * A TanStack mutation over {@link sendReactionMutationOptions}: when the connection fails it waits
 * for it and goes by itself; only the service's refusal fails. Inside a `<LinekitProvider>` a
 * waiting reaction is also kept in this browser and goes by itself after a reload (`ReactionBar`
 * shows it waiting, with Cancel). Accepted reactions are kept by the kit and read with `useReactions`.
 *
 * @example
 * const m = useSendReaction()
 * m.mutate({ messageHandle, reaction: 'love' })
 */
export function useSendReaction(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const sendEngine = useContext(LinekitContext)?.sendEngine
  return useMutation(sendReactionMutationOptions(client, sendEngine ? { sendEngine } : {}))
}
