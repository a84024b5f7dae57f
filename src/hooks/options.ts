import { queryOptions } from '@tanstack/react-query'
import type { CallLogsQuery, ContactsQuery, LinekitClient, MessageSearchQuery, MessagesQuery } from '../api'
import { defaultRetryPolicy, retryDelayMs, shouldRetry } from '../provider/retryPolicy'
import { linekitKeys } from './keys'

/**
 * Retry settings shared by every linekit query: only retry-safe failures (network, timeout,
 * 408/429/5xx), at most 3 times, waiting `Retry-After` on a 429.
 */
export const linekitQueryRetry = {
  retry: (failureCount: number, error: unknown) =>
    failureCount < defaultRetryPolicy.maxAttempts - 1 && shouldRetry(error),
  retryDelay: (failureCount: number, error: unknown) => retryDelayMs(failureCount + 1, error),
} as const

/** Options for the messages list (`GET /get-messages-api`) with these filters. */
export function messagesQueryOptions(client: LinekitClient, filters: MessagesQuery = {}) {
  return queryOptions({
    queryKey: linekitKeys.messages.list(filters),
    queryFn: ({ signal }) => client.getMessages(filters, { signal }),
    ...linekitQueryRetry,
  })
}

/**
 * Options for a message search (linekit/server's `GET <prefix>/search`, answered from its read
 * model: it costs nothing of the key's budget). The phrase is trimmed; an empty one is disabled.
 */
export function messageSearchQueryOptions(client: LinekitClient, query: MessageSearchQuery) {
  const normalized: MessageSearchQuery = { ...query, q: query.q.trim() }
  return queryOptions({
    queryKey: linekitKeys.messages.search(normalized),
    queryFn: ({ signal }) => client.searchMessages(normalized, { signal }),
    enabled: normalized.q.length > 0,
    ...linekitQueryRetry,
  })
}

/** Options for one message by handle. */
export function messageQueryOptions(client: LinekitClient, handle: string) {
  return queryOptions({
    queryKey: linekitKeys.messages.detail(handle),
    queryFn: ({ signal }) => client.getMessage(handle, { signal }),
    ...linekitQueryRetry,
  })
}

/** Options for the lines listing (array, or the trial descriptor). */
export function linesQueryOptions(client: LinekitClient) {
  return queryOptions({
    queryKey: linekitKeys.lines,
    queryFn: ({ signal }) => client.getLines({ signal }),
    staleTime: 5 * 60_000,
    ...linekitQueryRetry,
  })
}

/** Options for the native-chat availability check of a number. */
export function availabilityQueryOptions(client: LinekitClient, phone: string) {
  return queryOptions({
    queryKey: linekitKeys.availability(phone),
    queryFn: ({ signal }) => client.checkAvailability({ phone }, { signal }),
    staleTime: 10 * 60_000,
    ...linekitQueryRetry,
  })
}

/** Options for the contacts listing. */
export function contactsQueryOptions(client: LinekitClient, q: ContactsQuery = {}) {
  return queryOptions({
    queryKey: linekitKeys.contacts.list(q),
    queryFn: ({ signal }) => client.listContacts(q, { signal }),
    ...linekitQueryRetry,
  })
}

/** Options for the workflows listing. */
export function workflowsQueryOptions(client: LinekitClient) {
  return queryOptions({
    queryKey: linekitKeys.workflows,
    queryFn: ({ signal }) => client.listWorkflows({ signal }),
    staleTime: 5 * 60_000,
    ...linekitQueryRetry,
  })
}

/** Options for the outbound dialer call logs. */
export function callLogsQueryOptions(client: LinekitClient, q: CallLogsQuery = {}) {
  return queryOptions({
    queryKey: linekitKeys.callLogs.list(q),
    queryFn: ({ signal }) => client.getCallLogs(q, { signal }),
    ...linekitQueryRetry,
  })
}

/** Options for an audio call's status. */
export function callStatusQueryOptions(client: LinekitClient, callUuid: string) {
  return queryOptions({
    queryKey: linekitKeys.callStatus(callUuid),
    queryFn: ({ signal }) => client.getCallStatus({ call_uuid: callUuid }, { signal }),
    ...linekitQueryRetry,
  })
}

/** Options for the send-effects listing. */
export function effectsQueryOptions(client: LinekitClient) {
  return queryOptions({
    queryKey: linekitKeys.effects,
    queryFn: ({ signal }) => client.getEffects({ signal }),
    staleTime: Infinity,
    ...linekitQueryRetry,
  })
}
