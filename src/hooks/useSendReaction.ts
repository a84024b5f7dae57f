'use client'
import { useMutation, type UseMutationResult } from '@tanstack/react-query'
import { useCallback, useContext } from 'react'
import type { LinekitClient, ReactionRequest, ReactionResponse } from '../api'
import type { LinekitError } from '../api/errors'
import { LinekitContext } from '../provider/context'
import type { SendWait } from '../provider/sendTypes'
import { useLinekitClient } from '../provider/useLinekitClient'
import { useCancellableWait } from './internal/useCancellableWait'
import { sendReactionMutationOptions } from './mutationOptions'

/** Result of {@link useSendReaction}: a TanStack mutation, plus why the reaction in progress waits. */
export type UseSendReactionResult = UseMutationResult<ReactionResponse, LinekitError, ReactionRequest> & {
  /** Why the reaction in progress waits (the connection, a 429 until its `Retry-After`, a retry), else null. */
  wait: SendWait | null
  /**
   * Drops the reactions of this hook still in progress (one waiting for the connection, say): no
   * further attempt is made, nothing is kept for after a reload, and the mutation is reset, with
   * no error (a `mutateAsync` caller's promise rejects).
   */
  cancel: () => void
}

/**
 * Send (or with `remove: true` retract) a tapback reaction to a received message. A device-level
 * failure is `data.status === 'ERROR'` in a 200 (SMS/RCS targets, outbound messages).
 * A TanStack mutation over {@link sendReactionMutationOptions}: when the connection fails it waits
 * for it and goes by itself (`wait` says so, `cancel()` drops it); only the service's refusal
 * fails. Inside a `<LinekitProvider>` a waiting reaction is also kept in this browser and goes by
 * itself after a reload (`ReactionBar` shows it waiting, with Cancel, before the reload as after).
 * Accepted reactions are kept by the kit and read with `useReactions`.
 *
 * @example
 * const m = useSendReaction()
 * m.mutate({ messageHandle, reaction: 'love' })
 */
export function useSendReaction(options: { client?: LinekitClient } = {}): UseSendReactionResult {
  const client = useLinekitClient(options.client)
  const sendEngine = useContext(LinekitContext)?.sendEngine
  const { wait, onWait, signal, cancel: cancelWith } = useCancellableWait()
  const mutation = useMutation(
    sendReactionMutationOptions(client, { ...(sendEngine ? { sendEngine } : {}), onWait, signal }),
  )
  const { reset } = mutation
  const cancel = useCallback(() => cancelWith(reset), [cancelWith, reset])
  return { ...mutation, wait, cancel }
}
