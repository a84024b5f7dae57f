import type { CallLogsQuery, ContactsQuery, MessageSearchQuery, MessagesQuery } from '../api'
import { phoneKey } from './phoneKey'

/** Where one of the thread's two lists continues (older messages). */
export interface ListCursor {
  /** `created_at_lte` of the next request; undefined = newest. */
  lte?: string
  /** Records at exactly `lte` already received (skipped with `offset`). */
  offset: number
  done: boolean
}

const all = ['linekit'] as const
const messagesAll = [...all, 'messages'] as const
const contactsAll = [...all, 'contacts'] as const
const callLogsAll = [...all, 'callLogs'] as const
const mutationsAll = [...all, 'mutation'] as const

/**
 * The one hierarchical key factory of linekit (all → lists → list(filters) → detail), for queries
 * and, under `mutations`, for mutations. Invalidate a prefix to refresh everything under it, e.g.
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
    /**
     * One group thread, read from its line's messages list: under `lists()`, so it refreshes with
     * every list (after a group send, on every message event).
     */
    groupThread: (chatId: string, lineId: string | undefined, pageSize: number) =>
      [...messagesAll, 'list', 'group', chatId, lineId ?? null, pageSize] as const,
    /**
     * The conversation list's older pages, from where each line's newest page ended (`from`, by
     * line id). Under `messages.all`, outside `lists()`: nothing new lands that far back.
     */
    conversations: (
      lineIds: readonly (string | undefined)[],
      pageSize: number,
      from: Readonly<Record<string, ListCursor>> | null,
    ) => [...messagesAll, 'conversations', lineIds, pageSize, from] as const,
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
  /** The groups with their members (linekit/server's `GET <prefix>/groups`). */
  groups: [...all, 'groups'] as const,
  voiceToken: (lineId: string) => [...all, 'voiceToken', lineId] as const,
  effects: [...all, 'effects'] as const,
  /**
   * Mutation keys, named by the endpoint each mutation calls: with `useMutationState` or
   * `useIsMutating({ mutationKey: linekitKeys.mutations.all })` a page can show that something is
   * being sent anywhere on it.
   */
  mutations: {
    all: mutationsAll,
    sendMessage: [...mutationsAll, 'sendMessage'] as const,
    sendGroupMessage: [...mutationsAll, 'sendGroupMessage'] as const,
    sendReaction: [...mutationsAll, 'sendReaction'] as const,
    createContact: [...mutationsAll, 'createContact'] as const,
    updateContact: [...mutationsAll, 'updateContact'] as const,
    enrollFlow: [...mutationsAll, 'enrollFlow'] as const,
    cancelRun: [...mutationsAll, 'cancelRun'] as const,
    startCall: [...mutationsAll, 'startCall'] as const,
    answerCall: [...mutationsAll, 'answerCall'] as const,
    declineCall: [...mutationsAll, 'declineCall'] as const,
    endCall: [...mutationsAll, 'endCall'] as const,
  },
} as const
