/**
 * The whole kit composed as an inbox: lines, threads, a conversation (reactions, typing), the
 * group composer, the dialer, the inbound-call banner and the call log. Shared by the Inbox
 * story and the playground (`npm start`), so designers and developers see the same page.
 * The thread list is the kit's `<ConversationList>` (1:1 and group threads, live over SSE).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import {
  CallLogTable,
  Conversation,
  ConversationList,
  Dialer,
  GroupComposer,
  GroupConversation,
  InboundCallBanner,
  LinePicker,
  linekitKeys,
} from 'linekit'
import './InboxDemo.css'

/** Props of {@link InboxDemo}. */
export interface InboxDemoProps {
  /** Thread opened first. */
  defaultPhone?: string
  /** Rendered under the page (e.g. the MockPanel). */
  footer?: ReactNode
  /**
   * Heading; also names the landmarks (`<title> threads`, `<title> conversation`, …) so that
   * several inboxes on one page (a docs page) stay distinguishable. @default 'Inbox'
   */
  title?: string
}

function ThreadList({
  label,
  lineId,
  selected,
  onSelect,
  navRef,
}: {
  label: string
  lineId: string | undefined
  selected: string | undefined
  onSelect: (thread: OpenThread) => void
  navRef: RefObject<HTMLElement | null>
}) {
  const [draft, setDraft] = useState('')
  const inputId = useId()
  const open = (event: FormEvent) => {
    event.preventDefault()
    if (draft.trim()) onSelect({ kind: 'direct', id: draft.trim() })
    setDraft('')
  }
  return (
    <nav aria-label={label} className="lk-InboxDemo-threads" ref={navRef}>
      <form onSubmit={open} className="lk-InboxDemo-open">
        <label htmlFor={inputId} style={visuallyHidden}>
          Open a conversation with
        </label>
        <input
          id={inputId}
          placeholder="+1 415 555 0124"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          className="lk-InboxDemo-input"
        />
        <button type="submit" className="lk-Button" data-variant="small">
          Open
        </button>
      </form>
      <ConversationList
        className="lk-InboxDemo-list"
        {...(lineId ? { lineIds: [lineId] } : {})}
        value={selected ?? null}
        onSelect={(c) =>
          onSelect(
            c.kind === 'group'
              ? { kind: 'group', id: c.id, lineId: c.lineId, participants: c.participants, key: c.key }
              : { kind: 'direct', id: c.id, lineId: c.lineId, key: c.key },
          )
        }
      />
    </nav>
  )
}

/** The thread open in the main pane. */
interface OpenThread {
  kind: 'direct' | 'group'
  /** Phone number, or the group's chat identifier. */
  id: string
  lineId?: string
  participants?: string[]
  /** The conversation list's key. */
  key?: string
}

/**
 * The inbox page.
 *
 * @example
 * ```tsx
 * <LinekitProvider client={client} events={events} audioEngine={engine}><InboxDemo /></LinekitProvider>
 * ```
 */
