import type { Reaction } from '../../api/values'

/** The tapbacks as people know them from their phones. */
export const reactionGlyphs: Record<Reaction, string> = {
  love: '❤️',
  like: '👍',
  dislike: '👎',
  laugh: '😂',
  emphasize: '‼️',
  question: '❓',
}
