/**
 * A small panel that drives the mock service the way only the outside world can: an inbound
 * message, an inbound call (then answered elsewhere or ended), the mock clock, and faults.
 * In stories it finds the story backend by itself; the playground passes a driver over HTTP.
 */
import { useId, useState, type FormEvent } from 'react'
import { useOptionalStoryBackend } from './LinekitStory'
import type { CallEndStatus, MockDriver, MockLine } from './mockDriver'
import { storyNumbers } from './setups'

/** Props of {@link MockPanel}. */
export interface MockPanelProps {
  /** The control API (default: the story backend's). */
  driver?: MockDriver
  /** Lines of the account (default: the story backend's). Calls ring on the first audio line with an inbound number. */
  lines?: MockLine[]
  /** Default sender of inbound messages and calls. @default storyNumbers.chat */
  defaultFrom?: string
  /** Heading text. @default 'Mock service' */
  title?: string
}

const endStatuses: CallEndStatus[] = ['ended', 'no_answer', 'declined', 'voicemail', 'busy', 'failed']

/**
 * @example
 * ```tsx
 * <MockPanel />                                    // in a story with parameters.linekit
 * <MockPanel driver={createMockDriver(fetch, location.origin)} lines={lines} />   // playground
 * ```
 */
export function MockPanel({ driver, lines, defaultFrom = storyNumbers.chat, title = 'Mock service' }: MockPanelProps) {
  const backend = useOptionalStoryBackend()
  const control = driver ?? backend?.control
  const accountLines = lines ?? backend?.account.lines ?? []
  const id = useId()
  const [from, setFrom] = useState(defaultFrom)
  const [text, setText] = useState('Hi! Is this still available?')
  const [service, setService] = useState<'nativechat' | 'SMS' | 'RCS'>('nativechat')
  const [caller, setCaller] = useState<string>(storyNumbers.caller)
  const [call, setCall] = useState<string | null>(null)
  const [endStatus, setEndStatus] = useState<CallEndStatus>('ended')
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)

  if (!control)
    return (
      <p role="note">MockPanel: no mock to drive (render it in a story with parameters.linekit, or pass a driver).</p>
    )

  const run = async (label: string, action: () => Promise<string | void>) => {
    setBusy(true)
    try {
      const detail = await action()
      setStatus(detail ? `${label}: ${detail}` : `${label}: done`)
    } catch (error) {
      setStatus(`${label} failed: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      setBusy(false)
    }
  }

  const ringLine =
    accountLines.find((l) => l.audioCallEnabled && l.inboundNumber) ?? accountLines.find((l) => l.audioCallEnabled)

  const sendInbound = (event: FormEvent) => {
    event.preventDefault()
    void run('Inbound message', async () => {
      await control.injectInboundMessage({ from, message: text, service })
    })
  }
  const ring = (event: FormEvent) => {
    event.preventDefault()
    if (!ringLine) return setStatus('No audio-call line with an inbound number in this account')
    void run('Inbound call', async () => {
      const { callUuid } = await control.ringInboundCall({ from: caller, lineId: ringLine.lineId })
      setCall(callUuid)
      if (backend) backend.lastCall = { callUuid }
      return `ringing (${callUuid})`
    })
  }
  const advance = (ms: number, label: string) =>
    run(`Clock +${label}`, async () => {
      const now = await control.advanceClock(ms)
      return new Date(now).toISOString()
    })

  return (
    <section className="lk-MockPanel" aria-labelledby={`${id}-title`} style={panelStyle}>
      <h2 id={`${id}-title`} style={{ fontSize: '1rem', margin: 0 }}>
        {title}
      </h2>
      <form onSubmit={sendInbound} aria-label="Inbound message" style={rowStyle}>
        <label>
          From <input style={fieldStyle} value={from} onChange={(e) => setFrom(e.target.value)} size={14} />
        </label>
        <label>
          Text <input style={fieldStyle} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <label>
          Channel{' '}
          <select style={fieldStyle} value={service} onChange={(e) => setService(e.target.value as typeof service)}>
            <option value="nativechat">Chat</option>
            <option value="SMS">SMS</option>
            <option value="RCS">RCS</option>
          </select>
        </label>
        <button type="submit" className="lk-Button" data-variant="ghost small" disabled={busy}>
          Inject inbound message
        </button>
      </form>
      <form onSubmit={ring} aria-label="Inbound call" style={rowStyle}>
        <label>
          Caller <input style={fieldStyle} value={caller} onChange={(e) => setCaller(e.target.value)} size={14} />
        </label>
        <button type="submit" className="lk-Button" data-variant="ghost small" disabled={busy}>
          Ring inbound call
        </button>
        {call && (
          <>
            <button
              type="button"
              className="lk-Button"
              data-variant="ghost small"
              disabled={busy}
              onClick={() => void run('Answered elsewhere', () => control.answerCallElsewhere(call))}
            >
              Answer elsewhere
            </button>
            <label>
              End as{' '}
              <select
                style={fieldStyle}
                value={endStatus}
                onChange={(e) => setEndStatus(e.target.value as CallEndStatus)}
              >
                {endStatuses.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="lk-Button"
              data-variant="ghost small"
              disabled={busy}
              onClick={() => void run('Call ended', () => control.endCall(call, endStatus))}
            >
              End call
            </button>
          </>
        )}
      </form>
      <div role="group" aria-label="Mock clock" style={rowStyle}>
        <span>Clock</span>
        <button
          type="button"
          className="lk-Button"
          data-variant="ghost small"
          disabled={busy}
          onClick={() => void advance(60_000, '1 min')}
        >
          +1 min
        </button>
        <button
          type="button"
          className="lk-Button"
          data-variant="ghost small"
          disabled={busy}
          onClick={() => void advance(3_600_000, '1 h')}
        >
          +1 h
        </button>
        <button
          type="button"
          className="lk-Button"
          data-variant="ghost small"
          disabled={busy}
          onClick={() => void advance(86_400_000, '1 day')}
        >
          +1 day
        </button>
      </div>
      <div role="group" aria-label="Faults" style={rowStyle}>
        <span>Faults</span>
        <button
          type="button"
          className="lk-Button"
          data-variant="ghost small"
          disabled={busy}
          onClick={() => void run('Fault armed', () => control.addFault({ endpoint: 'sendMessage', status: 500 }))}
        >
          Next send fails (500)
        </button>
        <button
          type="button"
          className="lk-Button"
          data-variant="ghost small"
          disabled={busy}
          onClick={() =>
            void run('Fault armed', () => control.addFault({ endpoint: 'sendTyping', mode: 'device', count: 5 }))
          }
        >
          Typing device error
        </button>
        <button
          type="button"
          className="lk-Button"
          data-variant="ghost small"
          disabled={busy}
          onClick={() =>
            void run('Fault armed', () =>
              control.addFault({
                endpoint: 'mintVoiceToken',
                status: 503,
                count: 3,
                body: { error: 'unavailable', code: 'dialer_unavailable' },
              }),
            )
          }
        >
          Mint unavailable (503)
        </button>
        <button
          type="button"
          className="lk-Button"
          data-variant="ghost small"
          disabled={busy}
          onClick={() => void run('Faults cleared', () => control.clearFaults())}
        >
          Clear faults
        </button>
      </div>
      <p role="status" aria-live="polite" style={{ margin: 0, minHeight: '1.5em' }}>
        {status}
      </p>
    </section>
  )
}

const panelStyle = {
  display: 'grid',
  gap: 8,
  padding: 12,
  border: '1px dashed var(--lk-color-border, #999)',
  borderRadius: 8,
  fontSize: 14,
  color: 'var(--lk-color-text)',
} as const
const fieldStyle = {
  font: 'inherit',
  color: 'var(--lk-color-text)',
  background: 'var(--lk-color-surface)',
  border: '1px solid var(--lk-color-border)',
  borderRadius: 'var(--lk-radius-small)',
  padding: '2px 6px',
} as const
const rowStyle = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 } as const
