'use client'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { LinekitClient, MessageRecord } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { useKnownGroups } from './internal/useKnownGroups'
import { cmp } from './internal/reconcile'
import { groupThreadInfiniteQueryOptions } from './options'
import type { ThreadItem } from './useThread'

/** Arguments of {@link useGroupThread}. */
export interface UseGroupThreadOptions {
  /** The group's chat identifier (`to_number` of its messages, begins `chat`). */
  chatId: string
  /** The line the group lives on. @default the line the kit saw it on, else every line */
  lineId?: string
  /** Records per request (1–100). @default 100 */
  pageSize?: number
  client?: LinekitClient
}

/** Result of {@link useGroupThread}. */
export interface UseGroupThreadResult {
  /** Oldest → newest. */
  items: ThreadItem[]
  /** Participants: as a group send of the kit listed them (linekit/server's groups, or this browser's), else those who replied. */
  participants: string[]
  /** True when `participants` come from a group send of the kit (complete), on any browser of the user. */
  participantsKnown: boolean
  /** The group's name, when a group send of the kit created it with one. */
  name?: string
  /** The line the group lives on, when known. */
  lineId?: string
  status: 'pending' | 'error' | 'success'
  error: unknown
  fetchOlder: () => void
  hasOlder: boolean
  isFetchingOlder: boolean
  refetch: () => void
}

/**
 * One group thread: the outbound messages to its chat identifier and the participants' replies
 * (both carry it as `to_number`, see `isGroupMessage`). The contract has no filter for one group
 * (spec: POST /send-group-message rule 5), so this reads its line's messages list by time cursor
 * (`created_at_lte`) and keeps the group's records; `linekit/server` answers recent pages from its
 * read model. Refreshed on every message event by the provider.
 *
 * @example
 * const group = useGroupThread({ chatId: 'chat000000000000001' })
 */
export function useGroupThread(options: UseGroupThreadOptions): UseGroupThreadResult {
  const { chatId, pageSize = 100 } = options
  const client = useLinekitClient(options.client)
  const known = useKnownGroups(client, [chatId]).groups[chatId]
  const lineId = options.lineId ?? known?.lineId
  const query = useInfiniteQuery(groupThreadInfiniteQueryOptions(client, { chatId, lineId, pageSize }))
  const records = useMemo(() => {
    const seen = new Map<string, MessageRecord>()
    for (const p of query.data?.pages ?? [])
      for (const m of p.messages) if (!seen.has(m.message_handle)) seen.set(m.message_handle, m)
    return [...seen.values()].sort((a, b) => cmp(a.created_at, b.created_at))
  }, [query.data])
  const items = useMemo<ThreadItem[]>(
    () => records.map((m) => ({ kind: 'message', key: m.message_handle, message: m })),
    [records],
  )
  const repliers = useMemo(
    () => [...new Set(records.filter((m) => m.direction === 'inbound').map((m) => m.from_number))],
    [records],
  )
  const { fetchNextPage, refetch } = query
  return {
    items,
    participants: known?.participants ?? repliers,
    participantsKnown: known !== undefined,
    ...(known?.name ? { name: known.name } : {}),
    ...(lineId !== undefined ? { lineId } : records[0] ? { lineId: records[0].line_id } : {}),
    status: query.status,
    error: query.error,
    fetchOlder: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void fetchNextPage()
    },
    hasOlder: query.hasNextPage,
    isFetchingOlder: query.isFetchingNextPage,
    refetch: () => void refetch(),
  }
}
