import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type {
  CallLogsQuery,
  ContactsQuery,
  LinekitClient,
  MessageRecord,
  MessageSearchQuery,
  MessagesQuery,
} from '../api'
import { defaultRetryPolicy, retryDelayMs, shouldRetry } from '../provider/retryPolicy'
import { fetchThreadPage, firstThreadPageParam, hasMorePages, linePageQuery, nextCursor } from './internal/threadPaging'
import type { ThreadPageParam } from './internal/threadPaging'
import type { ListCursor } from '../provider/keys'
import { linekitKeys } from '../provider/keys'

/**
 * Retry settings of every linekit query and mutation: only failures the client marked
 * `retrySafe` (network, timeout, 408/429/5xx of reads, and of sends that carry their idempotency
 * key), at most 3 times, waiting `Retry-After` on a 429.
 */
export const linekitRetry = {
  retry: (failureCount: number, error: unknown) =>
    failureCount < defaultRetryPolicy.maxAttempts - 1 && shouldRetry(error),
  retryDelay: (failureCount: number, error: unknown) => retryDelayMs(failureCount + 1, error),
} as const

/** Options for the messages list (`GET /get-messages-api`) with these filters. */
export function messagesQueryOptions(client: LinekitClient, filters: MessagesQuery = {}) {
  return queryOptions({
    queryKey: linekitKeys.messages.list(filters),
    queryFn: ({ signal }) => client.getMessages(filters, { signal }),
    ...linekitRetry,
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
    ...linekitRetry,
  })
}

/** Options for one message by handle. */
export function messageQueryOptions(client: LinekitClient, handle: string) {
  return queryOptions({
    queryKey: linekitKeys.messages.detail(handle),
    queryFn: ({ signal }) => client.getMessage(handle, { signal }),
    ...linekitRetry,
  })
}

/** Options for the lines listing (array, or the trial descriptor). */
export function linesQueryOptions(client: LinekitClient) {
  return queryOptions({
    queryKey: linekitKeys.lines,
    queryFn: ({ signal }) => client.getLines({ signal }),
    staleTime: 5 * 60_000,
    ...linekitRetry,
  })
}

/** Options for the native-chat availability check of a number. */
export function availabilityQueryOptions(client: LinekitClient, phone: string) {
  return queryOptions({
    queryKey: linekitKeys.availability(phone),
    queryFn: ({ signal }) => client.checkAvailability({ phone }, { signal }),
    staleTime: 10 * 60_000,
    ...linekitRetry,
  })
}

/** Options for the contacts listing. */
export function contactsQueryOptions(client: LinekitClient, q: ContactsQuery = {}) {
  return queryOptions({
    queryKey: linekitKeys.contacts.list(q),
    queryFn: ({ signal }) => client.listContacts(q, { signal }),
    ...linekitRetry,
  })
}

/** Options for the workflows listing. */
export function workflowsQueryOptions(client: LinekitClient) {
  return queryOptions({
    queryKey: linekitKeys.workflows,
    queryFn: ({ signal }) => client.listWorkflows({ signal }),
    staleTime: 5 * 60_000,
    ...linekitRetry,
  })
}

/** Options for the outbound dialer call logs. */
export function callLogsQueryOptions(client: LinekitClient, q: CallLogsQuery = {}) {
  return queryOptions({
    queryKey: linekitKeys.callLogs.list(q),
    queryFn: ({ signal }) => client.getCallLogs(q, { signal }),
    ...linekitRetry,
  })
}

/** Options for an audio call's status. */
export function callStatusQueryOptions(client: LinekitClient, callUuid: string) {
  return queryOptions({
    queryKey: linekitKeys.callStatus(callUuid),
    queryFn: ({ signal }) => client.getCallStatus({ call_uuid: callUuid }, { signal }),
    ...linekitRetry,
  })
}

/** Options for the send-effects listing. */
export function messageEffectsQueryOptions(client: LinekitClient) {
  return queryOptions({
    queryKey: linekitKeys.effects,
    queryFn: ({ signal }) => client.getEffects({ signal }),
    staleTime: Infinity,
    ...linekitRetry,
  })
}

