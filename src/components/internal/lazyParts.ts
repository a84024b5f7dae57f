/**
 * Everything `<Conversation>` loads on first use, behind ONE dynamic import: one lazy chunk
 * instead of several keeps the initial chunks few (each separate chunk compresses on its own).
 */
export { default as ReactionBarImpl } from './ReactionBarImpl'
export { default as MessageAttachmentImpl } from './MessageAttachmentImpl'
export { default as VoiceMemoPlayerImpl } from './VoiceMemoPlayerImpl'
export { default as ComposerOptions } from './ComposerOptions'
export { default as LinePickerImpl } from './LinePickerImpl'
