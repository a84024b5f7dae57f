'use client'
import { useMemo, useRef, useState, type HTMLAttributes, type ReactNode } from 'react'
import { isGroupMessage } from '../../../hooks/internal/group'
import { phoneKey } from '../../../provider/phoneKey'
import { useReadPosition } from '../../shared/useReadPosition'
import { useRetryCountdown } from '../../../hooks/internal/useRetryCountdown'
import { useAvailability } from '../../../hooks/useAvailability'
import { usePeople } from '../../../hooks/internal/usePeople'
import { useThread } from '../../../hooks/useThread'
import { AvailabilityBadge, type AvailabilityBadgeStrings } from '../AvailabilityBadge/AvailabilityBadge'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import type { LinekitErrorStrings } from '../../shared/errorMessages'
import type { DateOptions } from '../../shared/time'
import type { ThreadItem } from '../../shared/types'
import { MessageComposer, type MessageComposerProps } from '../MessageComposer/MessageComposer'
import { MessageList, type MessageListProps } from '../MessageList/MessageList'
import { CopyButton } from '../../shared/CopyButton'
import { ReactionMenu } from './ReactionMenu'
import type { ReactionBarStrings } from '../ReactionBar/ReactionBar'
import { threadState } from '../../shared/threadState'

/** Default, overridable strings (i18n). */
export const conversationStrings = {
  label: (phone: string) => `Conversation with ${phone}`,
  react: 'Add a reaction',
  closeReactions: 'Close reactions',
  copy: 'Copy',
  copyMessage: 'Copy message text',
  copyNumber: 'Copy number',
  copied: 'Copied',
}
export type ConversationStrings = typeof conversationStrings

/**
 * Props of {@link Conversation}.
 *
 * State attributes on the root:
 * - `data-state="loading" | "error" | "empty" | "ready"` (the thread)
 * - `data-service="nativechat" | "SMS"` once the destination's channel is known
 */
export interface ConversationProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The other person's number (E.164). */
  phoneNumber: string
  /** Restrict the thread to one of your lines and send from it; otherwise every line, and a line picker. */
  lineId?: string
  /** Heading text. @default the phone number */
  title?: string
  /** Show the header (title and channel). @default true */
  showHeader?: boolean
  /** Controls placed in the header beside the channel, e.g. a button that calls this person. @default none */
  headerActions?: ReactNode
  /** Offer tapbacks on inbound native-chat messages. @default true */
  reactions?: boolean
  /** Locale and time zone for days and times. */
  dateOptions?: DateOptions
  /** "Now" for Today/Yesterday labels (stories, tests). */
  now?: Date
  /** Virtualizer tuning (`estimateSize`, `overscan`) and list strings. */
  listProps?: Pick<MessageListProps, 'estimateSize' | 'overscan' | 'pinThreshold' | 'highlightKey' | 'strings'>
  /** Composer options and strings. */
  composerProps?: Pick<
    MessageComposerProps,
    'showLinePicker' | 'showTypingIndicator' | 'defaultOptionsOpen' | 'strings' | 'onSent'
  >
  /** String overrides. */
  strings?: StringOverrides<ConversationStrings> & {
    availability?: StringOverrides<AvailabilityBadgeStrings>
    reactions?: StringOverrides<ReactionBarStrings>
  }
  /** Overrides of error sentences, shared by all parts. */
  errorStrings?: Partial<LinekitErrorStrings>
}

/**
 * The drop-in 1:1 thread: a virtualized history (10,000 messages stay smooth) that follows new
 * messages unless the user scrolled up, keeps its place when older pages load, groups by day,
 * shows channel, direction and delivery status, pending/failed sends with retry, attachments and
 * voice memos; and a composer that respects the service's rules (effects on native chat only,
 * no line override on trial, Enter to send). Built from `useThread`, `useSendMessage`,
 * `useAvailability`, `useTypingIndicator` and `useSendReaction`; themed by `--lk-*` variables.
 *
 * @example
 * <LinekitProvider client={createLinekitClient({ baseUrl: '/api/linekit' })}>
 *   <Conversation phoneNumber="+14155550100" />
 * </LinekitProvider>
 */
