export { ConversationList, conversationListStrings } from './ConversationList'
export type { ConversationListProps, ConversationListStrings } from './ConversationList'
export type { MessageSearchResultsStrings, MessageSearchSelection } from './messageSearchStrings'
