'use client'
import { useEffect, useRef, useState, type ComponentType, type HTMLAttributes, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { linekitKeys } from '../../../provider/keys'
import { CallLogTable, type CallLogTableProps } from '../../calling/CallLogTable/CallLogTable'
import { ContactCard, type ContactCardProps } from '../../contacts/ContactCard/ContactCard'
import { ConnectionStatus } from '../../messaging/ConnectionStatus/ConnectionStatus'
import { Conversation, type ConversationProps } from '../../messaging/Conversation/Conversation'
import { ConversationList, type ConversationListProps } from '../../messaging/ConversationList/ConversationList'
import { Dialer, type DialerProps } from '../../calling/Dialer/Dialer'
import { GroupComposer, type GroupComposerProps } from '../../messaging/GroupComposer/GroupComposer'
import { GroupConversation, type GroupConversationProps } from '../../messaging/GroupConversation/GroupConversation'
import { InboundCallBanner, type InboundCallBannerProps } from '../../calling/InboundCallBanner/InboundCallBanner'
import { LinePicker, type LinePickerProps } from '../../messaging/LinePicker/LinePicker'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'

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
}

const defaultParts: InboxParts = {
  LinePicker,
  InboundCallBanner,
  ConversationList,
  Conversation,
  GroupConversation,
  ContactCard,
  Dialer,
  GroupComposer,
  CallLogTable,
}

/**
 * Props of {@link Inbox}.
 *
 * State attributes on the root: `data-pane="threads" | "conversation"` (which pane a narrow
 * inbox shows), `data-theme` when `theme` is given.
 */
export interface InboxProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'title'> {
  /** Heading; also names the landmarks (`<title> threads`, …), so several inboxes on a page stay distinct. @default 'Inbox' */
  title?: string
  /** The thread open first (a narrow inbox still starts on the list, with it selected). @default none */
  defaultThread?: InboxThread | null
  /** Called when the user opens a thread. */
  onThreadChange?: (thread: InboxThread) => void
  /** The theme of the inbox: the `lk-theme-*` class on its root. @default the page's (no class) */
  theme?: 'light' | 'dark' | 'system'
  /** Replacements for its parts (see {@link InboxParts}). */
  parts?: Partial<InboxParts>
  /** Rendered under the inbox (e.g. a mock panel). */
  footer?: ReactNode
  /** String overrides. @default inboxStrings */
  strings?: StringOverrides<InboxStrings>
}

/**
 * The whole inbox in one tag: the line picker, the inbound-call banner (in the flow, so it never
 * covers a control), the thread list (1:1 and group threads, live), the open thread, the
 * contact card, the dialer and group composer, and the call log. It lays itself out by the room
 * it is given (container queries), from 320 px — one pane, threads then the conversation with
 * "Back to threads" — to wide screens with the threads, the conversation and the side panel
 * side by side. Every part is the kit's component and can be replaced (`parts`).
 *
 * @example
 * <LinekitProvider client={client} events={events} audioEngine={engine}>
 *   <Inbox theme="system" />
 * </LinekitProvider>
 */
export function Inbox({
  title: titleProp,
  defaultThread = null,
  onThreadChange,
  theme,
  parts: partsProp,
  footer,
  strings,
  className,
  ...props
}: InboxProps) {
  const texts = mergeStrings(inboxStrings, strings)
  const title = titleProp ?? texts.title
  const p = { ...defaultParts, ...partsProp }
  const [lineId, setLineId] = useState<string | null>(null)
  const [thread, setThread] = useState<InboxThread | null>(defaultThread)
  // A message the open thread shows and highlights (a search result), by its handle.
  const [found, setFound] = useState<string | null>(null)
  // On a narrow inbox the threads and the conversation share one pane; "Back to threads" returns.
  // It starts on the threads (the default thread is the one selected there), as a phone's inbox does.
  const [pane, setPane] = useState<'threads' | 'conversation'>('threads')
  const { moveFocusRef, backRef, threadsRef } = usePaneFocus(pane)
  const open = (next: InboxThread, message: string | null = null) => {
    setThread(next)
    setFound(message)
    onThreadChange?.(next)
    moveFocusRef.current = 'back'
    setPane('conversation')
  }
  const back = () => {
    moveFocusRef.current = 'thread'
    setPane('threads')
  }
  const line = lineId ?? thread?.lineId

  return (
    // No page landmarks (header/main): the host page owns those, and may show several inboxes.
    <div {...props} className={cx('lk-Inbox', theme && `lk-theme-${theme}`, className)} data-theme={theme}>
      <div className="lk-Inbox-layout" data-pane={pane}>
        <div className="lk-Inbox-head">
          <h2 className="lk-Inbox-title">{title}</h2>
          {p.LinePicker ? <p.LinePicker value={lineId} onValueChange={setLineId} /> : null}
          <ConnectionStatus className="lk-Inbox-connection" />
        </div>
        {p.InboundCallBanner ? (
          <div className="lk-Inbox-banner">
            <p.InboundCallBanner placement="inline" />
          </div>
        ) : null}
        {p.ConversationList ? (
          <nav aria-label={texts.threads(title)} className="lk-Inbox-threads" ref={threadsRef}>
            <p.ConversationList
              className="lk-Inbox-list"
              {...(lineId ? { lineIds: [lineId] } : {})}
              value={thread ? `${thread.lineId ?? ''}|${thread.id}` : null}
              onSelect={(c) =>
                open(
                  c.kind === 'group'
                    ? {
                        kind: 'group',
                        id: c.id,
                        lineId: c.lineId,
                        // Only a whole member list: the group's composer sends to exactly these.
                        ...(c.participantsKnown ? { participants: c.participants } : {}),
                      }
                    : { kind: 'direct', id: c.id, lineId: c.lineId },
                )
              }
              onMessageSelect={(hit) =>
                open({ kind: hit.kind, id: hit.id, lineId: hit.lineId }, hit.message.message_handle)
              }
            />
          </nav>
        ) : null}
        <section aria-label={texts.conversation(title)} className="lk-Inbox-main">
          <button
            type="button"
            ref={backRef}
            className="lk-Button lk-Inbox-back"
            data-variant="ghost small"
            onClick={back}
          >
            <span aria-hidden="true">←</span> {texts.back}
          </button>
          {thread?.kind === 'group' ? (
            <p.GroupConversation
              key={thread.id}
              chatId={thread.id}
              {...(thread.lineId ? { lineId: thread.lineId } : {})}
              {...(thread.participants?.length ? { participants: thread.participants } : {})}
              listProps={{ highlightKey: found }}
              className="lk-Inbox-conversation"
            />
          ) : thread ? (
            <p.Conversation
              key={`${thread.id}|${line ?? ''}`}
              phoneNumber={thread.id}
              {...(line ? { lineId: line } : {})}
              listProps={{ highlightKey: found }}
              className="lk-Inbox-conversation"
            />
          ) : (
            <p className="lk-Inbox-empty">{texts.pick}</p>
          )}
        </section>
        <SidePanel parts={p} thread={thread} title={title} strings={texts} onOpenThread={open} />
        {p.CallLogTable ? (
          <section aria-label={texts.callLog(title)} className="lk-Inbox-log">
            <p.CallLogTable pageSize={10} />
          </section>
        ) : null}
        {footer ? <div className="lk-Inbox-foot">{footer}</div> : null}
      </div>
    </div>
  )
}

