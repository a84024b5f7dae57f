'use client'
import { useQuery } from '@tanstack/react-query'
import type { LinekitClient, MessagesQuery } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { messagesQueryOptions } from './options'

/**
 * The messages list with these filters (`GET /get-messages-api`), as a TanStack query.
 * For a conversation with one number prefer {@link useThread}, which merges both directions.
 *
 * @example
 * const { data } = useMessages({ direction: 'inbound', limit: 20 })
 */
export function useMessages(filters: MessagesQuery = {}, options: { client?: LinekitClient; enabled?: boolean } = {}) {
  const client = useLinekitClient(options.client)
  return useQuery({ ...messagesQueryOptions(client, filters), enabled: options.enabled ?? true })
}
