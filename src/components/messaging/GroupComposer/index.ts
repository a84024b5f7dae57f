export { GroupComposer, groupComposerStrings, GroupComposerDialog, groupComposerDialogStrings } from './GroupComposer'
export type {
  GroupComposerProps,
  GroupComposerStrings,
  GroupComposerDialogProps,
  GroupComposerDialogStrings,
} from './GroupComposer'
export { useGroupComposer } from './useGroupComposer'
export type {
  GroupComposerChannel,
  GroupComposerState,
  UseGroupComposerOptions,
  UseGroupComposerResult,
} from './useGroupComposer'
