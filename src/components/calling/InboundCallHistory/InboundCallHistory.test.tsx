import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { InboundCallBanner } from '../InboundCallBanner/InboundCallBanner'
import { InboundCallHistory } from './InboundCallHistory'
import { createBackend, renderWithBackend, type Backend } from '../../../../test/support/renderWithBackend'
import { installMsw } from '../../../../test/support/msw'
import { ringInbound, settleWebhooks as settle } from '../../../../test/support/inboundCalls'

installMsw()
const caller = '+14155550182'
/** The caller as the banner shows it: grouped for reading (the number has no contact). */
const shown = '(415) 555-0182'
const banner = (container: HTMLElement) => container.querySelector<HTMLElement>('.lk-InboundCallBanner')!
const ring = (backend: Backend, from = caller) => ringInbound(backend, from)

describe('<InboundCallHistory>', () => {
  it('lists the recent calls with how each went, newest first, and follows new ones', async () => {
    const backend = createBackend()
    renderWithBackend(
      backend,
      <>
        <InboundCallBanner ringSound={false} />
        <InboundCallHistory />
      </>,
      { events: 'bus' },
    )
    expect(await screen.findByText('No recent incoming calls.')).toBeInTheDocument()
    const missed = await ring(backend, caller)
    await settle(backend, () => backend.mock.control.calls.end(missed, 'no_answer'))
    const elsewhere = await ring(backend, '+14155550184')
    await settle(backend, () => backend.mock.control.calls.answerElsewhere(elsewhere))
    const region = screen.getByRole('region', { name: 'Incoming call history' })
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(2))
    const rows = within(region).getAllByRole('listitem')
    expect(rows[0]).toHaveTextContent(/\(415\) 555-0184.*Answered elsewhere/)
    expect(rows[1]).toHaveTextContent(/\(415\) 555-0182.*Missed/)
    expect(within(rows[1]!).getByRole('link', { name: `Call back ${shown}` })).toHaveAttribute('href', `tel:${caller}`)
  })

  it('still lists the calls after a reload (from the server read model), then follows the events', async () => {
    const backend = createBackend()
    const history = () => screen.getByRole('region', { name: 'Incoming call history' })
    const first = renderWithBackend(backend, <InboundCallHistory />, { events: 'bus' })
    await waitFor(() => expect(history()).toHaveAttribute('data-status', 'loaded'))
    const missed = await ring(backend, caller)
    await settle(backend, () => backend.mock.control.calls.end(missed, 'no_answer'))
    const declined = await ring(backend, '+14155550185')
    await settle(backend, () => backend.mock.control.calls.end(declined, 'declined'))
    await waitFor(() => expect(within(history()).getAllByRole('listitem')).toHaveLength(2))
    first.unmount()

    // A reload: a new provider and store; the calls rang before it existed.
    renderWithBackend(backend, <InboundCallHistory />, { events: 'bus' })
    expect(history()).toHaveAttribute('data-status', 'loading')
    expect(within(history()).getByText('Loading recent incoming calls…')).toBeInTheDocument()
    await waitFor(() => expect(within(history()).getAllByRole('listitem')).toHaveLength(2))
    expect(history()).toHaveAttribute('data-status', 'loaded')
    let rows = within(history()).getAllByRole('listitem')
    expect(rows[0]).toHaveTextContent(/\(415\) 555-0185.*Declined/)
    expect(rows[1]).toHaveTextContent(/\(415\) 555-0182.*Missed/)

    // …then follows the event stream: a new call rings, is answered elsewhere.
    const next = await ring(backend, '+14155550186')
    await waitFor(() => expect(within(history()).getAllByRole('listitem')).toHaveLength(3))
    rows = within(history()).getAllByRole('listitem')
    expect(rows[0]).toHaveTextContent(/\(415\) 555-0186.*Ringing/)
    await settle(backend, () => backend.mock.control.calls.answerElsewhere(next))
    await waitFor(() => expect(within(history()).getAllByRole('listitem')[0]).toHaveTextContent(/Answered elsewhere/))
  })

  it('a call ringing when the page opens can be answered there (the history from the server brings it)', async () => {
    const backend = createBackend()
    const uuid = await ring(backend)
    const user = userEvent.setup()
    const { container } = renderWithBackend(
      backend,
      <>
        <InboundCallBanner />
        <InboundCallHistory />
      </>,
      { events: 'bus' },
    )
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '1'))
    expect(within(banner(container)).getByText(shown)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Answer' }))
    await waitFor(() => expect(container.querySelector('[data-state="connected"]')).not.toBeNull())
    expect(backend.mock.control.calls.list().find((c) => c.call_uuid === uuid)?.call_status).toBe('answered')
  })

  it('with a server that keeps no history, says so and lists the calls seen since the page opened', async () => {
    const backend = createBackend({ readModel: false })
    renderWithBackend(backend, <InboundCallHistory />, { events: 'bus' })
    const history = screen.getByRole('region', { name: 'Incoming call history' })
    await waitFor(() => expect(history).toHaveAttribute('data-status', 'unavailable'))
    expect(within(history).getByText('No incoming calls since this page opened.')).toBeInTheDocument()
    expect(within(history).queryByRole('alert')).toBeNull()
    await ring(backend, caller)
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(1))
  })

  it('a failed load says so in a sentence with Try again, and still follows new calls', async () => {
    const backend = createBackend()
    let refuse = true
    const user = userEvent.setup()
    renderWithBackend(backend, <InboundCallHistory />, {
      events: 'bus',
      handlers: [
        http.get('*/api/linekit/calls/inbound', () =>
          refuse
            ? HttpResponse.json(
                { error: 'Internal error', code: 'internal_error', hint: 'Retry later.' },
                { status: 500 },
              )
            : undefined,
        ),
      ],
    })
    const history = screen.getByRole('region', { name: 'Incoming call history' })
    const alert = await within(history).findByRole('alert')
    expect(alert).toHaveTextContent('Earlier incoming calls could not be loaded')
    expect(alert).not.toHaveTextContent('internal_error')
    await ring(backend, caller)
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(1))
    refuse = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(history).toHaveAttribute('data-status', 'loaded'))
    expect(within(history).queryByRole('alert')).toBeNull()
    expect(within(history).getAllByRole('listitem')).toHaveLength(1)
  })
})
