'use client'
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query'
import { useCallback, useContext } from 'react'
import type { GroupSendRequest, GroupSendResponse, LinekitClient } from '../api'
import type { LinekitError } from '../api/errors'
import { LinekitContext } from '../provider/context'
import { createSendEngine } from '../provider/sendEngine'
import type { SendWait } from '../provider/sendTypes'
import { useLinekitClient } from '../provider/useLinekitClient'
import { useCancellableWait } from './internal/useCancellableWait'
import { sendGroupMessageMutationOptions } from './mutationOptions'

/** Turns of group sends made outside a `<LinekitProvider>` (with an explicit client). */
let standalone: ReturnType<typeof createSendEngine> | undefined

/** Result of {@link useSendGroupMessage}: a TanStack mutation, plus why the send in progress waits. */
export type UseSendGroupMessageResult = UseMutationResult<GroupSendResponse, LinekitError, GroupSendRequest> & {
  /** Why the send in progress waits (a 429 until its `Retry-After`, or a retry after a failure), else null. */
  wait: SendWait | null
  /**
   * Drops the sends of this hook still in progress (one waiting for the connection, say): no
   * further attempt is made, and the mutation is reset, with no error.
   */
  cancel: () => void
}

/**
 * Send one message to 2–32 recipients in one thread. Each `mutate` call gets its own
 * idempotency key (unless the body has one), reused by every retry of that call.
 *
 * Sends to one group (participant set and line) go out one after another, in the order they were
 * made, retries included: the next starts when the one before was accepted or failed. When one
 * fails for good, the sends of that group already queued behind it fail too, unsent (their error
 * names the cause), so none arrives before it once it is sent again. A send that gets no answer
 * waits for the connection and goes by itself with its key; `cancel()` drops it. Inside a
 * `<LinekitProvider>` a waiting send is also kept in this browser: after a reload it goes by itself
 * with the same key, and `GroupConversation` shows it waiting, with Cancel. A TanStack mutation over
 * {@link sendGroupMessageMutationOptions}.
 *
 * @example
 * const group = useSendGroupMessage()
 * group.mutate({ numbers: ['+14155550100', '+14155550101'], message: 'Hi both' })
 */
export function useSendGroupMessage(options: { client?: LinekitClient } = {}): UseSendGroupMessageResult {
  const client = useLinekitClient(options.client)
  const sendEngine = useContext(LinekitContext)?.sendEngine ?? (standalone ??= createSendEngine())
  const queryClient = useQueryClient()
  const { wait, onWait, signal, cancel: cancelWith } = useCancellableWait()
  const mutation = useMutation(sendGroupMessageMutationOptions(client, { sendEngine, queryClient, onWait, signal }))
  const { reset } = mutation
  const cancel = useCallback(() => cancelWith(reset), [cancelWith, reset])
  return { ...mutation, wait, cancel }
}
