'use client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UpdateContactRequest, LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { linekitMutationRetry } from './internal/mutationRetry'
import { linekitKeys } from './keys'

/**
 * Update a contact by `contactId` (`customFields` is replaced wholesale).
 * A TanStack mutation; retried automatically only when the failure is retry-safe.
 *
 * @example
 * const m = useUpdateContact()
 * m.mutate({ contactId, note: 'VIP' })
 */
export function useUpdateContact(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateContactRequest) => client.updateContact(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linekitKeys.contacts.all }),
    ...linekitMutationRetry,
  })
}
