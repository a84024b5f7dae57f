import { act, cleanup, screen, within } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../styles.css'
import { createFakeAudioEngine } from '../../rtc'
import { Dialer } from './Dialer/Dialer'
import { createBackend, renderWithBackend } from '../../../test/support/renderWithBackend'

// Real Chromium, real chain: a mute belongs to the call it was pressed in.
afterEach(() => cleanup())

const dialer = () => screen.getByRole('region', { name: 'Dialer' })
const status = () => within(dialer()).getByRole('status')

describe('every call starts unmuted', () => {
  it('a second call after a muted one is unmuted', async () => {
    const backend = createBackend()
    const engine = createFakeAudioEngine()
    renderWithBackend(backend, <Dialer defaultNumber="+14155550181" pollIntervalMs={20} />, { audioEngine: engine })
    const call = await screen.findByRole('button', { name: 'Call' })
    await vi.waitFor(() => expect(call).toBeEnabled(), { timeout: 8000 })
    await userEvent.click(call)
    await vi.waitFor(() => expect(dialer()).toHaveAttribute('data-audio', 'joined'))
    act(() => void backend.mock.control.advanceClock(3_000))
    await vi.waitFor(() => expect(status()).toHaveTextContent('Connected'))
    await userEvent.click(screen.getByRole('button', { name: 'Mute' }))
    await vi.waitFor(() => expect(status()).toHaveTextContent('Connected · microphone muted'))
    await userEvent.click(screen.getByRole('button', { name: 'Hang up' }))
    await vi.waitFor(() => expect(status()).toHaveTextContent('Call ended'), { timeout: 10_000 })

    // The next call: the microphone is live and the button offers Mute.
    await userEvent.click(await screen.findByRole('button', { name: 'New call' }))
    await vi.waitFor(() => expect(dialer()).toHaveAttribute('data-audio', 'joined'))
    act(() => void backend.mock.control.advanceClock(3_000))
    await vi.waitFor(() => expect(status()).toHaveTextContent('Connected'))
    expect(engine.muted).toBe(false)
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument()
    expect(status()).not.toHaveTextContent('muted')
  })
})
