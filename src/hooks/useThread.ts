'use client'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import type { MessageRecord, SendMessageRequest } from '../api'
import { useLinekit } from '../provider/useLinekit'
import type { SendWait } from '../provider/sendTypes'
import { useLinekitClient } from '../provider/useLinekitClient'
import type { LinekitClient } from '../api'
import { phoneKey } from '../provider/phoneKey'
import { effectStore } from './internal/effectStore'
import { reconcileOptimistic } from './internal/reconcile'
import { flattenThread } from './internal/threadPaging'
import type { ThreadPage } from './internal/threadPaging'
import { threadInfiniteQueryOptions } from './options'

/** A stored message of a thread. */
export interface ThreadMessageItem {
  kind: 'message'
  /** The message handle. */
  key: string
  message: MessageRecord
}

/** A user send not yet listed by the service (pending), or refused (failed). */
export interface ThreadOptimisticItem {
  kind: 'optimistic'
  key: string
  localId: string
  /** The request as sent (text in `body.message`, attachments by URL). */
  body: SendMessageRequest
  /** `pending` until the service lists the record; `failed` after the last automatic attempt. */
  state: 'pending' | 'failed'
  /** True once the service accepted the send (it may not be listed yet). */
  accepted: boolean
  /**
   * Why a pending send is not out yet: a 429 (`rateLimited`, until the `Retry-After`), a retry
   * after a failure (`retrying`), an earlier send of the thread going first (`queued`) or an earlier
   * one that was not sent (`held`, until it is retried or discarded). Absent while an attempt is on its way.
   */
  wait?: SendWait
  error?: unknown
  /** Try again with the same idempotency key (can never double-send). */
  retry: () => void
  /** Remove it from the thread. */
  discard: () => void
  /** When the user sent it (client clock, ISO 8601). */
  createdAt: string
}

/** One row of a thread. */
export type ThreadItem = ThreadMessageItem | ThreadOptimisticItem

/** Arguments of {@link useThread}. */
export interface UseThreadOptions {
  /** The other party (E.164). */
  phoneNumber: string
  /** Only this line's messages. @default all lines */
  lineId?: string
  /** Records per request and direction (1–100). @default 50 */
  pageSize?: number
  /** While a send is accepted but not yet listed, refetch this often. @default 2000 */
  confirmPollMs?: number
  /** Overrides the provider's client. */
  client?: LinekitClient
}

/** Result of {@link useThread}. */
export interface UseThreadResult {
  /** Oldest → newest; optimistic sends come last. */
  items: ThreadItem[]
  status: 'pending' | 'error' | 'success'
  error: unknown
  /** The last failed attempt while the query retries (e.g. a 429 with its `retryAfterSeconds`). */
  failureReason: unknown
  /** Load older history (by `created_at_lte` time cursor, not by offset). */
  fetchOlder: () => void
  hasOlder: boolean
  isFetchingOlder: boolean
  refetch: () => void
}

/** How long after a record's creation a `pending` delivery status is still polled for. */
const pendingPollWindowMs = 5 * 60_000

/**
 * Whether any loaded record is an outbound one still `pending` and recent. Runs on every query
 * update (refetchInterval): it scans the pages as they are, without flattening and sorting them.
 */
function hasRecentPendingOutbound(pages: readonly ThreadPage[], since: number): boolean {
  return pages.some((page) =>
    page.messages.some(
      (m) => m.direction === 'outbound' && m.status === 'pending' && Date.parse(m.created_at) >= since,
    ),
  )
}

/**
 * The 1:1 thread with a number: inbound records (filtered by `from_number`) merged with
 * outbound ones (filtered by `to_number`), plus the user's optimistic sends, reconciled with
 * the server's records when they appear. Reading a thread does not mark it read: the unread counts
 * are `useConversationList`'s, and a custom view calls its `markRead` (docs/hooks.md).
 *
 * @example
 * const { items, fetchOlder, hasOlder } = useThread({ phoneNumber: '+14155550100' })
 */
export function useThread(options: UseThreadOptions): UseThreadResult {
  const { phoneNumber, lineId, pageSize = 50, confirmPollMs = 2000 } = options
  const { sendEngine } = useLinekit()
  const client = useLinekitClient(options.client)
  const optimistic = useSyncExternalStore(sendEngine.subscribe, sendEngine.getSnapshot, sendEngine.getSnapshot)

  const mine = useMemo(() => {
    const phone = phoneKey(phoneNumber)
    return optimistic.filter(
      (o) => phoneKey(o.phone) === phone && (lineId === undefined || o.lineId === undefined || o.lineId === lineId),
    )
  }, [optimistic, phoneNumber, lineId])
  const awaiting = mine.some((o) => o.accepted && o.awaitingRecord === true)

  const query = useInfiniteQuery({
    ...threadInfiniteQueryOptions(client, { phoneNumber, lineId, pageSize }),
    // A send the service accepted shows up in the list shortly (status `processing` first), and
    // its delivery status moves on (`pending` → `delivered`) with no webhook to say so: poll while
    // either is outstanding, for recent outbound records only so a stuck record cannot poll forever.
    refetchInterval: (q) =>
      awaiting || hasRecentPendingOutbound(q.state.data?.pages ?? [], Date.now() - pendingPollWindowMs)
        ? confirmPollMs
        : false,
  })

  const records = useMemo(() => flattenThread(query.data?.pages ?? []), [query.data])
  const matches = useMemo(
    () =>
      reconcileOptimistic(
        records,
        mine.map((o) => ({ ...o, text: o.body.message ?? '' })),
        { claimed: sendEngine.claimed },
      ),
    [records, mine, sendEngine],
  )
  useEffect(() => {
    if (matches.size === 0) return
    // The record has no effect field: remember the one this send carried, for its bubble.
    for (const o of mine) {
      const handle = matches.get(o.localId)
      if (handle && o.body.effect && !effectStore.get(handle)) effectStore.set(handle, o.body.effect)
    }
    sendEngine.confirm(matches)
  }, [matches, mine, sendEngine])

  const items = useMemo<ThreadItem[]>(() => {
    const out: ThreadItem[] = records.map((m) => ({ kind: 'message', key: m.message_handle, message: m }))
    const pending = mine.filter((o) => !matches.has(o.localId)).sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1))
    for (const o of pending) {
      out.push({
        kind: 'optimistic',
        key: o.localId,
        localId: o.localId,
        body: o.body,
        state: o.state,
        accepted: o.accepted,
        ...(o.wait !== undefined ? { wait: o.wait } : {}),
        ...(o.error !== undefined ? { error: o.error } : {}),
        retry: () => void sendEngine.retry(o.localId),
        discard: () => sendEngine.discard(o.localId),
        createdAt: o.createdAt,
      })
    }
    return out
  }, [records, mine, matches, sendEngine])

  const { fetchNextPage, refetch } = query
  return {
    items,
    status: query.status,
    error: query.error,
    failureReason: query.failureReason,
    fetchOlder: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void fetchNextPage()
    },
    hasOlder: query.hasNextPage,
    isFetchingOlder: query.isFetchingNextPage,
    refetch: () => void refetch(),
  }
}