/**
 * Focus follows the pane that opened: set `moveFocusRef` before switching panes. When both panes
 * show, the back button is not displayed and focus() does nothing, so focus stays on the thread
 * that was picked.
 */
function usePaneFocus(pane: 'threads' | 'conversation') {
  const moveFocusRef = useRef<'back' | 'thread' | null>(null)
  const backRef = useRef<HTMLButtonElement>(null)
  const threadsRef = useRef<HTMLElement>(null)
  useEffect(() => {
    if (moveFocusRef.current === 'back') backRef.current?.focus()
    if (moveFocusRef.current === 'thread') {
      // The list lays its rows out once its pane shows again (a frame or two later): wait for the
      // thread's row, then the search field if the list has none.
      let frames = 10
      const focusThread = () => {
        const row = threadsRef.current?.querySelector<HTMLElement>('[role="option"][tabindex="0"]')
        if (row) row.focus()
        else if (frames-- > 0) requestAnimationFrame(focusThread)
        else threadsRef.current?.querySelector<HTMLElement>('input')?.focus()
      }
      focusThread()
    }
    moveFocusRef.current = null
  }, [pane])
  return { moveFocusRef, backRef, threadsRef }
}

/** The side panel: the dialer, the open thread's contact card and the group composer, one at a time. */
function SidePanel(props: {
  parts: InboxParts
  thread: InboxThread | null
  title: string
  strings: InboxStrings
  onOpenThread: (thread: InboxThread) => void
}) {
  const { parts: p, thread, title, strings: texts } = props
  const [tab, setTab] = useState<'dialer' | 'contact' | 'group'>('dialer')
  const queryClient = useQueryClient()
  const tabs = [
    p.Dialer ? (['dialer', texts.dialer] as const) : null,
    p.ContactCard && thread?.kind === 'direct' ? (['contact', texts.contact] as const) : null,
    p.GroupComposer ? (['group', texts.group] as const) : null,
  ].filter((t) => t !== null)
  const shown = tabs.some(([id]) => id === tab) ? tab : tabs[0]?.[0]
  if (tabs.length === 0) return null
  return (
    <section aria-label={texts.side(title)} className="lk-Inbox-side">
      {tabs.length > 1 ? (
        <div role="group" aria-label={texts.show} className="lk-Inbox-tabs">
          {tabs.map(([id, label]) => (
            <button
              key={id}
              type="button"
              className="lk-Button"
              data-variant={shown === id ? 'small' : 'ghost small'}
              aria-pressed={shown === id}
              onClick={() => setTab(id)}
            >
              {label}
            </button>
          ))}
        </div>
      ) : null}
      {shown === 'dialer' && p.Dialer ? (
        <p.Dialer onCallEnd={() => void queryClient.invalidateQueries({ queryKey: linekitKeys.callLogs.all })} />
      ) : shown === 'contact' && p.ContactCard && thread ? (
        <p.ContactCard key={thread.id} phoneNumber={thread.id} />
      ) : shown === 'group' && p.GroupComposer ? (
        <p.GroupComposer
          onSent={() => void queryClient.invalidateQueries({ queryKey: linekitKeys.messages.all })}
          onOpenThread={(t) =>
            props.onOpenThread({
              kind: 'group',
              id: t.chatId,
              participants: t.participants,
              ...(t.lineId ? { lineId: t.lineId } : {}),
            })
          }
        />
      ) : null}
    </section>
  )
}
