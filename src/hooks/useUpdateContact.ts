'use client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { updateContactMutationOptions } from './mutationOptions'

/**
 * Update a contact by `contactId` (`customFields` is replaced wholesale); contact lists refetch
 * once it succeeded.
 * A TanStack mutation over {@link updateContactMutationOptions}; retried automatically only when
 * the failure is retry-safe.
 *
 * @example
 * const m = useUpdateContact()
 * m.mutate({ contactId, note: 'VIP' })
 */
export function useUpdateContact(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const queryClient = useQueryClient()
  return useMutation(updateContactMutationOptions(client, { queryClient }))
}