/** Where each line's messages list continues, by line id (`''` for the unfiltered list). */
export type LineCursors = Record<string, ListCursor>

/**
 * Options for the 1:1 thread with a number (`GET /get-messages-api`, its inbound list by
 * `from_number` merged with its outbound list by `to_number`), paged by time cursor
 * (`created_at_lte`). An empty number is disabled.
 */
export function threadInfiniteQueryOptions(
  client: LinekitClient,
  thread: { phoneNumber: string; lineId?: string | undefined; pageSize: number },
) {
  const { phoneNumber, lineId, pageSize } = thread
  return infiniteQueryOptions({
    queryKey: linekitKeys.messages.thread(phoneNumber, lineId),
    queryFn: ({ pageParam, signal }) =>
      fetchThreadPage(client, {
        phone: phoneNumber,
        ...(lineId !== undefined ? { lineId } : {}),
        pageSize,
        param: pageParam,
        signal,
      }),
    initialPageParam: firstThreadPageParam as ThreadPageParam,
    getNextPageParam: (last) => (hasMorePages(last.next) ? last.next : undefined),
    enabled: phoneNumber.trim() !== '',
    ...linekitRetry,
  })
}

/**
 * Options for one group thread: its line's messages list (`GET /get-messages-api`) by time
 * cursor, keeping the records whose `to_number` is the group's chat identifier. The contract has
 * no filter for one group (spec: POST /send-group-message rule 5). An empty chat id is disabled.
 */
export function groupThreadInfiniteQueryOptions(
  client: LinekitClient,
  group: { chatId: string; lineId?: string | undefined; pageSize: number },
) {
  const { chatId, lineId, pageSize } = group
  return infiniteQueryOptions({
    queryKey: linekitKeys.messages.groupThread(chatId, lineId, pageSize),
    queryFn: async ({ pageParam, signal }) => {
      const res = await client.getMessages(linePageQuery(lineId, pageSize, pageParam), { signal })
      const next = nextCursor(pageParam, res.data, pageSize, pageParam.offset === 0 ? res.pagination.total : undefined)
      return { messages: res.data.filter((m) => m.to_number.trim() === chatId), next }
    },
    initialPageParam: { offset: 0, done: false } as ListCursor,
    getNextPageParam: (last) => (last.next.done ? undefined : last.next),
    enabled: chatId.trim() !== '',
    ...linekitRetry,
  })
}

/**
 * Options for the conversation list's older pages (`GET /get-messages-api`, one list per line,
 * by time cursor), from where each line's newest page ended (`from`; disabled while null). Never
 * stale: nothing new lands that far back, and a reconnect refetches everything.
 */
export function olderConversationsInfiniteQueryOptions(
  client: LinekitClient,
  older: { lineIds: readonly (string | undefined)[]; pageSize: number; from: LineCursors | null },
) {
  const { lineIds, pageSize, from } = older
  return infiniteQueryOptions({
    queryKey: linekitKeys.messages.conversations(lineIds, pageSize, from),
    queryFn: async ({ pageParam, signal }) => {
      const next: LineCursors = { ...pageParam }
      const messages: MessageRecord[] = []
      await Promise.all(
        Object.entries(pageParam)
          .filter(([, c]) => !c.done)
          .map(async ([lineId, cursor]) => {
            const res = await client.getMessages(linePageQuery(lineId || undefined, pageSize, cursor), { signal })
            next[lineId] = nextCursor(
              cursor,
              res.data,
              pageSize,
              cursor.offset === 0 ? res.pagination.total : undefined,
            )
            messages.push(...res.data)
          }),
      )
      return { messages, next }
    },
    initialPageParam: from ?? {},
    getNextPageParam: (last) => (Object.values(last.next).some((c) => !c.done) ? last.next : undefined),
    enabled: from !== null,
    staleTime: Infinity,
    ...linekitRetry,
  })
}
