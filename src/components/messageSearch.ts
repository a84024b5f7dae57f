import type { MessageRecord } from '../api'

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
