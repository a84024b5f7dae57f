'use client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { GroupSendRequest, LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { keyFor } from './internal/idempotencyKey'
import { linekitMutationRetry } from './internal/mutationRetry'
import { linekitKeys } from './keys'

/**
 * Send one message to 2–32 recipients in one thread. Each `mutate` call gets its own
 * idempotency key (unless the body has one), reused by every retry of that call.
 *
 * @example
 * const group = useSendGroupMessage()
 * group.mutate({ numbers: ['+14155550100', '+14155550101'], message: 'Hi both' })
 */
export function useSendGroupMessage(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: GroupSendRequest) =>
      client.sendGroupMessage(body, { idempotencyKey: body.idempotencyKey ?? keyFor(body) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linekitKeys.messages.lists() }),
    ...linekitMutationRetry,
  })
}
