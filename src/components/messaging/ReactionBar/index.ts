export { ReactionBar, reactionBarStrings } from './ReactionBar'
export type { ReactionBarProps, ReactionBarStrings } from './ReactionBar'
