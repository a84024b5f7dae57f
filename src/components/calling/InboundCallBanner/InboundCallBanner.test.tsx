import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { createSseEventSource } from '../../../events/createSseEventSource'
import { createFakeAudioEngine } from '../../../rtc'
import { InboundCallBanner } from './InboundCallBanner'
import { Dialer } from '../Dialer/Dialer'
import { createBackend, renderWithBackend, type Backend } from '../../../../test/support/renderWithBackend'
import { installMsw } from '../../../../test/support/msw'
import { ringableLine, ringInbound, settleWebhooks } from '../../../../test/support/inboundCalls'

installMsw()
const caller = '+14155550182'
/** The caller as the banner shows it: grouped for reading (the number has no contact). */
const shown = '(415) 555-0182'
const banner = (container: HTMLElement) => container.querySelector<HTMLElement>('.lk-InboundCallBanner')!
const callList = () => screen.getByRole('list', { name: 'Calls' })
const noticeList = () => screen.getByRole('list', { name: 'Recent calls' })
/** Rings an inbound call on the mock and waits for the webhook to reach the server. */
const ring = (backend: Backend, from = caller) => ringInbound(backend, from)
const settle = settleWebhooks

describe('<InboundCallBanner> against the mock through the real server handler', () => {
  it('a mock-injected call reaches the banner through the webhook route and SSE, and is announced', async () => {
    const backend = createBackend()
    const events = createSseEventSource({ url: 'http://localhost/api/linekit/events', retryMs: 50 })
    const { container } = renderWithBackend(backend, <InboundCallBanner />, { events })
    await waitFor(() => expect(events.status).toBe('open'))
    await ring(backend)
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '1'))
    expect(screen.getByText(shown)).toBeInTheDocument()
    const live = container.querySelector('[aria-live="assertive"]')!
    expect(live).toHaveTextContent(`Incoming call from ${shown} on ${ringableLine(backend).phoneNumber}`)
    expect(screen.getByRole('region', { name: 'Incoming calls' })).toBe(banner(container))
    events.close()
  })

  it('answers with the keyboard: joins audio with the answer’s rtc, then hangs up', async () => {
    const backend = createBackend()
    const engine = createFakeAudioEngine()
    const onAnswer = vi.fn()
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <InboundCallBanner onAnswer={onAnswer} />, {
      events: 'bus',
      audioEngine: engine,
    })
    const uuid = await ring(backend)
    await screen.findByRole('button', { name: 'Answer' })
    // Nothing else had focus: the ringing call was offered it.
    expect(screen.getByRole('button', { name: 'Answer' })).toHaveFocus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(container.querySelector('[data-state="connected"]')).not.toBeNull())
    // Focus moved to the call's Hang up (the Answer button it was on is gone).
    expect(screen.getByRole('button', { name: 'Hang up' })).toHaveFocus()
    expect(engine.joins).toHaveLength(1)
    expect(onAnswer).toHaveBeenCalledWith(expect.objectContaining({ callUuid: uuid }), { joinable: true })
    expect(backend.mock.control.calls.list().find((c) => c.call_uuid === uuid)?.call_status).toBe('answered')
    // Our own `answered` event must not hide the call we are on.
    await act(() => backend.mock.control.webhooks.flush())
    expect(screen.getByText(`In call with ${shown}`)).toBeInTheDocument()
    // An answered call shows its audio state, a timer from the answer, and mute (the Dialer's parts).
    expect(screen.getByText('Audio connected')).toBeInTheDocument()
    expect(screen.getByRole('timer', { name: 'Call duration' })).toHaveTextContent(/^0:0\d$/)
    await user.click(screen.getByRole('button', { name: 'Mute' }))
    expect(engine.muted).toBe(true)
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument()
    // Our own answer leaves no "answered elsewhere" notice.
    expect(screen.queryByRole('list', { name: 'Recent calls' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Hang up' }))
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '0'))
    expect(document.activeElement).not.toBe(document.body)
    expect(engine.state).toBe('disconnected')
    expect(backend.mock.control.calls.list().find((c) => c.call_uuid === uuid)?.call_status).toBe('ended')
  })

  it('a call answered elsewhere leaves the queue and leaves a notice with Call back', async () => {
    const backend = createBackend()
    const { container } = renderWithBackend(backend, <InboundCallBanner locale="en-US" />, { events: 'bus' })
    const uuid = await ring(backend)
    await screen.findByRole('button', { name: 'Answer' })
    await settle(backend, () => backend.mock.control.calls.answerElsewhere(uuid))
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '0'))
    expect(screen.queryByRole('button', { name: 'Answer' })).toBeNull()
    const notice = within(noticeList()).getByRole('listitem')
    expect(notice).toHaveAttribute('data-outcome', 'answered_elsewhere')
    expect(notice).toHaveTextContent(new RegExp(`Call from \\(415\\) 555-0182 at .* was answered elsewhere`))
    expect(within(notice).getByRole('link', { name: `Call back ${shown}` })).toHaveAttribute('href', `tel:${caller}`)
  })

  it('a missed call (the caller gave up) leaves a notice; Dismiss removes it', async () => {
    const backend = createBackend()
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <InboundCallBanner />, { events: 'bus' })
    const uuid = await ring(backend)
    await screen.findByRole('button', { name: 'Answer' })
    await settle(backend, () => backend.mock.control.calls.end(uuid, 'no_answer'))
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '0'))
    expect(within(noticeList()).getByRole('listitem')).toHaveTextContent(`Missed call from ${shown}`)
    await user.click(screen.getByRole('button', { name: `Dismiss the notice about ${shown}` }))
    expect(screen.queryByRole('list', { name: 'Recent calls' })).toBeNull()
  })

  it('Call back on a missed call places the call from a Dialer on the same page', async () => {
    const backend = createBackend()
    const user = userEvent.setup()
    const { container } = renderWithBackend(
      backend,
      <>
        <Dialer pollIntervalMs={100_000} />
        <InboundCallBanner />
      </>,
      { events: 'bus' },
    )
    await waitFor(() => expect(screen.getByRole('button', { name: 'Call' })).toBeEnabled())
    const uuid = await ring(backend)
    await screen.findByRole('button', { name: 'Answer' })
    await settle(backend, () => backend.mock.control.calls.end(uuid, 'no_answer'))
    await user.click(await screen.findByRole('button', { name: `Call back ${shown}` }))
    await waitFor(() => expect(container.querySelector('.lk-Dialer')).toHaveAttribute('data-state', 'ringing'))
    const outbound = backend.mock.control.calls.list().find((c) => c.direction === 'outbound')
    expect(outbound?.to).toBe(caller)
    expect(screen.queryByRole('list', { name: 'Recent calls' })).toBeNull()
  })

  it('a 409 on answer (answered elsewhere before the event arrived) is explained, not thrown', async () => {
    const backend = createBackend()
    const user = userEvent.setup()
    const { container, stopEvents } = renderWithBackend(backend, <InboundCallBanner />, { events: 'bus' })
    const uuid = await ring(backend)
    await screen.findByRole('button', { name: 'Answer' })
    // Answered in the mobile app; its event does not reach this page (lost, or still on its way).
    stopEvents()
    backend.mock.control.calls.answerElsewhere(uuid)
    await user.click(screen.getByRole('button', { name: 'Answer' }))
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        `The call from ${shown} was already answered elsewhere or has ended.`,
      ),
    )
    expect(banner(container)).toHaveAttribute('data-count', '0')
  })

  it('declines', async () => {
    const backend = createBackend()
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <InboundCallBanner />, { events: 'bus' })
    const uuid = await ring(backend)
    await user.click(await screen.findByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '0'))
    expect(backend.mock.control.calls.list().find((c) => c.call_uuid === uuid)?.call_status).toBe('declined')
    expect(within(noticeList()).getByRole('listitem')).toHaveTextContent(`Declined call from ${shown}`)
    // The Decline button is gone: focus is on the notice's Call back, not dropped to the page.
    expect(screen.getByRole('link', { name: `Call back ${shown}` })).toHaveFocus()
  })

  it('declines by keyboard: when the call ends before the decline is answered, focus still lands in the banner', async () => {
    const backend = createBackend()
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <InboundCallBanner />, { events: 'bus' })
    const uuid = await ring(backend)
    const decline = await screen.findByRole('button', { name: 'Decline' })
    decline.focus()
    // The decline request is slow; meanwhile the call ends and its `ended` event arrives first.
    backend.mock.control.updateSettings({ latencyMs: 200 })
    await user.keyboard('{Enter}')
    await settle(backend, () => backend.mock.control.calls.end(uuid, 'no_answer'))
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '0'))
    await waitFor(() => expect(document.activeElement).not.toBe(document.body))
    expect(banner(container).contains(document.activeElement)).toBe(true)
  })

  it('two ringing calls on screen are two incoming calls, not "1 more call waiting"', async () => {
    const backend = createBackend()
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <InboundCallBanner />, { events: 'bus' })
    await ring(backend, caller)
    await ring(backend, '+14155550184')
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '2'))
    const items = within(callList()).getAllByRole('listitem')
    expect(items[0]).toHaveAttribute('data-current')
    expect(items[0]).toHaveTextContent(shown)
    expect(items[1]).toHaveTextContent('(415) 555-0184')
    expect(screen.getByText('2 incoming calls')).toBeInTheDocument()
    expect(screen.queryByText(/waiting/)).toBeNull()
    await user.click(within(items[0]!).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '1'))
    expect(within(callList()).getByRole('listitem')).toHaveTextContent('(415) 555-0184')
    expect(screen.queryByText('2 incoming calls')).toBeNull()
  })

  it('counts only the calls not on screen as waiting', async () => {
    const backend = createBackend()
    const { container } = renderWithBackend(backend, <InboundCallBanner maxVisible={1} />, { events: 'bus' })
    await ring(backend, caller)
    await ring(backend, '+14155550184')
    await waitFor(() => expect(screen.getByText('1 more call waiting')).toBeInTheDocument())
    expect(banner(container)).toHaveAttribute('data-count', '1')
  })

  it('a 503 on answer is explained and can be retried', async () => {
    const backend = createBackend()
    backend.mock.control.addFault({ path: '/answer-audiocall-call-api', status: 503, count: 1 })
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <InboundCallBanner />, { events: 'bus' })
    await ring(backend)
    await user.click(await screen.findByRole('button', { name: 'Answer' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('can’t be reached'))
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(container.querySelector('[data-state="connected"]')).not.toBeNull())
  })

  it('an answer the line’s phone does not accept (success: false) says so; the call keeps ringing and can be retried', async () => {
    const backend = createBackend()
    // The mock's device refuses the next answer (mocks/README.md: a device fault with status 200).
    backend.mock.control.addFault({ path: '/answer-audiocall-call-api', mode: 'device', status: 200, count: 1 })
    const user = userEvent.setup()
    const onAnswer = vi.fn()
    const { container } = renderWithBackend(backend, <InboundCallBanner onAnswer={onAnswer} />, { events: 'bus' })
    const uuid = await ring(backend)
    await user.click(await screen.findByRole('button', { name: 'Answer' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The line’s phone didn’t accept the answer.'),
    )
    expect(onAnswer).not.toHaveBeenCalled()
    expect(container.querySelector('[data-state="failed"]')).not.toBeNull()
    expect(backend.mock.control.calls.list().find((c) => c.call_uuid === uuid)?.call_status).toBe('ringing')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(container.querySelector('[data-state="connected"]')).not.toBeNull())
    expect(onAnswer).toHaveBeenCalledTimes(1)
  })

  it('a decline the line’s phone does not accept leaves the call ringing with a sentence', async () => {
    const backend = createBackend()
    backend.mock.control.addFault({ path: '/decline-audiocall-call-api', mode: 'device', status: 200, count: 1 })
    const user = userEvent.setup()
    const onDecline = vi.fn()
    renderWithBackend(backend, <InboundCallBanner onDecline={onDecline} />, { events: 'bus' })
    const uuid = await ring(backend)
    await user.click(await screen.findByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('didn’t accept the decline'))
    expect(onDecline).not.toHaveBeenCalled()
    expect(backend.mock.control.calls.list().find((c) => c.call_uuid === uuid)?.call_status).toBe('ringing')
  })

  it.each([
    {
      name: '403 AUDIOCALL_NOT_ENABLED: no retry offered',
      status: 403,
      body: { error: 'Audio calls are not enabled', code: 'AUDIOCALL_NOT_ENABLED' },
      headers: {},
      text: 'Audio calls aren’t enabled for this account',
      retry: false,
    },
    {
      name: '429 with Retry-After: the wait',
      status: 429,
      body: { error: 'Too many requests', code: 'rate_limited' },
      headers: { 'Retry-After': '12' },
      text: 'Too many requests. Try again in 12 seconds.',
      retry: true,
    },
    {
      name: '429 with retryAfterSeconds: the wait',
      status: 429,
      body: { error: 'Too many requests', code: 'rate_limited', retryAfterSeconds: 7 },
      headers: {},
      text: 'Too many requests. Try again in 7 seconds.',
      retry: true,
    },
    {
      name: '502 upstream_unavailable from linekit/server: the service, not the phone',
      status: 502,
      body: { error: 'The service could not be reached', code: 'upstream_unavailable', hint: 'Retry later.' },
      headers: {},
      text: 'The calling service couldn’t be reached.',
      retry: true,
    },
    {
      name: '502 from the device: the phone',
      status: 502,
      body: { error: 'The line’s device reported an error', code: 'device_error' },
      headers: {},
      text: 'The line’s phone reported an error.',
      retry: true,
    },
  ])('an answer refused with $name', async ({ status, body, headers, text, retry }) => {
    const backend = createBackend()
    const user = userEvent.setup()
    renderWithBackend(backend, <InboundCallBanner />, {
      events: 'bus',
      handlers: [
        http.post('*/api/linekit/answer-audiocall-call-api', () =>
          HttpResponse.json(body, { status, headers: headers as Record<string, string> }),
        ),
      ],
    })
    await ring(backend)
    await user.click(await screen.findByRole('button', { name: 'Answer' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(text)
    expect(alert).not.toHaveTextContent('That didn’t work')
    expect(alert).not.toHaveTextContent(body.code)
    if (retry) expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled()
    else {
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
      expect(screen.getByRole('button', { name: 'Answer' })).toBeDisabled()
    }
  })

  it('a failed decline leaves the call ringing, not guarded as a call in progress', async () => {
    const backend = createBackend()
    backend.mock.control.addFault({ path: '/decline-audiocall-call-api', status: 503, count: 1 })
    const user = userEvent.setup()
    renderWithBackend(backend, <InboundCallBanner />, { events: 'bus' })
    const uuid = await ring(backend)
    await user.click(await screen.findByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('can’t be reached'))
    // Nobody answered: leaving the page is not leaving a call (no prompt, no end request).
    const unload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(unload)
    expect(unload.defaultPrevented).toBe(false)
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'))
      await new Promise((r) => setTimeout(r, 50))
    })
    expect(backend.mock.control.calls.list().find((c) => c.call_uuid === uuid)?.call_status).toBe('ringing')
  })

  it('has no axe violations while ringing with a queue', async () => {
    const backend = createBackend()
    const { container } = renderWithBackend(backend, <InboundCallBanner />, { events: 'bus' })
    await ring(backend)
    await ring(backend, '+14155550184')
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '2'))
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([])
  })

  it('rings with a WebAudio tone only after a user gesture, and not at all with ringSound={false}', async () => {
    const started: number[] = []
    let contexts = 0
    class FakeAudioContext {
      constructor() {
        contexts += 1
      }
      state = 'running'
      currentTime = 0
      destination = {}
      createGain() {
        return { gain: { setValueAtTime() {}, linearRampToValueAtTime() {} }, connect() {} }
      }
      createOscillator() {
        return { frequency: { value: 0 }, connect() {}, start: (at: number) => started.push(at), stop() {} }
      }
      resume() {
        this.state = 'running'
        return Promise.resolve()
      }
      suspend() {
        this.state = 'suspended'
        return Promise.resolve()
      }
      close() {
        return Promise.resolve()
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext)
    try {
      const backend = createBackend()
      const user = userEvent.setup()
      const view = renderWithBackend(backend, <InboundCallBanner />, { events: 'bus' })
      await ring(backend)
      await screen.findByRole('button', { name: 'Answer' })
      expect(started).toEqual([]) // autoplay rules: no sound before the page was touched
      await user.pointer({ keys: '[MouseLeft]', target: document.body })
      // The first tone after the gesture comes with the next ring, up to one 3 s interval later.
      await waitFor(() => expect(started.length).toBeGreaterThan(0), { timeout: 10_000 })
      view.unmount()

      started.length = 0
      contexts = 0
      const quiet = createBackend()
      renderWithBackend(quiet, <InboundCallBanner ringSound={false} />, { events: 'bus' })
      await ring(quiet)
      await screen.findByRole('button', { name: 'Answer' })
      await user.pointer({ keys: '[MouseLeft]', target: document.body })
      // The gesture made no audio context, so no ring can ever sound (not "none within N s").
      expect(contexts).toBe(0)
      expect(started).toEqual([])
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
