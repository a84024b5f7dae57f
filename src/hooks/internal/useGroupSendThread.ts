'use client'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type { GroupSendRequest, GroupSendResponse, LinekitClient, MessageRecord } from '../../api'
import { useLinekitClient } from '../../provider/useLinekitClient'
import { messagesQueryOptions } from '../options'
import { isGroupMessage } from './group'
import { groupRegistry } from './groupRegistry'

/** A group send as the composer made it. */
export interface GroupSend {
  request: GroupSendRequest
  response: GroupSendResponse
  /** The line it went from (the response's `devicePhoneNumber`, looked up in the lines). */
  lineId?: string
}

/** Where a group send stands, read from the messages list. */
export interface GroupSendThread {
  /** `creating` until the message is listed; the chat then exists on the line. */
  status: 'creating' | 'active'
  /** The group's chat identifier (`to_number` of its messages), once listed. */
  chatId?: string
}

const matches = (m: MessageRecord, r: GroupSendRequest) =>
  m.direction === 'outbound' &&
  isGroupMessage(m) &&
  m.content === (r.message ?? '') &&
  (m.media_attachment_url ?? null) === (r.mediaAttachmentUrl ?? null)

/**
 * The thread of a group send and its status, read from the messages list — never by sending
 * again. The group-send response says `creating` until the chat exists on the sending line
 * (spec: States — Group thread) and never names the chat; the outbound message is listed with
 * the chat identifier as `to_number` once it went out (spec: Message record), which is when the
 * group is usable. So: the newest outbound group record of that line with the same text and
 * attachment. The list refreshes on the event stream (the outbound message's webhook) and, as a
 * fallback for lost deliveries, every `pollMs` while the message is not listed yet.
 */
export function useGroupSendThread(
  sent: GroupSend | null,
  options: { pollMs?: number; client?: LinekitClient } = {},
): GroupSendThread | null {
  const client = useLinekitClient(options.client)
  const filters = {
    direction: 'outbound' as const,
    limit: 50,
    ...(sent?.lineId !== undefined ? { pb_line_id: sent.lineId } : {}),
  }
  const query = useQuery({
    ...messagesQueryOptions(client, filters),
    enabled: sent !== null,
    refetchInterval: (q) => {
      if (!sent || (options.pollMs ?? 10_000) <= 0) return false
      const found = q.state.data?.data.some((m) => matches(m, sent.request))
      return found ? false : (options.pollMs ?? 10_000)
    },
  })
  const record = useMemo(
    () => (sent ? query.data?.data.find((m) => matches(m, sent.request)) : undefined),
    [query.data, sent],
  )
  useEffect(() => {
    if (!sent || !record) return
    // spec: groupName is honored only when the group is created; on reuse the old name stays.
    const name = sent.response.created ? sent.request.groupName : groupRegistry.get(record.to_number)?.name
    groupRegistry.set(record.to_number, {
      participants: sent.response.recipients,
      ...(name ? { name } : {}),
      lineId: record.line_id,
    })
  }, [record, sent])
  if (!sent) return null
  if (record) return { status: 'active', chatId: record.to_number }
  return { status: sent.response.groupStatus === 'active' ? 'active' : 'creating' }
}
