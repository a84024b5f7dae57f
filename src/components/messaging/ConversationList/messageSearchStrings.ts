import type { MessageRecord } from '../../../api'
import { isGroupMessage } from '../../../hooks/internal/group'

/** The thread a found message belongs to, with the message (`<ConversationList onMessageSelect>`). */
export interface MessageSearchSelection {
  /** The thread's key in `<ConversationList>`: `<lineId>|<number or chat identifier>`. */
  key: string
  kind: 'direct' | 'group'
  lineId: string
  /** The other person's number (E.164), or the group's chat identifier. */
  id: string
  /** The message found; open the thread at it (`listProps={{ highlightKey: message.message_handle }}`). */
  message: MessageRecord
}

/** Strings of the found messages under `<ConversationList>`'s threads (`messageSearchStrings`). */
export interface MessageSearchResultsStrings {
  label: string
  searching: string
  none: (query: string) => string
  error: string
  retry: string
  more: string
  /** Where the searched window ends (a date). */
  since: (date: string) => string
  you: string
  group: string
}

/** Which thread a record is in (the keys of `useConversationList`). */
export function threadOfMessage(message: MessageRecord): Omit<MessageSearchSelection, 'message'> {
  const group = isGroupMessage(message)
  const id = group ? message.to_number : message.direction === 'inbound' ? message.from_number : message.to_number
  return { key: `${message.line_id}|${id}`, kind: group ? 'group' : 'direct', lineId: message.line_id, id }
}
