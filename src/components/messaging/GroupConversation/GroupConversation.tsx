'use client'
import { useEffect, useId, useState, type HTMLAttributes } from 'react'
import { useSecondsUntil } from '../../../hooks/internal/useSecondsUntil'
import { draftKey, useDraft } from '../../../hooks/internal/drafts'
import { usePeople } from '../../../hooks/internal/usePeople'
import { useRestoredSends } from '../../../hooks/internal/useRestoredSends'
import { useGroupThread } from '../../../hooks/useGroupThread'
import { useSendGroupMessage } from '../../../hooks/useSendGroupMessage'
import { groupLane } from '../../../provider/sendLanes'
import { cx } from '../../shared/cx'
import { describeLinekitError, type LinekitErrorStrings } from '../../shared/errorMessages'
import { groupErrorRule, type GroupErrorStrings } from '../../shared/errorMessages'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import type { DateOptions } from '../../shared/time'
import type { ThreadItem } from '../../shared/types'
import { ComposerForm } from '../../shared/ComposerForm'
import { MessageList, type MessageListProps } from '../MessageList/MessageList'
import { messageBubbleStrings } from '../MessageBubble/MessageBubble'
import { threadState } from '../../shared/threadState'
import { CopyButton } from '../../shared/CopyButton'
import { useReadPosition } from '../../shared/useReadPosition'

/** Default, overridable strings (i18n). */
export const groupConversationStrings = {
  label: (title: string) => `Group conversation: ${title}`,
  participants: (names: string) => `With ${names}`,
  /** Members not all known (the contract lists none): only who replied is named. */
  withOthers: (names: string) => `${names} and others`,
  unnamed: 'Group conversation',
  unknownParticipants:
    'Only the people who replied are known here. Send a group message from this app to reply to the whole group.',
  message: 'Message',
  messageHelp: 'Enter sends to everyone in the group, Shift+Enter starts a new line.',
  send: 'Send',
  sending: 'Sending…',
  /** A 429: the app's share of the service is used up; the send goes again after its `Retry-After`. */
  waitingForService: messageBubbleStrings.waitingForService,
  /** The last attempt failed (server fault, timeout, no network); the send tries again by itself. */
  retrying: messageBubbleStrings.retrying,
  /** No answer from the service: the send goes by itself once the connection is back. */
  offline: messageBubbleStrings.offline,
  /** Drops the send that waits for the connection; its text stays in the box. */
  cancel: messageBubbleStrings.cancel,
  emptyError: 'Type a message.',
  sent: 'Sent. It appears here once the service lists it.',
  copy: 'Copy',
  copyMessage: 'Copy message text',
  copied: 'Copied',
}
export type GroupConversationStrings = typeof groupConversationStrings

/**
 * Props of {@link GroupConversation}.
 *
 * State attributes on the root: `data-state="loading" | "error" | "empty" | "ready"`,
 * `data-participants="known" | "partial"`.
 */
export interface GroupConversationProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The group's chat identifier (`to_number` of its messages, begins `chat`). */
  chatId: string
  /** The participants (E.164). @default those the kit sent to, else those who replied */
  participants?: string[]
  /** The line the group lives on (`ConversationSummary.lineId`); needed when the user has several lines and the kit did not send to the group. @default the line the kit saw it on */
  lineId?: string
  /** Heading. @default the group's name, else its participants' names */
  title?: string
  /** Locale and time zone for days and times. */
  dateOptions?: DateOptions
  /** "Now" for Today/Yesterday labels (stories, tests). */
  now?: Date
  /** Virtualizer tuning and list strings. */
  listProps?: Pick<MessageListProps, 'estimateSize' | 'overscan' | 'pinThreshold' | 'highlightKey' | 'strings'>
  /** String overrides. @default groupConversationStrings */
  strings?: StringOverrides<GroupConversationStrings>
  /** Overrides of error sentences. */
  errorStrings?: Partial<LinekitErrorStrings & GroupErrorStrings>
}

/**
 * One group thread: the messages sent to the group and each participant's replies, attributed to
 * the sender (contact name, else number), with a composer that sends to the same participant set
 * so the service reuses the thread (spec: POST /send-group-message — same participant set, same
 * thread; `lineId` must be the group's line). Built on {@link useGroupThread}.
 *
 * @example
 * <GroupConversation chatId="chat000000000000001" participants={['+14155550124', '+14155550146']} />
 */
