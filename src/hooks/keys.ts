import type { CallLogsQuery, ContactsQuery, MessageSearchQuery, MessagesQuery } from '../api'
import { phoneKey } from './internal/phone'

const all = ['linekit'] as const
const messagesAll = [...all, 'messages'] as const
const contactsAll = [...all, 'contacts'] as const
const callLogsAll = [...all, 'callLogs'] as const

/**
 * The one hierarchical query-key factory of linekit (all → lists → list(filters) → detail).
 * Invalidate a prefix to refresh everything under it, e.g.
 * `queryClient.invalidateQueries({ queryKey: linekitKeys.messages.all })`.
 */
export const linekitKeys = {
  all,
  messages: {
    all: messagesAll,
    lists: () => [...messagesAll, 'list'] as const,
    list: (filters: MessagesQuery = {}) => [...messagesAll, 'list', filters] as const,
    details: () => [...messagesAll, 'detail'] as const,
    detail: (handle: string) => [...messagesAll, 'detail', handle] as const,
    /**
     * A message search (linekit/server's `GET <prefix>/search`): under `messages.all`, so it
     * follows every message event the provider refreshes messages for.
     */
    search: (query: MessageSearchQuery) => [...messagesAll, 'search', query] as const,
    /** Every 1:1 thread (or every thread with one number when `phone` is given). */
    threads: (phone?: string) =>
      phone === undefined
        ? ([...messagesAll, 'thread'] as const)
        : ([...messagesAll, 'thread', phoneKey(phone)] as const),
    /** The 1:1 thread with a number, optionally on one line (numbers compare E.164-wise). */
    thread: (phone: string, lineId?: string) => [...messagesAll, 'thread', phoneKey(phone), lineId ?? null] as const,
  },
  lines: [...all, 'lines'] as const,
  availability: (phone: string) => [...all, 'availability', phoneKey(phone)] as const,
  contacts: {
    all: contactsAll,
    list: (q: ContactsQuery = {}) => [...contactsAll, 'list', q] as const,
  },
  workflows: [...all, 'workflows'] as const,
  callLogs: {
    all: callLogsAll,
    list: (q: CallLogsQuery = {}) => [...callLogsAll, 'list', q] as const,
  },
  callStatus: (callUuid: string) => [...all, 'callStatus', callUuid] as const,
  /** The user's recent inbound calls (linekit/server's `GET <prefix>/calls/inbound`). */
  inboundCalls: [...all, 'inboundCalls'] as const,
  voiceToken: (lineId: string) => [...all, 'voiceToken', lineId] as const,
  effects: [...all, 'effects'] as const,
} as const
