export { MessageComposer, messageComposerStrings } from './MessageComposer'
export type { MessageComposerProps, MessageComposerStrings } from './MessageComposer'
