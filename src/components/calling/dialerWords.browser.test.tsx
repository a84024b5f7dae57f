import { act, cleanup, screen, within } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../styles.css'
import { createFakeAudioEngine } from '../../rtc'
import { Dialer } from './Dialer/Dialer'
import { InboundCallBanner } from './InboundCallBanner/InboundCallBanner'
import { createBackend, renderWithBackend } from '../../../test/support/renderWithBackend'

// Real Chromium, real chain: the dialer's words say what the call is doing.
afterEach(() => cleanup())

const dialer = () => screen.getByRole('region', { name: 'Dialer' })
const status = () => within(dialer()).getByRole('status')

describe('the dialer says what the call does', () => {
  it('ringing with audio ready, connected and muted, ended with the call log’s duration', async () => {
    const backend = createBackend()
    const engine = createFakeAudioEngine()
    renderWithBackend(backend, <Dialer defaultNumber="+14155550181" pollIntervalMs={20} />, { audioEngine: engine })
    const call = await screen.findByRole('button', { name: 'Call' })
    await vi.waitFor(() => expect(call).toBeEnabled(), { timeout: 8000 })
    await userEvent.click(call)
    await vi.waitFor(() => expect(dialer()).toHaveAttribute('data-audio', 'joined'))
    expect(status()).toHaveTextContent('Ringing…')
    // Joined audio is not a conversation: nobody has answered.
    expect(dialer()).toHaveTextContent('Audio ready, waiting for an answer')
    expect(dialer()).not.toHaveTextContent('Audio connected')
    act(() => void backend.mock.control.advanceClock(3_000))
    await vi.waitFor(() => expect(status()).toHaveTextContent('Connected'))
    expect(dialer()).toHaveTextContent('Audio connected')
    await userEvent.click(screen.getByRole('button', { name: 'Mute' }))
    await vi.waitFor(() => expect(status()).toHaveTextContent('Connected · microphone muted'))
    act(() => void backend.mock.control.advanceClock(42_000))
    await userEvent.click(screen.getByRole('button', { name: 'Hang up' }))
    const log = await vi.waitFor(() => {
      const entry = backend.mock.control.callLogs.list()[0]
      expect(entry?.duration_seconds).not.toBeNull()
      return entry!
    })
    const m = Math.floor(log.duration_seconds! / 60)
    const s = String(log.duration_seconds! % 60).padStart(2, '0')
    await vi.waitFor(() => expect(status()).toHaveTextContent(`Call ended after ${m}:${s}.`))
  })

  it('knows when the agent is on an incoming call', async () => {
    const backend = createBackend()
    const engine = createFakeAudioEngine()
    renderWithBackend(
      backend,
      <div>
        <InboundCallBanner ringSound={false} />
        <Dialer />
      </div>,
      { events: 'bus', audioEngine: engine },
    )
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Call' })).toBeEnabled(), { timeout: 8000 })
    await act(async () => {
      backend.mock.control.calls.inbound({
        accountId: backend.account.accountId,
        lineId: (backend.lines.find((l) => l.audioCallEnabled && l.inboundNumber) ?? backend.lines[0]!).lineId,
        from: '+14155550124',
      })
      await backend.mock.control.webhooks.flush()
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Answer' }, { timeout: 8000 }))
    await screen.findByRole('button', { name: 'Hang up' }, { timeout: 8000 })
    await vi.waitFor(() => expect(status()).toHaveTextContent('On an incoming call with Ava Stone'))
    expect(screen.getByRole('button', { name: 'Call' })).toBeDisabled()
  })
})