export function GroupConversation({
  chatId,
  participants: participantsProp,
  lineId: lineIdProp,
  title,
  dateOptions,
  now,
  listProps,
  strings,
  errorStrings,
  className,
  ...props
}: GroupConversationProps) {
  const texts = mergeStrings(groupConversationStrings, strings)
  const ids = useId()
  const thread = useGroupThread({ chatId, ...(lineIdProp !== undefined ? { lineId: lineIdProp } : {}) })
  const people = usePeople(lineIdProp !== undefined ? { lineId: lineIdProp } : {})
  const send = useSendGroupMessage()
  const [text, setText] = useDraft(draftKey(chatId))
  const [invalid, setInvalid] = useState<string | null>(null)
  const [justSent, setJustSent] = useState(false)
  const participants = participantsProp ?? thread.participants
  // Sends of this group kept before a reload: they go by themselves, and show here as this page's would.
  const group = groupLane(participants, undefined)
  const restored = useRestoredSends((r) => r.kind === 'group' && groupLane(r.body.numbers, undefined) === group)
  const restoredPending = restored.sends.find((r) => r.state === 'pending')
  const restoredFailed = restored.sends.find((r) => r.state === 'failed')
  const pending = send.isPending || restoredPending !== undefined
  const ownWait = send.isPending ? send.wait : restoredPending?.wait
  const wait = ownWait && 'until' in ownWait ? ownWait : undefined
  const waitSeconds = useSecondsUntil(wait?.until) ?? 0
  const { sends: restoredSends, cancel: cancelRestored } = restored
  useEffect(() => {
    for (const r of restoredSends) {
      if (r.state !== 'sent' || r.kind !== 'group') continue
      // Accepted: its text leaves the box, as a send of this page's does (unless the agent changed it).
      if (text === r.body.message) setText('')
      cancelRestored(r.key)
    }
  }, [restoredSends, cancelRestored, text, setText])
  const complete = participantsProp !== undefined || thread.participantsKnown
  const listed = participants.length > 0 ? people.list(participants) : ''
  const names = complete || listed === '' ? listed : texts.withOthers(listed)
  const heading = title || thread.name || names || texts.unnamed
  const lineId = lineIdProp ?? thread.lineId
  const state = threadState(thread)
  const read = useReadPosition(thread.items, chatId.trim())

  const senderOf = (item: ThreadItem) =>
    item.kind === 'message' && item.message.direction === 'inbound' ? people.label(item.message.from_number) : undefined

  const submit = () => {
    if (pending) return
    const message = text.trim()
    if (message === '') return setInvalid(texts.emptyError)
    setInvalid(null)
    setJustSent(false)
    // A refusal of a send restored after the reload was said; this send is the agent's answer to it.
    if (restoredFailed) cancelRestored(restoredFailed.key)
    send.mutate(
      { numbers: participants, message: text, ...(lineId !== undefined ? { lineId } : {}) },
      {
        onSuccess: () => {
          setText('')
          setJustSent(true)
        },
      },
    )
  }

  return (
    <section
      aria-label={texts.label(heading)}
      {...props}
      className={cx('lk-Conversation lk-GroupConversation', className)}
      data-state={state}
      data-participants={complete ? 'known' : 'partial'}
    >
      <header className="lk-Conversation-header">
        <bdi className="lk-Conversation-title" title={heading}>
          {heading}
        </bdi>
        {heading !== names && names ? (
          <span className="lk-GroupConversation-members">{texts.participants(names)}</span>
        ) : null}
      </header>
      <MessageList
        key={chatId}
        className="lk-Conversation-list"
        items={thread.items}
        status={thread.status}
        error={thread.error}
        onRetry={thread.refetch}
        hasOlder={thread.hasOlder}
        isFetchingOlder={thread.isFetchingOlder}
        onLoadOlder={thread.fetchOlder}
        senderOf={senderOf}
        renderActions={(item) => {
          const text = item.kind === 'message' ? item.message.content : item.body.message
          return text ? (
            <CopyButton text={text} label={texts.copyMessage} short={texts.copy} copied={texts.copied} />
          ) : null
        }}
        firstUnreadKey={read.firstUnreadKey}
        onSeenLatest={read.markSeen}
        {...(dateOptions ? { dateOptions } : {})}
        {...(now ? { now } : {})}
        {...listProps}
        errorStrings={errorStrings}
      />
      <ComposerForm
        className="lk-MessageComposer lk-Conversation-composer"
        aria-label={texts.message}
        onSend={submit}
        row={{
          ids,
          strings: {
            options: '',
            message: texts.message,
            messageHelp: texts.messageHelp,
            send: texts.send,
            sending: texts.sending,
          },
          text,
          onText: setText,
          textInvalid: invalid !== null,
          disabled: !complete,
          sending: pending,
        }}
        footer={
          <>
            {wait ? (
              <p className="lk-Notice lk-MessageComposer-wait" data-wait={wait.reason}>
                {wait.reason === 'rateLimited'
                  ? texts.waitingForService(waitSeconds)
                  : wait.reason === 'offline'
                    ? texts.offline
                    : texts.retrying(waitSeconds)}
                {/* Never stored while it waits for the connection: the agent may take it back. */}
                {wait.reason === 'offline' ? (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="lk-Button"
                      data-variant="small ghost"
                      onClick={
                        send.isPending ? send.cancel : () => restoredPending && cancelRestored(restoredPending.key)
                      }
                    >
                      {texts.cancel}
                    </button>
                  </>
                ) : null}
              </p>
            ) : null}
            <div role="alert" className="lk-MessageComposer-alert">
              {invalid ? (
                <p className="lk-Notice" data-tone="danger">
                  {invalid}
                </p>
              ) : send.error && !send.isPending ? (
                <p className="lk-Notice" data-tone="danger">
                  {describeLinekitError(send.error, groupErrorRule(errorStrings), errorStrings)}
                </p>
              ) : restoredFailed && !pending ? (
                <p className="lk-Notice" data-tone="danger">
                  {describeLinekitError(restoredFailed.error, groupErrorRule(errorStrings), errorStrings)}
                </p>
              ) : null}
            </div>
            {justSent ? (
              <p className="lk-sr-only" role="status">
                {texts.sent}
              </p>
            ) : null}
          </>
        }
      >
        {complete ? null : (
          <p className="lk-Notice" data-tone="warning">
            {texts.unknownParticipants}
          </p>
        )}
      </ComposerForm>
    </section>
  )
}
