'use client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useContext, useState } from 'react'
import type { GroupSendRequest, LinekitClient } from '../api'
import { LinekitContext } from '../provider/context'
import { createSendEngine, groupLane, type SendWait } from '../provider/sendEngine'
import { useLinekitClient } from '../provider/useLinekitClient'
import { keyFor } from './internal/idempotencyKey'
import { linekitKeys } from './keys'

/** Turns of group sends made outside a `<LinekitProvider>` (with an explicit client). */
let standalone: ReturnType<typeof createSendEngine> | undefined

/**
 * Send one message to 2–32 recipients in one thread. Each `mutate` call gets its own
 * idempotency key (unless the body has one), reused by every retry of that call.
 *
 * Sends to one group (participant set and line) go out one after another, in the order they were
 * made, retries included: the next starts when the one before was accepted or failed. When one
 * fails for good, the sends of that group already queued behind it fail too, unsent (their error
 * names the cause), so none arrives before it once it is sent again. `wait` says why the send in
 * progress waits (a 429 until its `Retry-After`, or a retry after a failure), else null.
 *
 * @example
 * const group = useSendGroupMessage()
 * group.mutate({ numbers: ['+14155550100', '+14155550101'], message: 'Hi both' })
 */
export function useSendGroupMessage(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const engine = useContext(LinekitContext)?.sendEngine ?? (standalone ??= createSendEngine())
  const queryClient = useQueryClient()
  const [wait, setWait] = useState<SendWait | null>(null)
  const mutation = useMutation({
    mutationFn: (body: GroupSendRequest) => {
      const idempotencyKey = body.idempotencyKey ?? keyFor(body)
      return engine.inTurn(
        groupLane(body.numbers, body.lineId),
        client,
        () => client.sendGroupMessage(body, { idempotencyKey }),
        (next) => setWait(next ?? null),
      )
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linekitKeys.messages.lists() }),
    onSettled: () => setWait(null),
    // The engine retries (retry-safe failures, same key) inside the send's turn of its group: a
    // retry queued by TanStack would go after the group's later sends.
    retry: false,
  })
  return { ...mutation, wait }
}