export function InboxDemo({ defaultPhone, footer, title = 'Inbox' }: InboxDemoProps) {
  const [lineId, setLineId] = useState<string | undefined>(undefined)
  const [thread, setThread] = useState<OpenThread | undefined>(
    defaultPhone ? { kind: 'direct', id: defaultPhone } : undefined,
  )
  const [tab, setTab] = useState<'dialer' | 'group'>('dialer')
  // On a narrow container (InboxDemo.css) the threads and the conversation share one pane:
  // `pane` says which one shows; "Back to threads" returns. Wide containers show both.
  const [pane, setPane] = useState<'threads' | 'conversation'>('threads')
  const moveFocus = useRef<'back' | 'thread' | null>(null)
  const backRef = useRef<HTMLButtonElement>(null)
  const navRef = useRef<HTMLElement>(null)
  const queryClient = useQueryClient()
  useEffect(() => {
    // Focus follows the pane that opened; when both panes show, the back button is not
    // displayed and focus() does nothing, so focus stays on the thread that was picked.
    if (moveFocus.current === 'back') backRef.current?.focus()
    if (moveFocus.current === 'thread') {
      const nav = navRef.current
      ;(nav?.querySelector<HTMLElement>('[aria-selected="true"]') ?? nav?.querySelector<HTMLElement>('input'))?.focus()
    }
    moveFocus.current = null
  }, [pane])
  const openThread = (next: OpenThread) => {
    setThread(next)
    moveFocus.current = 'back'
    setPane('conversation')
  }
  const backToThreads = () => {
    moveFocus.current = 'thread'
    setPane('threads')
  }
  return (
    // No page-level landmarks (header/main): the host page owns those; the inbox can be
    // embedded, or shown three times on a docs page.
    <div className="lk-InboxDemo">
      <div className="lk-InboxDemo-layout" data-pane={pane}>
        <div className="lk-InboxDemo-head">
          <h2>{title}</h2>
          <LinePicker value={lineId ?? null} onValueChange={(next) => setLineId(next ?? undefined)} />
        </div>
        <div className="lk-InboxDemo-banner">
          <InboundCallBanner placement="inline" />
        </div>
        <div className="lk-InboxDemo-threadsPane">
          <ThreadList
            label={`${title} threads`}
            lineId={lineId}
            selected={thread?.key}
            onSelect={openThread}
            navRef={navRef}
          />
        </div>
        <section aria-label={`${title} conversation`} className="lk-InboxDemo-main">
          <button
            type="button"
            ref={backRef}
            className="lk-Button lk-InboxDemo-back"
            data-variant="ghost small"
            onClick={backToThreads}
          >
            <span aria-hidden="true">←</span> Back to threads
          </button>
          {thread?.kind === 'group' ? (
            <GroupConversation
              key={thread.id}
              chatId={thread.id}
              {...(thread.lineId ? { lineId: thread.lineId } : {})}
              {...(thread.participants?.length ? { participants: thread.participants } : {})}
              className="lk-InboxDemo-conversation"
            />
          ) : thread ? (
            <Conversation
              key={`${thread.id}|${lineId ?? ''}`}
              phoneNumber={thread.id}
              {...(lineId ? { lineId } : {})}
              className="lk-InboxDemo-conversation"
            />
          ) : (
            <p>Pick a thread or open a conversation.</p>
          )}
        </section>
        <section aria-label={`${title} calls and groups`} className="lk-InboxDemo-side">
          <div role="group" aria-label="Show" className="lk-InboxDemo-tabs">
            <button
              type="button"
              className="lk-Button"
              data-variant={tab === 'dialer' ? 'small' : 'ghost small'}
              aria-pressed={tab === 'dialer'}
              onClick={() => setTab('dialer')}
            >
              Dialer
            </button>
            <button
              type="button"
              className="lk-Button"
              data-variant={tab === 'group' ? 'small' : 'ghost small'}
              aria-pressed={tab === 'group'}
              onClick={() => setTab('group')}
            >
              Group message
            </button>
          </div>
          {tab === 'dialer' ? (
            <Dialer onCallEnd={() => void queryClient.invalidateQueries({ queryKey: linekitKeys.callLogs.all })} />
          ) : (
            <GroupComposer
              onSent={() => void queryClient.invalidateQueries({ queryKey: linekitKeys.messages.all })}
              onOpenThread={(t) =>
                openThread({
                  kind: 'group',
                  id: t.chatId,
                  participants: t.participants,
                  ...(t.lineId ? { lineId: t.lineId, key: `${t.lineId}|${t.chatId}` } : {}),
                })
              }
            />
          )}
        </section>
        <section aria-label={`${title} call log`} className="lk-InboxDemo-log">
          <CallLogTable pageSize={10} />
        </section>
        {footer && <div className="lk-InboxDemo-foot">{footer}</div>}
      </div>
    </div>
  )
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const
