'use client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { createContactMutationOptions } from './mutationOptions'

/**
 * Create a contact, or upsert by phone (the response is the contact before the merge); contact
 * lists refetch once it succeeded.
 * A TanStack mutation over {@link createContactMutationOptions}; retried automatically only when
 * the failure is retry-safe.
 *
 * @example
 * const m = useCreateContact()
 * m.mutate({ phone: '+14155550100', firstName: 'Ada' })
 */
export function useCreateContact(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const queryClient = useQueryClient()
  return useMutation(createContactMutationOptions(client, { queryClient }))
}
