export { GroupConversation, groupConversationStrings } from './GroupConversation'
export type { GroupConversationProps, GroupConversationStrings } from './GroupConversation'
