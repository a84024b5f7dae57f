export { Inbox, inboxStrings } from './Inbox'
export type { InboxParts, InboxProps, InboxStrings, InboxThread } from './Inbox'
