'use client'
import { useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react'
import { CallLogTable } from '../../calling/CallLogTable/CallLogTable'
import { ContactCard } from '../../contacts/ContactCard/ContactCard'
import { ConnectionStatus } from '../../messaging/ConnectionStatus/ConnectionStatus'
import { Conversation } from '../../messaging/Conversation/Conversation'
import { ConversationList } from '../../messaging/ConversationList/ConversationList'
import { Dialer } from '../../calling/Dialer/Dialer'
import { GroupComposer } from '../../messaging/GroupComposer/GroupComposer'
import { GroupConversation } from '../../messaging/GroupConversation/GroupConversation'
import { InboundCallBanner } from '../../calling/InboundCallBanner/InboundCallBanner'
import { InboundCallHistory } from '../../calling/InboundCallHistory/InboundCallHistory'
import { LinePicker } from '../../messaging/LinePicker/LinePicker'
import { useNotifications, type UseNotificationsOptions } from '../../messaging/Notifications/useNotifications'
import { usePeople } from '../../../hooks/internal/usePeople'
import { useLinekit } from '../../../provider/useLinekit'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { SidePanel, type SideTab } from './InboxSidePanel'
import { inboxStrings, type InboxParts, type InboxStrings, type InboxThread } from './inboxParts'

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
  InboundCallHistory,
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
  /**
   * Keep the agent informed outside the page (`useNotifications`): the unread count in the
   * title and, once allowed by the button the inbox shows, a desktop notification per thread
   * while the page is hidden; clicking one opens its thread. Pass options to tune it, `false`
   * to leave it out. @default true
   */
  notifications?: boolean | Omit<UseNotificationsOptions, 'onOpenThread'>
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
  notifications = true,
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
  const [opened, setOpened] = useState(0)
  const { moveFocusRef, backRef, threadsRef, mainRef } = usePaneFocus(pane, opened)
  const open = (next: InboxThread, message: string | null = null) => {
    setThread(next)
    if (next.kind === 'direct') setDialNumber(next.id)
    setFound(message)
    onThreadChange?.(next)
    moveFocusRef.current = 'opened'
    setOpened((n) => n + 1)
    setPane('conversation')
  }
  const back = () => {
    moveFocusRef.current = 'thread'
    setPane('threads')
  }
  const line = lineId ?? thread?.lineId
  // The side panel's tab, and the Dialer's number: the open 1:1 thread's, so "Call" is one press.
  const [tab, setTab] = useState<SideTab>('dialer')
  const [dialNumber, setDialNumber] = useState(defaultThread?.kind === 'direct' ? defaultThread.id : '')
  const { inboundCalls } = useLinekit()
  const people = usePeople(line ? { lineId: line } : {})
  const callThread = () => {
    if (thread?.kind !== 'direct') return
    setTab('dialer')
    setDialNumber(thread.id)
    // The Dialer (always mounted) places it once a voice token for the line is ready.
    inboundCalls.requestCallBack({ number: thread.id, lineId: line ?? '' })
  }
  const callButton =
    thread?.kind === 'direct' && p.Dialer ? (
      <button
        type="button"
        className="lk-Button lk-Inbox-call"
        data-variant="small"
        aria-label={texts.callPerson(people.label(thread.id))}
        onClick={callThread}
      >
        {texts.call}
      </button>
    ) : null

  return (
    // No page landmarks (header/main): the host page owns those, and may show several inboxes.
    <div {...props} className={cx('lk-Inbox', theme && `lk-theme-${theme}`, className)} data-theme={theme}>
      <div className="lk-Inbox-layout" data-pane={pane}>
        <div className="lk-Inbox-head">
          <h2 className="lk-Inbox-title">{title}</h2>
          {/* The calls' own slot in the head, of a fixed height whether a call rings or not: a
              ringing, answered or declined call pushes and covers nothing the agent is reading. */}
          {p.InboundCallBanner ? (
            <div className="lk-Inbox-banner">
              <p.InboundCallBanner placement="inline" />
            </div>
          ) : null}
          {p.LinePicker ? <p.LinePicker value={lineId} onValueChange={setLineId} /> : null}
          {notifications ? (
            <InboxNotifications
              options={notifications === true ? {} : notifications}
              onOpenThread={(t) => open({ kind: 'direct', id: t.id, ...(t.lineId ? { lineId: t.lineId } : {}) })}
            />
          ) : null}
          <ConnectionStatus className="lk-Inbox-connection" />
        </div>
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
        <section aria-label={texts.conversation(title)} className="lk-Inbox-main" ref={mainRef}>
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
              headerActions={callButton}
              className="lk-Inbox-conversation"
            />
          ) : (
            <p className="lk-Inbox-empty">{texts.pick}</p>
          )}
        </section>
        <SidePanel
          parts={p}
          thread={thread}
          title={title}
          strings={texts}
          onOpenThread={open}
          tab={tab}
          onTab={setTab}
          dialNumber={dialNumber}
          onDialNumber={setDialNumber}
          callButton={callButton}
        />
        {p.CallLogTable ? (
          // The calls the agent received (answered, missed, declined) beside the ones placed.
          <section aria-label={texts.callLog(title)} className="lk-Inbox-log">
            {p.InboundCallHistory ? <p.InboundCallHistory /> : null}
            <p.CallLogTable pageSize={10} />
          </section>
        ) : null}
        {footer ? <div className="lk-Inbox-foot">{footer}</div> : null}
      </div>
    </div>
  )
}

