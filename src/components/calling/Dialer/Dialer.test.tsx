import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { createFakeAudioEngine } from '../../../rtc'
import { Dialer } from './Dialer'
import { createBackend, renderWithBackend, type Backend } from '../../../../test/support/renderWithBackend'
import { installMsw } from '../../../../test/support/msw'

const msw = installMsw()
const MINT = '/api/v1/dialer/token'

const root = (container: HTMLElement) => container.querySelector<HTMLElement>('.lk-Dialer')!
const mainLine = (b: Backend) => b.lines.find((l) => l.audioCallEnabled && !l.inboundOnly && !l.shared)!

function count(pathEnd: string) {
  let n = 0
  const listener = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname.endsWith(pathEnd)) n += 1
  }
  msw.events.on('request:start', listener)
  return { get: () => n, stop: () => msw.events.removeListener('request:start', listener) }
}

// The first mint of a file pays for module warm-up (test/setup-unit.ts gives waitFor a generous limit).
async function ready() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Call' })).toBeEnabled())
}

describe('<Dialer> against the mock through the real server handler', () => {
  it('idle: mints a token, shows the allowance, offers only lines that can dial', async () => {
    const backend = createBackend()
    const { container } = renderWithBackend(backend, <Dialer defaultNumber="(415) 555-0181" />)
    expect(root(container)).toHaveAttribute('data-state', 'idle')
    await ready()
    const options = within(screen.getByLabelText('Line')).getAllByRole('option')
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual([mainLine(backend).lineId])
    expect(screen.getByText(/min used \(\d+%\)/)).toBeInTheDocument()
    expect(screen.getByText('10 calls left on this token')).toBeInTheDocument()
    expect(screen.getByText('Will call (415) 555-0181')).toBeInTheDocument()
    expect(root(container)).toHaveAttribute('data-allowance', 'ok')
  })

  it('says Ringing… until the service reports the call answered, times from the answer, and ends with the call log’s duration', async () => {
    const backend = createBackend()
    const engine = createFakeAudioEngine({ joinDelayMs: 30 })
    const onCallEnd = vi.fn()
    const onCallStart = vi.fn()
    const phases: string[] = []
    const user = userEvent.setup()
    const { container } = renderWithBackend(
      backend,
      <Dialer onCallStart={onCallStart} onCallEnd={onCallEnd} pollIntervalMs={30} />,
      { audioEngine: engine },
    )
    const observer = new MutationObserver(() => {
      const s = root(container).getAttribute('data-state')!
      if (phases.at(-1) !== s) phases.push(s)
    })
    observer.observe(root(container), { attributes: true, attributeFilter: ['data-state'] })
    await ready()
    for (const key of ['4', '1', '5', '5', '5', '5', '0', '1', '8', '1'])
      await user.click(screen.getByRole('button', { name: key }))
    expect(screen.getByLabelText('Phone number')).toHaveValue('4155550181')
    await user.click(screen.getByRole('button', { name: 'Call' }))
    // The audio joins at once, but the callee has not picked up: the call is still ringing.
    await waitFor(() => expect(root(container)).toHaveAttribute('data-audio', 'joined'))
    // Several status polls, all `ringing`: counted, not timed, so a busy machine waits for them.
    const polls = count('/get-audiocall-call-status-api')
    await waitFor(() => expect(polls.get()).toBeGreaterThanOrEqual(3))
    polls.stop()
    expect(root(container)).toHaveAttribute('data-state', 'ringing')
    expect(screen.getByRole('status')).toHaveTextContent('Ringing…')
    expect(screen.queryByRole('timer')).toBeNull()
    const started = onCallStart.mock.calls[0]![0] as { callUuid: string; to: string; joinable: boolean }
    expect(started).toMatchObject({ to: '+14155550181', joinable: true })
    expect(engine.joins).toHaveLength(1)
    // The mock's callee answers after 3 s of mock time.
    act(() => void backend.mock.control.advanceClock(3_000))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-state', 'connected'))
    expect(phases).toEqual(['placing', 'ringing', 'connected'])
    expect(screen.getByRole('timer', { name: 'Call duration' })).toHaveTextContent(/^0:0[01]$/)
    await user.click(screen.getByRole('button', { name: 'Mute' }))
    expect(engine.muted).toBe(true)
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument()
    act(() => void backend.mock.control.advanceClock(3_400))
    await user.click(screen.getByRole('button', { name: 'Hang up' }))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-state', 'ended'))
    expect(engine.state).toBe('disconnected')
    const log = backend.mock.control.callLogs.list()[0]!
    expect(log.duration_seconds).toBe(3)
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Call ended after 0:03.'))
    expect(backend.mock.control.calls.list().find((c) => c.call_uuid === started.callUuid)?.call_status).toBe('ended')
    await waitFor(() =>
      expect(onCallEnd).toHaveBeenCalledWith(
        expect.objectContaining({ callUuid: started.callUuid, status: 'hung_up' }),
      ),
    )
    await user.click(screen.getByRole('button', { name: 'New call' }))
    expect(root(container)).toHaveAttribute('data-state', 'idle')
    observer.disconnect()
  })

  it('rtc null: says the audio cannot be joined and follows the call by polling its status', async () => {
    const backend = createBackend()
    backend.mock.control.calls.updateSettings({ outboundRtc: false })
    const engine = createFakeAudioEngine()
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <Dialer defaultNumber="+14155550181" pollIntervalMs={30} />, {
      audioEngine: engine,
    })
    await ready()
    await user.click(screen.getByRole('button', { name: 'Call' }))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-state', 'ringing'))
    expect(root(container)).toHaveAttribute('data-audio', 'device')
    expect(screen.getByText(/can’t be joined in the browser/)).toBeInTheDocument()
    expect(engine.joins).toHaveLength(0)
    // The callee picks up after 3 s of mock time; the poll sees `answered`.
    act(() => void backend.mock.control.advanceClock(3_500))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-state', 'connected'))
    const uuid = backend.mock.control.calls.list()[0]!.call_uuid
    act(() => void backend.mock.control.calls.end(uuid, 'ended'))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-state', 'ended'))
  })

  it('follows the call from `call_status` alone (spec: the rest of the status answer is not shown)', async () => {
    const backend = createBackend()
    backend.mock.control.calls.updateSettings({ outboundRtc: false })
    const { container } = renderWithBackend(backend, <Dialer defaultNumber="+14155550181" pollIntervalMs={30} />, {
      audioEngine: createFakeAudioEngine(),
    })
    // The status answer carries `call_status` and nothing else: no `call_uuid`, no times.
    let stripped = 0
    msw.use(
      http.get('*/api/linekit/get-audiocall-call-status-api', async ({ request }) => {
        const answer = await backend.server.handle(request)
        const { call_status } = (await answer.json()) as { call_status: string }
        stripped += 1
        return Response.json({ call_status })
      }),
    )
    await ready()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Call' }))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-state', 'ringing'))
    act(() => void backend.mock.control.advanceClock(3_500))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-state', 'connected'))
    act(() => void backend.mock.control.calls.end(backend.mock.control.calls.list()[0]!.call_uuid, 'ended'))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-state', 'ended'))
    expect(stripped).toBeGreaterThan(0)
  })

  it('a 502 device error when placing is explained and retryable', async () => {
    const backend = createBackend()
    backend.mock.control.addFault({ path: '/start-audiocall-call-api', mode: 'device', status: 502, count: 1 })
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <Dialer defaultNumber="+14155550181" />)
    await ready()
    await user.click(screen.getByRole('button', { name: 'Call' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The line’s phone reported an error while placing the call.'),
    )
    expect(root(container)).toHaveAttribute('data-state', 'idle')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-state', 'ringing'))
  })

  it.each([
    {
      name: 'linekit/server’s own 502 upstream_unavailable: the service, not the phone',
      status: 502,
      body: { error: 'The service could not be reached', code: 'upstream_unavailable', hint: 'Retry later.' },
      headers: {},
      text: 'The calling service couldn’t be reached.',
      retry: true,
    },
    {
      name: '429 without a wait: no invented 30 s',
      status: 429,
      body: { error: 'Too many requests', code: 'rate_limited' },
      headers: {},
      text: 'Too many requests: try again in a moment.',
      retry: true,
    },
    {
      name: '403 AUDIOCALL_NOT_ENABLED: no retry',
      status: 403,
      body: { error: 'Audio calls are not enabled', code: 'AUDIOCALL_NOT_ENABLED' },
      headers: {},
      text: 'Audio calls aren’t enabled for this account.',
      retry: false,
    },
    {
      name: 'a 400 without a code: what the service said, never its hint',
      status: 400,
      body: { error: 'phone_number is not a valid number', hint: 'Set it through POST /__mock/numbers' },
      headers: {},
      text: 'The call couldn’t be placed. It said: “phone_number is not a valid number”',
      retry: false,
    },
  ])('a start refused with $name', async ({ status, body, headers, text, retry }) => {
    const backend = createBackend()
    const user = userEvent.setup()
    renderWithBackend(backend, <Dialer defaultNumber="+14155550181" />, {
      handlers: [
        http.post('*/api/linekit/start-audiocall-call-api', () =>
          HttpResponse.json(body, { status, headers: headers as Record<string, string> }),
        ),
      ],
    })
    await ready()
    await user.click(screen.getByRole('button', { name: 'Call' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(text)
    expect(alert).not.toHaveTextContent('__mock')
    expect(alert).not.toHaveTextContent('phone reported an error')
    if (retry) expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled()
    else expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })

  it('a 503 (device unreachable) is explained and retryable', async () => {
    const backend = createBackend()
    backend.mock.control.addFault({ path: '/start-audiocall-call-api', status: 503, count: 5 })
    const user = userEvent.setup()
    renderWithBackend(backend, <Dialer defaultNumber="+14155550181" />)
    await ready()
    await user.click(screen.getByRole('button', { name: 'Call' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The line’s phone can’t be reached right now.'),
    )
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled()
  })

  it('refuses an invalid number before any request', async () => {
    const backend = createBackend()
    const starts = count('/start-audiocall-call-api')
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <Dialer />)
    await ready()
    await user.type(screen.getByLabelText('Phone number'), '12')
    await user.keyboard('{Enter}')
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true')
    expect(root(container)).toHaveAttribute('data-error', 'invalid_number')
    expect(starts.get()).toBe(0)
    starts.stop()
  })

  it('a blocked microphone is explained; the call keeps ringing and audio can be rejoined', async () => {
    const backend = createBackend()
    const engine = createFakeAudioEngine({ failJoinWith: 'permission_denied' })
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <Dialer defaultNumber="+14155550181" />, { audioEngine: engine })
    await ready()
    await user.click(screen.getByRole('button', { name: 'Call' }))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-error', 'permission_denied'))
    expect(root(container)).toHaveAttribute('data-state', 'ringing')
    expect(screen.getByRole('alert')).toHaveTextContent(/Microphone access is blocked/)
    expect(root(container)).toHaveAttribute('data-audio', 'failed')
    engine.setFailJoinWith(undefined)
    await user.click(screen.getByRole('button', { name: 'Rejoin audio' }))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-audio', 'joined'))
    expect(root(container)).toHaveAttribute('data-state', 'ringing')
    expect(root(container)).not.toHaveAttribute('data-error')
  })

  it('an answered call whose audio failed does not say "Connected"', async () => {
    const backend = createBackend()
    const engine = createFakeAudioEngine({ failJoinWith: 'network' })
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <Dialer defaultNumber="+14155550181" />, { audioEngine: engine })
    await ready()
    await user.click(screen.getByRole('button', { name: 'Call' }))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-audio', 'failed'))
    // The mock's callee answers after 3 s of mock time.
    act(() => void backend.mock.control.advanceClock(3_000))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-state', 'connected'))
    expect(screen.getByRole('status')).toHaveTextContent('Answered, but your audio is not connected')
    expect(screen.getByRole('status')).not.toHaveTextContent(/^Connected/)
    expect(screen.getByText('Audio not connected')).toBeVisible()
  })

  it('re-mints after maxCallsPerToken (10) calls', async () => {
    const backend = createBackend()
    const mints = count('/dialer/token')
    const user = userEvent.setup()
    renderWithBackend(backend, <Dialer defaultNumber="+14155550181" />)
    await ready()
    expect(mints.get()).toBe(1)
    for (let i = 0; i < 10; i += 1) {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Call' })).toBeEnabled())
      await user.click(screen.getByRole('button', { name: 'Call' }))
      await user.click(await screen.findByRole('button', { name: 'Hang up' }))
      await user.click(await screen.findByRole('button', { name: 'New call' }))
    }
    await waitFor(() => expect(mints.get()).toBe(2))
    await waitFor(() => expect(screen.getByText('10 calls left on this token')).toBeInTheDocument())
    mints.stop()
    // Ten whole calls, each a start, a join and an end through the server and the mock: on a
    // loaded machine (two cores shared with other work) that takes far longer than one call.
  }, 120_000)

  it('shows the soft warning, the workspace cap and the line’s own cap from the mint’s allowance', async () => {
    const backend = createBackend()
    backend.mock.control.dialer.set({
      accountId: backend.account.accountId,
      includedMinutes: 100,
      usedMinutes: 85,
      capMinutes: 150,
      lineId: mainLine(backend).lineId,
      lineUsedMinutes: 30,
      lineCapMinutes: 120,
    })
    const { container } = renderWithBackend(backend, <Dialer />)
    await ready()
    expect(root(container)).toHaveAttribute('data-allowance', 'soft')
    expect(screen.getByText('85 of 100 min used (85%)')).toBeInTheDocument()
    expect(screen.getByText('Close to today’s included minutes.')).toBeInTheDocument()
    expect(screen.getByText('Workspace cap: 150 min')).toBeInTheDocument()
    expect(screen.getByText('This line: 30 of 120 min')).toBeInTheDocument()
  })

  it('an unreadable plan (allowance null) still allows calling and says so', async () => {
    const backend = createBackend()
    backend.mock.control.dialer.set({ accountId: backend.account.accountId, planReadable: false })
    const { container } = renderWithBackend(backend, <Dialer />)
    await ready()
    expect(root(container)).toHaveAttribute('data-allowance', 'unknown')
    expect(screen.getByText('Today’s minutes couldn’t be read; calling still works.')).toBeInTheDocument()
  })

  it('in a call: lists microphones, switches the engine’s microphone, and meters the input level', async () => {
    const backend = createBackend()
    const engine = createFakeAudioEngine({ inputLevel: 0.42 })
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <Dialer defaultNumber="+14155550181" />, { audioEngine: engine })
    await ready()
    await user.click(screen.getByRole('button', { name: 'Call' }))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-audio', 'joined'))
    await waitFor(() => expect(screen.getByRole('option', { name: 'Headset microphone' })).toBeInTheDocument())
    await user.selectOptions(screen.getByLabelText('Microphone'), 'fake-headset')
    expect(engine.microphoneId).toBe('fake-headset')
    await waitFor(() => expect(screen.getByLabelText('Microphone level')).toHaveAttribute('value', '0.42'))
    await user.click(screen.getByRole('button', { name: 'Mute' }))
    await waitFor(() => expect(screen.getByLabelText('Microphone level')).toHaveAttribute('value', '0'))
  })

  it('takes strings (i18n), className and data attributes', async () => {
    const backend = createBackend()
    const { container } = renderWithBackend(
      backend,
      <Dialer className="mine" data-testid="d" strings={{ call: 'Anrufen', phase: { idle: 'Bereit' } }} />,
    )
    await waitFor(() => expect(screen.getByRole('button', { name: 'Anrufen' })).toBeEnabled())
    expect(root(container)).toHaveClass('lk-Dialer', 'mine')
    expect(root(container)).toHaveAttribute('data-testid', 'd')
    expect(screen.getByText('Bereit')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Hang up' })).toBeNull()
  })

  it('leaves the shared engine on unmount only when the call was its own', async () => {
    const backend = createBackend()
    const engine = createFakeAudioEngine()
    await engine.join({ appId: 'a', channelName: 'inbound-call', token: 't', uid: 1 }) // e.g. the banner's answered call
    const { unmount } = renderWithBackend(backend, <Dialer />, { audioEngine: engine })
    await ready()
    unmount()
    expect(engine.state).toBe('connected')
    expect(engine.leaves).toBe(0)
  })

  it('has no axe violations idle and in a call', async () => {
    const backend = createBackend()
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <Dialer defaultNumber="+14155550181" />)
    await ready()
    const rules = { 'color-contrast': { enabled: false } }
    expect((await axe.run(container, { rules })).violations).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Call' }))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-audio', 'joined'))
    expect((await axe.run(container, { rules })).violations).toEqual([])
  })
})

