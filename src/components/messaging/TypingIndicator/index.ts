export { TypingIndicator, typingIndicatorStrings } from './TypingIndicator'
export type { TypingIndicatorProps, TypingIndicatorStrings } from './TypingIndicator'
