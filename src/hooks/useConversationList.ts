'use client'
import { useInfiniteQuery, useQueries } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { LinekitClient, MessageRecord, MessagesListResponse } from '../api'
import { LinekitError } from '../api/errors'
import { useLinekitClient } from '../provider/useLinekitClient'
import { isGroupMessage } from './internal/group'
import { useKnownGroups } from './internal/useKnownGroups'
import { phoneKey } from '../provider/phoneKey'
import { marksBeforeOpen, readMarks } from './internal/readMarks'
import { cmp } from './internal/reconcile'
import { linePageQuery, nextCursor } from './internal/threadPaging'
import { usePeople } from './internal/usePeople'
import { messagesQueryOptions, olderConversationsInfiniteQueryOptions, type LineCursors } from './options'
import { useLines } from './useLines'

/** One thread of the list: a 1:1 conversation or a group, on one line. */
export interface ConversationSummary {
  /** `<lineId>|<counterpart number or chat identifier>`: stable, unique in the list. */
  key: string
  kind: 'direct' | 'group'
  lineId: string
  /** The other person's number (E.164), or the group's chat identifier (`chat…`). */
  id: string
  /** Contact name, group name, or the number / participants when there is none. */
  title: string
  /** True when `title` comes from contacts (or a group name), not a number. */
  named: boolean
  /** Group participants the kit knows of (from its own sends, else from replies). */
  participants: string[]
  /**
   * Groups: true when `participants` is the whole set (the kit sent to it); false when they are
   * only who replied (the contract lists no group's members). Always true for 1:1 threads.
   */
  participantsKnown: boolean
  /** The newest message. */
  last: MessageRecord
  /** Inbound messages after the user last read the thread (or last replied). */
  unread: number
}

/** Arguments of {@link useConversationList}. */
export interface UseConversationListOptions {
  /** Only these lines. @default every line the user may see (`useLines`) */
  lineIds?: readonly string[]
  /** Name or number to filter by (case-insensitive; digits match any formatting). @default '' */
  search?: string
  /** Records per request (1–100). @default 100 */
  pageSize?: number
  client?: LinekitClient
}

/** Result of {@link useConversationList}. */
export interface UseConversationListResult {
  /** Newest first. */
  conversations: ConversationSummary[]
  status: 'pending' | 'error' | 'success'
  error: unknown
  /** While the key is rate limited (429): seconds until the next attempt, counting down. */
  rateLimitedFor: number | null
  /** Loads older messages (by `created_at_lte` time cursor), so older threads appear. */
  fetchOlder: () => void
  hasOlder: boolean
  isFetchingOlder: boolean
  /**
   * Marks a thread read up to its newest message (all tabs follow). A custom view calls it when the user
   * opens a thread and again whenever the open thread's `last` changes; until then its `unread` counts on.
   */
  markRead: (conversation: ConversationSummary) => void
  refetch: () => void
}

const digits = (s: string) => s.replace(/\D/g, '')

/** Seconds to wait from a 429 (its `Retry-After`), or null for other failures. */
function retryAfterOf(error: unknown): number | null {
  if (!LinekitError.is(error) || error.status !== 429) return null
  return Math.max(1, Math.ceil(error.retryAfterSeconds ?? 60))
}

/**
 * Every thread of the user's lines — one-to-one and group — newest first, with the counterpart's
 * name from contacts, the last message, and an unread count kept in this browser. The newest page
 * of each line is a messages-list query that the provider refreshes on every message event (and
 * `linekit/server` answers from its read model), so the list is live without polling; older
 * threads load on demand, paged by time cursor (`created_at_lte`), never by deep offset
 * (spec: Limits — offset + limit <= 2000). Group messages are recognised by a `to_number` that
 * begins `chat` (see `isGroupMessage`).
 *
 * @example
 * const { conversations, fetchOlder, markRead } = useConversationList({ search })
 */