describe('<Dialer> details', () => {
  it('the keypad is one tab stop; arrow keys move between keys and Enter presses', async () => {
    const backend = createBackend()
    const user = userEvent.setup()
    renderWithBackend(backend, <Dialer />)
    await ready()
    const keypad = screen.getByRole('group', { name: 'Keypad' })
    const tabbable = within(keypad)
      .getAllByRole('button')
      .filter((b) => b.tabIndex === 0)
    expect(tabbable).toHaveLength(1)
    screen.getByLabelText('Phone number').focus()
    await user.tab()
    expect(screen.getByRole('button', { name: '1' })).toHaveFocus()
    await user.keyboard('{ArrowRight}{ArrowDown}')
    expect(screen.getByRole('button', { name: '5' })).toHaveFocus()
    await user.keyboard('{Enter}{ArrowDown}{ArrowDown} ')
    expect(screen.getByRole('button', { name: '0' })).toHaveFocus()
    expect(screen.getByLabelText('Phone number')).toHaveValue('50')
    // Tab leaves the keypad at once: one stop, not thirteen.
    await user.tab()
    expect(keypad).not.toContainElement(document.activeElement as HTMLElement)
    await user.tab({ shift: true })
    expect(screen.getByRole('button', { name: '0' })).toHaveFocus()
  })

  it('focus follows the call: Call → Hang up → New call, never dropped to the page', async () => {
    const backend = createBackend()
    const user = userEvent.setup()
    renderWithBackend(backend, <Dialer defaultNumber="+14155550181" pollIntervalMs={100_000} />)
    await ready()
    screen.getByRole('button', { name: 'Call' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Hang up' })).toHaveFocus())
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('button', { name: 'New call' })).toHaveFocus())
  })

  it('a trial account reads a clear sentence instead of a dead keypad', async () => {
    const backend = createBackend({ account: 'trial' })
    const { container } = renderWithBackend(backend, <Dialer />)
    await waitFor(() => expect(root(container)).toHaveAttribute('data-trial'))
    expect(screen.getByText(/Trial accounts can’t place calls from the browser/)).toBeVisible()
    expect(screen.queryByRole('group', { name: 'Keypad' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Call' })).toBeNull()
  })

  it('while a call is live: warns before unload, and ends the call with a keepalive request when the page goes away', async () => {
    const backend = createBackend()
    const user = userEvent.setup()
    const ends: { keepalive: boolean; body: Promise<string> }[] = []
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.endsWith('/end-audiocall-call-api'))
        ends.push({ keepalive: request.keepalive, body: request.clone().text() })
    }
    msw.events.on('request:start', listener)
    const { container } = renderWithBackend(backend, <Dialer defaultNumber="+14155550181" pollIntervalMs={100_000} />)
    await ready()
    const idleUnload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(idleUnload)
    expect(idleUnload.defaultPrevented).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Call' }))
    await waitFor(() => expect(root(container)).toHaveAttribute('data-state', 'ringing'))
    const unload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(unload)
    expect(unload.defaultPrevented).toBe(true)
    window.dispatchEvent(new Event('pagehide'))
    const uuid = backend.mock.control.calls.list()[0]!.call_uuid
    await waitFor(() => expect(backend.mock.control.calls.list()[0]!.call_status).toBe('ended'))
    expect(ends).toHaveLength(1)
    expect(ends[0]!.keepalive).toBe(true)
    expect(JSON.parse(await ends[0]!.body)).toEqual({ call_uuid: uuid })
    msw.events.removeListener('request:start', listener)
  })
})

/** Every mint refusal, by the spec's table: the SDK code as data-error, what happened and what to do. */
describe('<Dialer> mint errors', () => {
  const faultCases = [
    {
      code: 'invalid_api_key',
      status: 401,
      sdk: 'token_unavailable',
      text: /can’t mint voice tokens|check the calling setup/,
    },
    { code: 'invalid_line_id', status: 400, sdk: 'line_unavailable', text: /Pick another line/ },
    { code: 'line_not_found', status: 404, sdk: 'line_unavailable', text: /Pick another line/ },
    { code: 'line_inbound_only', status: 403, sdk: 'line_unavailable', text: /inbound-only lines can’t dial out/ },
    { code: 'line_not_eligible', status: 403, sdk: 'line_unavailable', text: /Shared, trial/ },
    { code: 'dialer_subscription_required', status: 403, sdk: 'subscription_required', text: /dialer add-on/ },
    { code: 'account_paywalled', status: 402, sdk: 'account_paywalled', text: /settle billing/ },
    {
      code: 'dialer_cap_reached',
      status: 402,
      sdk: 'cap_reached',
      text: /after the reset at/,
      extra: { used: 600, included: 600, cap: 600, periodEnd: '2026-03-03T00:00:00.000Z' },
    },
    {
      code: 'dialer_not_provisioned',
      status: 404,
      sdk: 'not_provisioned',
      text: /registration is still being approved/,
    },
    { code: 'api_key_unsupported', status: 403, sdk: 'token_unavailable', text: /create a new key/ },
    {
      code: 'rate_limited',
      status: 429,
      sdk: 'rate_limited',
      text: /Try again in 4\d s\./,
      extra: { retryAfterSeconds: 42 },
    },
    { code: 'dialer_misconfigured', status: 500, sdk: 'token_unavailable', text: /isn’t fully configured/ },
    { code: 'dialer_unavailable', status: 503, sdk: 'token_unavailable', text: /Try again in a moment/ },
  ] as const

  it.each(faultCases)('$code ($status) → $sdk', async (c) => {
    const backend = createBackend()
    backend.mock.control.addFault({
      path: MINT,
      method: 'POST',
      status: c.status,
      count: 100,
      body: { error: c.code.replace(/_/g, ' '), code: c.code, ...('extra' in c ? c.extra : {}) },
    })
    const { container } = renderWithBackend(backend, <Dialer locale="en-US" />)
    await waitFor(() => expect(root(container)).toHaveAttribute('data-error', c.sdk))
    const alert = screen.getByRole('alert')
    expect(alert).toHaveAttribute('data-code', c.sdk)
    expect(alert).toHaveTextContent(c.text)
    expect(screen.getByRole('button', { name: 'Call' })).toBeDisabled()
    if (c.sdk === 'cap_reached')
      expect(alert).toHaveTextContent(
        new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date('2026-03-03T00:00:00Z'),
        ),
      )
    if (c.sdk === 'rate_limited') expect(within(alert).getByRole('button', { name: 'Try again' })).toBeDisabled()
  })

  it('a proxy’s non-JSON 502 in front of the mint → token_unavailable, retryable', async () => {
    const backend = createBackend()
    backend.mock.control.mintFault({ kind: 'proxy502', count: 100 })
    const { container } = renderWithBackend(backend, <Dialer />)
    await waitFor(() => expect(root(container)).toHaveAttribute('data-error', 'token_unavailable'))
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it.each([
    ['capped', 'cap_reached'],
    ['paywalled', 'account_paywalled'],
    ['notProvisioned', 'not_provisioned'],
    ['legacyKey', 'token_unavailable'],
  ] as const)('the seeded %s account → %s (the mock’s own rules)', async (account, sdk) => {
    const backend = createBackend({ account })
    const { container } = renderWithBackend(backend, <Dialer />)
    await waitFor(() => expect(root(container)).toHaveAttribute('data-error', sdk))
  })

  it('the rate-limit countdown runs down from Retry-After and then allows a retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const backend = createBackend()
      backend.mock.control.addFault({
        path: MINT,
        method: 'POST',
        status: 429,
        count: 100,
        body: { error: 'slow down', code: 'rate_limited', retryAfterSeconds: 3 },
      })
      renderWithBackend(backend, <Dialer />)
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Try again in 3 s.'))
      await act(async () => void (await vi.advanceTimersByTimeAsync(1_000)))
      expect(screen.getByRole('alert')).toHaveTextContent('Try again in 2 s.')
    } finally {
      vi.useRealTimers()
    }
  })
})
