/**
 * The whole kit composed as an inbox: lines, threads, a conversation (reactions, typing), the
 * group composer, the dialer, the inbound-call banner and the call log. Shared by the Inbox
 * story and the playground (`npm start`), so designers and developers see the same page.
 * Threads are derived from the recent-messages list: the kit has no thread-list endpoint.
 */
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react'
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
}: {
  label: string
  lineId: string | undefined
  selected: string | undefined
  onSelect: (phone: string) => void
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
    <nav aria-label={label} className="lk-InboxDemo-threads">
      <form onSubmit={open} style={{ display: 'flex', gap: 4, marginBottom: 8 }}>
        <label htmlFor={inputId} style={visuallyHidden}>
          Open a conversation with
        </label>
        <input
          id={inputId}
          placeholder="+1 415 555 0124"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          style={inputStyle}
        />
        <button type="submit" className="lk-Button" data-variant="small">
          Open
        </button>
      </form>
      {query.status === 'pending' && <p>Loading threads…</p>}
      {query.status === 'error' && (
        <p role="alert">
          Threads could not be loaded.{' '}
          <button type="button" className="lk-Button" data-variant="ghost small" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      )}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
        {threads.map((t) => (
          <li key={t.phone}>
            <button
              type="button"
              aria-current={t.phone === selected ? 'true' : undefined}
              onClick={() => onSelect(t.phone)}
              style={{ ...threadStyle, ...(t.phone === selected ? threadSelectedStyle : {}) }}
            >
              {t.phone}
              <br />
              <small style={{ color: 'var(--lk-color-text-muted)' }}>
                {t.last.content.slice(0, 40) || '(attachment)'}
              </small>
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
  const queryClient = useQueryClient()
  return (
    // No page-level landmarks (header/main): the host page owns those; the inbox can be
    // embedded, or shown three times on a docs page.
    <div className="lk-InboxDemo" style={pageStyle}>
      <div style={{ gridArea: 'head', display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center' }}>
        <h2 style={{ margin: 0, fontSize: '1.25rem' }}>{title}</h2>
        <LinePicker value={lineId ?? null} onValueChange={(next) => setLineId(next ?? undefined)} />
      </div>
      <div style={{ gridArea: 'banner' }}>
        <InboundCallBanner />
      </div>
      <div style={{ gridArea: 'threads' }}>
        <ThreadList label={`${title} threads`} lineId={lineId} selected={phone} onSelect={setPhone} />
      </div>
      <section aria-label={`${title} conversation`} style={{ gridArea: 'main', minWidth: 0 }}>
        {phone ? (
          <Conversation
            key={`${phone}|${lineId ?? ''}`}
            phoneNumber={phone}
            {...(lineId ? { lineId } : {})}
            style={{ height: 480 }}
          />
        ) : (
          <p>Pick a thread or open a conversation.</p>
        )}
      </section>
      <section aria-label={`${title} calls and groups`} style={{ gridArea: 'side', minWidth: 0 }}>
        <div role="group" aria-label="Show" style={{ display: 'flex', gap: 4, marginBottom: 8 }}>
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
      <section aria-label={`${title} call log`} style={{ gridArea: 'log', minWidth: 0 }}>
        <CallLogTable pageSize={10} />
      </section>
      {footer && <div style={{ gridArea: 'foot' }}>{footer}</div>}
    </div>
  )
}

const pageStyle = {
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'minmax(180px, 1fr) minmax(320px, 2.5fr) minmax(260px, 1.5fr)',
  gridTemplateAreas: `"head head head" "banner banner banner" "threads main side" "log log log" "foot foot foot"`,
  fontFamily: 'var(--lk-font-family, system-ui)',
  fontSize: 'var(--lk-font-size, 14px)',
  color: 'var(--lk-color-text, inherit)',
  background: 'var(--lk-color-background, transparent)',
  padding: 16,
} as const

const inputStyle = {
  minWidth: 0,
  flex: 1,
  font: 'inherit',
  color: 'var(--lk-color-text)',
  background: 'var(--lk-color-surface)',
  border: '1px solid var(--lk-color-border)',
  borderRadius: 'var(--lk-radius-small)',
  padding: '4px 8px',
} as const

const threadStyle = {
  width: '100%',
  textAlign: 'start',
  font: 'inherit',
  padding: '6px 8px',
  cursor: 'pointer',
  color: 'var(--lk-color-text)',
  background: 'var(--lk-color-surface-raised)',
  border: '1px solid var(--lk-color-border)',
  borderRadius: 'var(--lk-radius-small)',
} as const
const threadSelectedStyle = {
  fontWeight: 700,
  borderColor: 'var(--lk-color-accent)',
  boxShadow: 'inset 3px 0 0 var(--lk-color-accent)',
} as const

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const