/**
 * Focus follows what opened: set `moveFocusRef` before switching. A thread opened beside the list
 * puts focus in its message box, where the agent writes next; one that replaced the list (a
 * narrow inbox) on "Back to threads", the first thing of the new pane, from which the box is a
 * Tab away. Returning to the list focuses the thread that was open.
 */
function usePaneFocus(pane: 'threads' | 'conversation', opened: number) {
  const moveFocusRef = useRef<'opened' | 'thread' | null>(null)
  const backRef = useRef<HTMLButtonElement>(null)
  const threadsRef = useRef<HTMLElement>(null)
  const mainRef = useRef<HTMLElement>(null)
  useEffect(() => {
    const move = moveFocusRef.current
    moveFocusRef.current = null
    // The new pane lays itself out a frame or two later: wait for what takes focus.
    let frames = 10
    let frame = 0
    const retry = (step: () => void) => {
      if (frames-- > 0) frame = requestAnimationFrame(step)
    }
    const focusBox = () => {
      const back = backRef.current
      if (back && back.getClientRects().length > 0) return back.focus()
      const box = mainRef.current?.querySelector<HTMLElement>('textarea')
      if (box) box.focus()
      else retry(focusBox)
    }
    const focusThread = () => {
      const row = threadsRef.current?.querySelector<HTMLElement>('[role="option"][tabindex="0"]')
      if (row) row.focus()
      else if (frames > 0) retry(focusThread)
      else threadsRef.current?.querySelector<HTMLElement>('input')?.focus()
    }
    if (move === 'opened') focusBox()
    if (move === 'thread') focusThread()
    return () => cancelAnimationFrame(frame)
  }, [pane, opened])
  return { moveFocusRef, backRef, threadsRef, mainRef }
}

/** The notifications of the inbox, and the button that allows desktop ones (hidden once answered). */
function InboxNotifications(props: {
  options: Omit<UseNotificationsOptions, 'onOpenThread'>
  onOpenThread: NonNullable<UseNotificationsOptions['onOpenThread']>
}) {
  const notify = useNotifications({ ...props.options, onOpenThread: props.onOpenThread })
  return <button {...notify.permissionButtonProps} className="lk-Button lk-Inbox-notify" data-variant="ghost small" />
}
