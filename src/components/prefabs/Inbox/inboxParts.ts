/** The strings, the open thread and the replaceable parts of an `<Inbox>`, shared by its panels. */
import type { ComponentType } from 'react'
import type { CallLogTableProps } from '../../calling/CallLogTable/CallLogTable'
import type { ContactCardProps } from '../../contacts/ContactCard/ContactCard'
import type { ConversationProps } from '../../messaging/Conversation/Conversation'
import type { ConversationListProps } from '../../messaging/ConversationList/ConversationList'
import type { DialerProps } from '../../calling/Dialer/Dialer'
import type { GroupComposerProps } from '../../messaging/GroupComposer/GroupComposer'
import type { GroupConversationProps } from '../../messaging/GroupConversation/GroupConversation'
import type { InboundCallBannerProps } from '../../calling/InboundCallBanner/InboundCallBanner'
import type { InboundCallHistoryProps } from '../../calling/InboundCallHistory/InboundCallHistory'
import type { LinePickerProps } from '../../messaging/LinePicker/LinePicker'

/** Default, overridable strings (i18n). */
export const inboxStrings = {
  title: 'Inbox',
  threads: (title: string) => `${title} threads`,
  conversation: (title: string) => `${title} conversation`,
  side: (title: string) => `${title} contact, calls and groups`,
  callLog: (title: string) => `${title} call log`,
  back: 'Back to threads',
  pick: 'Pick a thread from the list.',
  show: 'Show',
  dialer: 'Dialer',
  contact: 'Contact',
  group: 'Group message',
  call: 'Call',
  callPerson: (who: string) => `Call ${who}`,
}
export type InboxStrings = typeof inboxStrings

/** The thread open in an {@link Inbox}. */
export interface InboxThread {
  kind: 'direct' | 'group'
  /** The other person's number (E.164), or the group's chat identifier. */
  id: string
  lineId?: string
  /** Every group participant, when the kit knows the whole set (it sent to the group). */
  participants?: string[]
}

/**
 * The parts an {@link Inbox} is made of: each is the kit's component by default and takes the
 * same props; pass your own to replace one, or `null` to leave it out.
 */
export interface InboxParts {
  LinePicker: ComponentType<LinePickerProps> | null
  InboundCallBanner: ComponentType<InboundCallBannerProps> | null
  ConversationList: ComponentType<ConversationListProps> | null
  Conversation: ComponentType<ConversationProps>
  GroupConversation: ComponentType<GroupConversationProps>
  ContactCard: ComponentType<ContactCardProps> | null
  Dialer: ComponentType<DialerProps> | null
  GroupComposer: ComponentType<GroupComposerProps> | null
  CallLogTable: ComponentType<CallLogTableProps> | null
  InboundCallHistory: ComponentType<InboundCallHistoryProps> | null
}
