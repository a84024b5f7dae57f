/**
 * The whole kit composed as an inbox: lines, threads, a conversation (reactions, typing), the
 * group composer, the dialer, the inbound-call banner and the call log. Shared by the Inbox
 * story and the playground (`npm start`), so designers and developers see the same page.
 * Threads are derived from the recent-messages list: the kit has no thread-list endpoint.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  CallLogTable,
  Conversation,
  Dialer,
  GroupComposer,
  InboundCallBanner,
  LinePicker,
  linekitKeys,
  messagesQueryOptions,
  useLinekit,
} from 'linekit'
import type { MessageRecord } from 'linekit/api'
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

interface ThreadSummary {
  phone: string
  last: MessageRecord
}

/** 1:1 threads from recent messages: the counterpart is the non-line number; group messages are skipped. */
function threadsOf(messages: readonly MessageRecord[]): ThreadSummary[] {
  const byPhone = new Map<string, ThreadSummary>()
  for (const m of messages) {
    const phone = m.direction === 'inbound' ? m.from_number : m.to_number
    if (!phone.startsWith('+')) continue // group thread (`chat…` identifier)
    const seen = byPhone.get(phone)
    if (!seen || seen.last.created_at < m.created_at) byPhone.set(phone, { phone, last: m })
  }
  return [...byPhone.values()].sort((a, b) => (a.last.created_at < b.last.created_at ? 1 : -1))
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
  onSelect: (phone: string) => void
  navRef: RefObject<HTMLElement | null>
}) {
  const { client } = useLinekit()
  // spec: GET /get-messages-api — `pb_line_id` is the only way to filter by line.
  const query = useQuery({
    ...messagesQueryOptions(client, { limit: 100, ...(lineId ? { pb_line_id: lineId } : {}) }),
    refetchInterval: 15_000,
  })
  const threads = useMemo(() => threadsOf(query.data?.data ?? []), [query.data])
  const [draft, setDraft] = useState('')
  const inputId = useId()
  const open = (event: FormEvent) => {
    event.preventDefault()
    if (draft.trim()) onSelect(draft.trim())
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
      {query.status === 'pending' && <p className="lk-InboxDemo-loading">Loading threads…</p>}
      {query.status === 'error' && (
        <p role="alert">
          Threads could not be loaded.{' '}
          <button type="button" className="lk-Button" data-variant="ghost small" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      )}
      <ul className="lk-InboxDemo-list">
        {threads.map((t) => (
          <li key={t.phone}>
            <button
              type="button"
              className="lk-InboxDemo-thread"
              aria-current={t.phone === selected ? 'true' : undefined}
              onClick={() => onSelect(t.phone)}
            >
              {t.phone}
              <br />
              <small>{t.last.content.slice(0, 40) || '(attachment)'}</small>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  )
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
  const [phone, setPhone] = useState<string | undefined>(defaultPhone)
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
      ;(nav?.querySelector<HTMLElement>('[aria-current="true"]') ?? nav?.querySelector<HTMLElement>('input'))?.focus()
    }
    moveFocus.current = null
  }, [pane])
  const openThread = (next: string) => {
    setPhone(next)
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
          <InboundCallBanner />
        </div>
        <div className="lk-InboxDemo-threadsPane">
          <ThreadList
            label={`${title} threads`}
            lineId={lineId}
            selected={phone}
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
          {phone ? (
            <Conversation
              key={`${phone}|${lineId ?? ''}`}
              phoneNumber={phone}
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
            <GroupComposer onSent={() => void queryClient.invalidateQueries({ queryKey: linekitKeys.messages.all })} />
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
