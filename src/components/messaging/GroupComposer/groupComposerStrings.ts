/** The group composer's default strings, apart from its component: its hook and parts use them without a cycle. */

/** Default, overridable strings (i18n). */
export const groupComposerStrings = {
  label: 'New group message',
  groupName: 'Group name (optional)',
  groupNameHelp: 'Used only when this creates the group; an existing group keeps its name.',
  message: 'Message',
  attachment: 'Attachment link',
  attachmentHelp: 'One http(s) link: an image, video or contact card, or an audio voice memo.',
  attachmentKind: 'Attachment type',
  media: 'Image, video or contact card',
  audio: 'Voice memo (audio)',
  aiVoiceMemo: 'Send as an AI voice memo (spoken from the text)',
  send: 'Send to group',
  sending: 'Sending…',
  // The words of a waiting send elsewhere in the kit (MessageBubble, GroupConversation, ReactionBar).
  /** No answer from the service: the send keeps its key and goes by itself once the connection is back. */
  offline: 'Waiting for the connection…',
  /** Drops the send that waits for the connection: it is not sent; the message stays in the form. */
  cancel: 'Cancel',
  trial: 'Group messages are not available on trial accounts.',
  channelChecking: 'Checking whether every recipient is on native chat…',
  channelNative: 'This thread will use native chat: every recipient can receive it.',
  channelSms: (sms: number, total: number) =>
    `This thread will be SMS: ${sms} of ${total} recipients cannot receive native chat.`,
  channelUnknown: 'Whether this thread will be native chat or SMS could not be checked.',
  emptyError: 'Type a message or add an attachment link.',
  urlError: 'The attachment must be an http:// or https:// link.',
  aiNeedsText: 'An AI voice memo is spoken from the text: type a message.',
  recipientsError: 'A group needs 2 to 32 valid, distinct recipients.',
  recipientsTooFew: (min: number) => `Add at least ${min} recipients.`,
  recipientsTooMany: (max: number, extra: number) => `A group has at most ${max} recipients: remove ${extra}.`,
  recipientsInvalid: 'Fix or remove the numbers marked invalid.',
  recipientsChecking: 'The numbers are still being checked. Send again in a moment.',
  sent: 'Sent to the group.',
  recipientsLabel: 'Recipients',
  group: 'Group',
  created: 'New group created',
  reused: 'Existing group (its name, if any, was kept)',
  statusCreating: 'Creating the chat on the line…',
  statusActive: 'Active',
  groupStatus: 'Status',
  fromLine: 'Sent from',
  openThread: 'Open the group thread',
  conflict: (line: string) => `This group already lives on line ${line}. A group keeps the line it was created on.`,
  resendOn: (line: string) => `Resend from ${line}`,
  newMessage: 'Write another',
}
export type GroupComposerStrings = typeof groupComposerStrings
