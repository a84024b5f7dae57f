export { MessageList, messageListStrings } from './MessageList'
export type { MessageListProps, MessageListStrings } from './MessageList'
