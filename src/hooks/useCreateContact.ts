'use client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateContactRequest, LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { linekitMutationRetry } from './internal/mutationRetry'
import { linekitKeys } from './keys'

/**
 * Create a contact, or upsert by phone (the response is the contact before the merge).
 * A TanStack mutation; retried automatically only when the failure is retry-safe.
 *
 * @example
 * const m = useCreateContact()
 * m.mutate({ phone: '+14155550100', firstName: 'Ada' })
 */
export function useCreateContact(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateContactRequest) => client.createContact(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linekitKeys.contacts.all }),
    ...linekitMutationRetry,
  })
}
