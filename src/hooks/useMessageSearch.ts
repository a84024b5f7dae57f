'use client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { LinekitClient, MessageRecord } from '../api'
import { MAX_SEARCH_QUERY } from '../api/limits'
import { useLinekitClient } from '../provider/useLinekitClient'
import { messageSearchQueryOptions } from './options'

/** Arguments of {@link useMessageSearch}. */
export interface UseMessageSearchOptions {
  /** The phrase (case-insensitive, literal). Shorter than `minLength` after trimming: no search. */
  query: string
  /** Only this line (one of the user's). @default every line of the user */
  lineId?: string
  /** Messages in one answer, 1 to 50. @default 20 */
  limit?: number
  /** Fewest characters that start a search (one letter matches nearly everything). @default 2 */
  minLength?: number
  client?: LinekitClient
}

/** Result of {@link useMessageSearch}. */
export interface UseMessageSearchResult {
  /** Matching messages, newest first (the previous phrase's while the next one loads). */
  messages: MessageRecord[]
  /** More messages match than `limit`. */
  more: boolean
  /**
   * Where the searched window starts (ISO time): older messages were not searched; say so.
   * null: the whole history was searched, or nothing yet.
   */
  since: string | null
  /** `idle` while the phrase is too short to search. */
  status: 'idle' | 'pending' | 'error' | 'success'
  isFetching: boolean
  error: unknown
  refetch: () => void
}

/**
 * Searches the text of the user's messages through linekit/server's read model (`GET
 * <prefix>/search`): newest first, within the user's lines and the model's window, which
 * `since` reports. No request of the key's budget is spent; the answer follows new messages.
 * Debounce `query` as you see fit (`<ConversationList>` waits for a pause in typing).
 *
 * @example
 * const { messages, since } = useMessageSearch({ query: 'tracking number' })
 */
export function useMessageSearch(options: UseMessageSearchOptions): UseMessageSearchResult {
  const client = useLinekitClient(options.client)
  const minLength = options.minLength ?? 2
  // The server refuses a longer phrase (400); the first MAX_SEARCH_QUERY characters find a subset.
  const q = options.query.trim().slice(0, MAX_SEARCH_QUERY)
  const active = q.length >= minLength
  const query = useQuery({
    ...messageSearchQueryOptions(client, {
      q,
      ...(options.lineId !== undefined ? { lineId: options.lineId } : {}),
      ...(options.limit !== undefined ? { limit: options.limit } : {}),
    }),
    enabled: active,
    placeholderData: keepPreviousData,
  })
  const data = active ? query.data : undefined
  return {
    messages: data?.data ?? [],
    more: data?.more ?? false,
    since: data?.since ?? null,
    status: !active ? 'idle' : query.status,
    isFetching: active && query.isFetching,
    error: query.error,
    refetch: () => void query.refetch(),
  }
}