export function useConversationList(options: UseConversationListOptions = {}): UseConversationListResult {
  const { search = '', pageSize = 100 } = options
  const client = useLinekitClient(options.client)
  const lines = useLines(options.client ? { client: options.client } : {})
  const people = usePeople(options.client ? { client: options.client } : {})
  const lineIds: (string | undefined)[] = useMemo(() => {
    if (options.lineIds) return [...options.lineIds]
    // No line listed (a trial descriptor without lines): the unfiltered list.
    return lines.lines.length > 0 ? lines.lines.map((l) => l.lineId) : [undefined]
  }, [options.lineIds, lines.lines])
  const linesKnown = options.lineIds !== undefined || lines.status !== 'pending'

  // The newest page of each line: refreshed by the provider on every message event.
  const heads = useQueries({
    queries: lineIds.map((lineId) => ({
      ...messagesQueryOptions(client, linePageQuery(lineId, pageSize)),
      enabled: linesKnown,
    })),
  })
  const headsReady = heads.length > 0 && heads.every((h) => h.data !== undefined)
  // `useQueries` hands out new result objects every render: memos follow the data's updates.
  const headsKey = heads.map((h) => h.dataUpdatedAt).join(',')

  // Older pages, from where the heads ended when the user first asked for more. Not refreshed by
  // events (nothing new lands that far back); refetched on reconnect with the rest.
  const [olderFrom, setOlderFrom] = useState<LineCursors | null>(null)
  const headCursors = useMemo<LineCursors | null>(() => {
    if (!headsReady) return null
    const out: LineCursors = {}
    heads.forEach((h, i) => {
      const data = h.data as MessagesListResponse
      out[lineIds[i] ?? ''] = nextCursor({ offset: 0, done: false }, data.data, pageSize, data.pagination.total)
    })
    return out
    // eslint-disable-next-line react-hooks/exhaustive-deps -- heads change identity every render
  }, [headsReady, headsKey, lineIds, pageSize])
  const older = useInfiniteQuery(olderConversationsInfiniteQueryOptions(client, { lineIds, pageSize, from: olderFrom }))
  const cursors: LineCursors | null = older.data?.pages.at(-1)?.next ?? headCursors
  const hasOlder = cursors !== null && Object.values(cursors).some((c) => !c.done)

  const marks = useSyncExternalStore(readMarks.subscribe, readMarks.snapshot, readMarks.snapshot)

  const all = useMemo(() => {
    const seen = new Map<string, MessageRecord>()
    for (const h of heads) for (const m of h.data?.data ?? []) seen.set(m.message_handle, m)
    for (const p of older.data?.pages ?? []) for (const m of p.messages) seen.set(m.message_handle, m)
    // Hold back what is older than the newest cursor of a line that has more: another line has not
    // been read that far yet, and showing it would put threads out of order.
    const floors = cursors ? Object.values(cursors).filter((c) => !c.done && c.lte !== undefined) : []
    const floor = floors.reduce<string | undefined>(
      (a, c) => (a === undefined || cmp(c.lte!, a) > 0 ? c.lte : a),
      undefined,
    )
    return [...seen.values()].filter((m) => floor === undefined || cmp(m.created_at, floor) >= 0)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- heads change identity every render
  }, [headsKey, older.data, cursors])

  const chatIds = useMemo(() => [...new Set(all.filter(isGroupMessage).map((m) => m.to_number.trim()))], [all])
  const { groups } = useKnownGroups(client, chatIds)

  const threads = useMemo(() => {
    const byKey = new Map<string, { records: MessageRecord[]; kind: 'direct' | 'group'; id: string; lineId: string }>()
    for (const m of all) {
      const group = isGroupMessage(m)
      const id = group ? m.to_number.trim() : phoneKey(m.direction === 'inbound' ? m.from_number : m.to_number)
      const key = `${m.line_id}|${id}`
      let t = byKey.get(key)
      if (!t) byKey.set(key, (t = { records: [], kind: group ? 'group' : 'direct', id, lineId: m.line_id }))
      t.records.push(m)
    }
    const out: ConversationSummary[] = []
    for (const [key, t] of byKey) {
      t.records.sort((a, b) => cmp(a.created_at, b.created_at))
      const last = t.records[t.records.length - 1]!
      // Unread: inbound after the later of the read mark and the user's last reply (a reply
      // means it was read, also before this browser kept marks).
      let since = marks[key]
      for (const m of t.records)
        if (m.direction === 'outbound' && (!since || cmp(m.created_at, since) > 0)) since = m.created_at
      const unread = t.records.filter(
        (m) => m.direction === 'inbound' && (!since || cmp(m.created_at, since) > 0),
      ).length
      let title: string
      let named = false
      let participants: string[] = []
      let participantsKnown = true
      if (t.kind === 'group') {
        const known = groups[t.id]
        const repliers = [...new Set(t.records.filter((m) => m.direction === 'inbound').map((m) => m.from_number))]
        participantsKnown = Boolean(known?.participants?.length)
        participants = participantsKnown ? known!.participants : repliers
        named = Boolean(known?.name)
        title = known?.name || people.list(participants, t.lineId)
      } else {
        const name = people.nameOf(t.id)
        named = name !== undefined
        title = name ?? people.number(t.id, t.lineId)
      }
      out.push({
        key,
        kind: t.kind,
        lineId: t.lineId,
        id: t.id,
        title,
        named,
        participants,
        participantsKnown,
        last,
        unread,
      })
    }
    out.sort((a, b) => cmp(b.last.created_at, a.last.created_at) || (a.key < b.key ? -1 : 1))
    return out
  }, [all, marks, groups, people])

  const conversations = useMemo(() => {
    const q = search.trim().toLowerCase()
    if (q === '') return threads
    const qd = digits(q)
    return threads.filter(
      (c) =>
        c.title.toLowerCase().includes(q) ||
        (qd.length >= 3 && [c.id, ...c.participants].some((p) => digits(p).includes(qd))),
    )
  }, [threads, search])

  // Rate limited: the query keeps retrying after Retry-After (failureReason holds the 429).
  const failure =
    heads.find((h) => h.data === undefined && h.failureReason)?.failureReason ??
    (lines.data === undefined ? lines.failureReason : null) ??
    older.failureReason
  const wait = retryAfterOf(failure)
  const [limit, setLimit] = useState<{ until: number; now: number } | null>(null)
  // Once the wait is over, a list that gave up (retries spent) tries again by itself.
  const retryFailed = useRef(() => {})
  useEffect(() => {
    retryFailed.current = () => {
      for (const h of heads) if (h.status === 'error') void h.refetch()
      if (lines.status === 'error') void lines.refetch()
    }
  })
  useEffect(() => {
    if (wait === null) return
    const until = Date.now() + wait * 1000
    const tick = () => setLimit({ until, now: Date.now() })
    const first = setTimeout(tick, 0)
    const timer = setInterval(tick, 1000)
    const stop = setTimeout(() => {
      clearInterval(timer)
      setLimit(null)
      retryFailed.current()
    }, wait * 1000)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
      clearTimeout(stop)
    }
  }, [wait, failure])
  const rateLimitedFor = wait === null ? null : limit ? Math.max(0, Math.ceil((limit.until - limit.now) / 1000)) : wait

  const anyData = heads.some((h) => h.data !== undefined)
  const error = heads.find((h) => h.error)?.error ?? null
  const status: UseConversationListResult['status'] =
    !linesKnown || (!anyData && heads.some((h) => h.status === 'pending'))
      ? lines.status === 'error' && options.lineIds === undefined
        ? 'error'
        : 'pending'
      : !anyData && error
        ? 'error'
        : 'success'

  const { fetchNextPage, isFetchingNextPage, isFetching: olderFetching } = older
  const fetchOlder = useCallback(() => {
    if (!hasOlder) return
    if (olderFrom === null) {
      if (headCursors) setOlderFrom(headCursors)
      return
    }
    if (!isFetchingNextPage && !olderFetching) void fetchNextPage()
  }, [hasOlder, olderFrom, headCursors, isFetchingNextPage, olderFetching, fetchNextPage])

  const markRead = useCallback((c: ConversationSummary) => {
    const current = readMarks.get(c.key)
    if (!marksBeforeOpen.has(c.key)) marksBeforeOpen.set(c.key, current)
    if (!current || cmp(c.last.created_at, current) > 0) readMarks.set(c.key, c.last.created_at)
  }, [])

  return {
    conversations,
    status,
    error: status === 'error' ? (error ?? lines.error) : error,
    rateLimitedFor,
    fetchOlder,
    hasOlder,
    isFetchingOlder: olderFrom !== null && (isFetchingNextPage || (older.isFetching && !older.data)),
    markRead,
    refetch: () => {
      for (const h of heads) void h.refetch()
      if (lines.status === 'error') void lines.refetch()
    },
  }
}
