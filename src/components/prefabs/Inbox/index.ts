export { Inbox } from './Inbox'
export type { InboxProps } from './Inbox'
export { inboxStrings } from './inboxParts'
export type { InboxParts, InboxStrings, InboxThread } from './inboxParts'
