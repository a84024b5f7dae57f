/**
 * Default strings of the components whose implementation loads on first use. They live here,
 * not in the public component modules, so the lazy implementations never import those modules
 * (which would tie the lazy chunk to every entry that imports the linekit barrel).
 */

/** Default, overridable strings (i18n). */
export const linePickerStrings = {
  label: 'Send from',
  automatic: 'Any line (chosen automatically)',
  loading: 'Loading lines…',
  error: 'Lines could not be loaded.',
  retry: 'Try again',
  empty: 'No lines are available.',
  trial: 'Trial accounts send from an automatically chosen line.',
  shared: 'shared',
}

/** Default, overridable strings (i18n). */
export const reactionBarStrings = {
  label: 'React to this message',
  love: 'Love',
  like: 'Like',
  dislike: 'Dislike',
  laugh: 'Ha ha',
  emphasize: 'Emphasize',
  question: 'Question',
  loading: 'Loading the message…',
  outbound: 'Reactions can only be sent to messages you received.',
  notNativeChat: 'Reactions only work on native-chat messages; this one came by {service}.',
  sent: 'Reaction sent.',
  removed: 'Reaction removed.',
  failed: 'The reaction was not sent: {reason}',
}

/** Default, overridable strings (i18n). */
export const messageAttachmentStrings = {
  image: 'Image attachment',
  video: 'Video attachment',
  contact: 'Contact card',
  contactOpen: 'Open contact card',
  file: 'Attachment',
  voiceMemo: 'Voice memo',
  aiVoiceMemo: 'AI voice memo',
  unsafe: 'Attachment not shown: its link is not a web address.',
  imageError: 'The image could not be loaded.',
}

/** Default, overridable strings (i18n). `{t}`/`{d}` are the current time and duration. */
export const voiceMemoPlayerStrings = {
  label: 'Voice memo',
  play: 'Play',
  pause: 'Pause',
  seek: 'Position',
  position: '{t} of {d}',
  loading: 'Loading…',
  error: 'This voice memo cannot be played.',
  open: 'Open the file',
  unsafe: 'Voice memo not shown: its link is not a web address.',
}
