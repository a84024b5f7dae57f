'use client'
import { useQuery } from '@tanstack/react-query'
import type { ContactsQuery, LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { contactsQueryOptions } from './options'

/**
 * The native contact store (`{ contacts, pagination }`).
 *
 * @example
 * const { data } = useContacts({ limit: 50 })
 */
export function useContacts(q: ContactsQuery = {}, options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  return useQuery(contactsQueryOptions(client, q))
}
