import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeAudioEngine } from '../../../rtc'
import { useInboundCallBanner } from './useInboundCallBanner'
import { createBackend, renderWithBackend, type Backend } from '../../../../test/support/renderWithBackend'
import { ringInbound } from '../../../../test/support/inboundCalls'

const caller = '+14155550182'
/** The caller as the hook names it: grouped for reading (the number has no contact). */
const shown = '(415) 555-0182'
const ring = (backend: Backend) => ringInbound(backend, caller)
const statusOf = (backend: Backend, uuid: string) =>
  backend.mock.control.calls.list().find((c) => c.call_uuid === uuid)?.call_status

/** The banner's behaviour in markup of the app's own: other words, other elements, the hook's prop bags. */
function CallStrip() {
  const b = useInboundCallBanner({ ringSound: false, strings: { notAccepted: 'Phone said no.' } })
  return (
    <aside {...b.rootProps} aria-label="Phone">
      <p data-testid="announce">{b.announcement}</p>
      <ul aria-label="Ringing">
        {b.calls.map((c) => (
          <li key={c.call.callUuid} {...c.itemProps} data-phase={c.phase}>
            {b.label(c.call.from)}
            {c.error ? <span role="alert">{c.error}</span> : null}
            {c.inCall ? (
              <button {...c.hangUpButtonProps}>End</button>
            ) : (
              <>
                <button {...c.answerButtonProps}>{c.retryAnswer ? 'Again' : 'Pick up'}</button>
                <button {...c.declineButtonProps}>Reject</button>
              </>
            )}
          </li>
        ))}
      </ul>
      <ul aria-label="Earlier">
        {b.notices.map((n) => (
          <li key={n.callUuid} data-outcome={n.outcome}>
            {b.label(n.from)} <button {...b.dismissButtonProps(n)}>OK</button>
          </li>
        ))}
      </ul>
    </aside>
  )
}

describe('useInboundCallBanner: the banner’s behaviour under custom markup', () => {
  it('answers through the prop bags, joins the audio, moves focus to the call’s hang-up, and hangs up', async () => {
    const backend = createBackend()
    const engine = createFakeAudioEngine()
    const user = userEvent.setup()
    renderWithBackend(backend, <CallStrip />, { events: 'bus', audioEngine: engine })
    const uuid = await ring(backend)
    const call = await screen.findByRole('listitem')
    expect(call).toHaveTextContent(shown)
    expect(call).toHaveAttribute('data-call', uuid)
    expect(screen.getByTestId('announce')).toHaveTextContent(`Incoming call from ${shown}`)
    await user.click(within(call).getByRole('button', { name: 'Pick up' }))
    await waitFor(() => expect(call).toHaveAttribute('data-phase', 'connected'))
    expect(statusOf(backend, uuid)).toBe('answered')
    expect(engine.joins).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'End' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'End' }))
    await waitFor(() => expect(statusOf(backend, uuid)).toBe('ended'))
    expect(within(screen.getByRole('list', { name: 'Ringing' })).queryByRole('listitem')).toBeNull()
    expect(engine.state).toBe('disconnected')
  })

  it('a refused answer keeps the call ringing, with the app’s sentence and a retry; a decline leaves a notice', async () => {
    const backend = createBackend()
    backend.mock.control.addFault({ path: '/answer-audiocall-call-api', mode: 'device', status: 200, count: 1 })
    const user = userEvent.setup()
    renderWithBackend(backend, <CallStrip />, { events: 'bus' })
    const uuid = await ring(backend)
    await user.click(await screen.findByRole('button', { name: 'Pick up' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Phone said no.')
    expect(screen.getByRole('listitem')).toHaveAttribute('data-phase', 'failed')
    expect(statusOf(backend, uuid)).toBe('ringing')
    expect(screen.getByRole('button', { name: 'Again' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(statusOf(backend, uuid)).toBe('declined'))
    const earlier = within(screen.getByRole('list', { name: 'Earlier' }))
    expect(await earlier.findByRole('listitem')).toHaveAttribute('data-outcome', 'declined')
    await user.click(earlier.getByRole('button', { name: 'OK' }))
    expect(earlier.queryByRole('listitem')).toBeNull()
  })
})