export function Conversation({
  phoneNumber,
  lineId,
  title,
  showHeader = true,
  headerActions,
  reactions = true,
  dateOptions,
  now,
  listProps,
  composerProps,
  strings,
  errorStrings,
  className,
  ...props
}: ConversationProps) {
  const texts = mergeStrings(conversationStrings, strings)
  const thread = useThread({ phoneNumber, ...(lineId !== undefined ? { lineId } : {}) })
  // Retry and Discard remove their own buttons: focus moves to the message box, not the page.
  const rootRef = useRef<HTMLElement>(null)
  const items = useMemo(() => {
    const focusComposer = () =>
      rootRef.current?.querySelector<HTMLElement>('.lk-Conversation-composer textarea')?.focus()
    return thread.items.map((it) =>
      it.kind === 'optimistic'
        ? {
            ...it,
            retry: () => {
              it.retry()
              focusComposer()
            },
            discard: () => {
              it.discard()
              focusComposer()
            },
          }
        : it,
    )
  }, [thread.items])
  const availability = useAvailability(phoneNumber)
  const rateLimitedFor = useRetryCountdown(thread.status === 'pending' ? thread.failureReason : null)
  const nativeChat = availability.data?.available
  const [reactingTo, setReactingTo] = useState<string | null>(null)
  const state = threadState(thread)
  const people = usePeople({ lineId })
  const read = useReadPosition(thread.items, phoneKey(phoneNumber))
  const name = title ?? people.nameOf(phoneNumber)
  const number = people.number(phoneNumber)

  // spec: POST /send-reaction — inbound native-chat messages only; elsewhere nothing is offered.
  // It takes a handle from the list (spec: message_handle starts with `pbm_`): a message known
  // only from its webhook, not yet listed, has none until the server lists it.
  const reactable = (item: ThreadItem): item is ThreadItem & { kind: 'message' } =>
    reactions &&
    item.kind === 'message' &&
    item.message.direction === 'inbound' &&
    item.message.service === 'nativechat' &&
    item.message.message_handle.startsWith('pbm_') &&
    !isGroupMessage(item.message)
  // Every message with text can be copied; failed sends keep their Retry and Discard (on the bubble).
  const renderActions = (item: ThreadItem) => {
    const text = item.kind === 'message' ? item.message.content : item.body.message
    return (
      <>
        {text ? <CopyButton text={text} label={texts.copyMessage} short={texts.copy} copied={texts.copied} /> : null}
        {reactable(item) ? (
          <ReactionMenu
            message={item.message}
            open={reactingTo === item.message.message_handle}
            onOpenChange={(open) => setReactingTo(open ? item.message.message_handle : null)}
            strings={{ open: texts.react, close: texts.closeReactions }}
            barStrings={strings?.reactions}
            errorStrings={errorStrings}
          />
        ) : null}
      </>
    )
  }

  return (
    <section
      ref={rootRef}
      aria-label={texts.label(name ?? number)}
      {...props}
      className={cx('lk-Conversation', className)}
      data-state={state}
      data-service={nativeChat === undefined ? undefined : nativeChat ? 'nativechat' : 'SMS'}
    >
      {showHeader ? (
        <header className="lk-Conversation-header">
          <span className="lk-Conversation-heading">
            {/* Isolated from the text around it (a name may carry direction marks), cut when too
                long for the header, and whole in its tooltip. */}
            <bdi className="lk-Conversation-title" title={name ?? number}>
              {name ?? number}
            </bdi>
            {name !== undefined ? <span className="lk-Conversation-number">{number}</span> : null}
            <CopyButton text={phoneNumber} label={texts.copyNumber} short={texts.copy} copied={texts.copied} />
          </span>
          {headerActions ? <span className="lk-Conversation-actions">{headerActions}</span> : null}
          <AvailabilityBadge phoneNumber={phoneNumber} strings={strings?.availability} />
        </header>
      ) : null}
      <MessageList
        key={`${phoneNumber}|${lineId ?? ''}`}
        className="lk-Conversation-list"
        items={items}
        status={thread.status}
        error={thread.error}
        onRetry={thread.refetch}
        rateLimitedFor={rateLimitedFor}
        hasOlder={thread.hasOlder}
        isFetchingOlder={thread.isFetchingOlder}
        onLoadOlder={thread.fetchOlder}
        renderActions={renderActions}
        firstUnreadKey={read.firstUnreadKey}
        onSeenLatest={read.markSeen}
        onLongPressItem={(item) => {
          if (reactable(item)) setReactingTo(item.message.message_handle)
        }}
        {...(dateOptions ? { dateOptions } : {})}
        {...(now ? { now } : {})}
        {...listProps}
        errorStrings={errorStrings}
      />
      <MessageComposer
        className="lk-Conversation-composer"
        phoneNumber={phoneNumber}
        {...(lineId !== undefined ? { lineId } : {})}
        nativeChat={nativeChat}
        hasConversation={thread.items.some((it) => it.kind === 'message')}
        {...composerProps}
        errorStrings={errorStrings}
      />
    </section>
  )
}
