export { Conversation, conversationStrings } from './Conversation'
export type { ConversationProps, ConversationStrings } from './Conversation'
