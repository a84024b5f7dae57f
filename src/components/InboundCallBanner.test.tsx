import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it, vi } from 'vitest'
import { createSseEventSource } from '../events/createSseEventSource'
import { createFakeAudioEngine } from '../rtc'
import { InboundCallBanner } from './InboundCallBanner'
import { createBackend, installMsw, renderWithBackend, type Backend } from '../../test/support/renderWithBackend'

installMsw()
const caller = '+14155550182'
const banner = (container: HTMLElement) => container.querySelector<HTMLElement>('.lk-InboundCallBanner')!
const ringableLine = (b: Backend) =>
  b.lines.find((l) => l.audioCallEnabled && l.inboundNumber) ?? b.lines.find((l) => l.audioCallEnabled)!

/** Rings an inbound call on the mock and waits for the webhook to reach the server. */
async function ring(backend: Backend, from = caller) {
  let uuid = ''
  await act(async () => {
    uuid = backend.mock.control.calls.inbound({
      accountId: backend.account.accountId,
      lineId: ringableLine(backend).lineId,
      from,
    }).call_uuid
    await backend.mock.control.webhooks.flush()
  })
  return uuid
}
async function settle(backend: Backend, step: () => unknown) {
  await act(async () => {
    step()
    await backend.mock.control.webhooks.flush()
  })
}

describe('<InboundCallBanner> against the mock through the real server handler', () => {
  it('a mock-injected call reaches the banner through the webhook route and SSE, and is announced', async () => {
    const backend = createBackend()
    const events = createSseEventSource({ url: 'http://localhost/api/linekit/events', retryMs: 50 })
    const { container } = renderWithBackend(backend, <InboundCallBanner />, { events })
    await waitFor(() => expect(events.status).toBe('open'))
    await ring(backend)
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '1'), { timeout: 4000 })
    expect(screen.getByText(caller)).toBeInTheDocument()
    const live = container.querySelector('[aria-live="assertive"]')!
    expect(live).toHaveTextContent(`Incoming call from ${caller} on ${ringableLine(backend).phoneNumber}`)
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
    await user.tab()
    expect(screen.getByRole('button', { name: 'Answer' })).toHaveFocus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(container.querySelector('[data-state="connected"]')).not.toBeNull())
    expect(engine.joins).toHaveLength(1)
    expect(onAnswer).toHaveBeenCalledWith(expect.objectContaining({ callUuid: uuid }), { joinable: true })
    expect(backend.mock.control.calls.list().find((c) => c.call_uuid === uuid)?.call_status).toBe('answered')
    // Our own `answered` event must not hide the call we are on.
    await act(() => backend.mock.control.webhooks.flush())
    expect(screen.getByText(`In call with ${caller}`)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Hang up' }))
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '0'))
    expect(engine.state).toBe('disconnected')
    expect(backend.mock.control.calls.list().find((c) => c.call_uuid === uuid)?.call_status).toBe('ended')
  })

  it('disappears when the call is answered elsewhere', async () => {
    const backend = createBackend()
    const { container } = renderWithBackend(backend, <InboundCallBanner />, { events: 'bus' })
    const uuid = await ring(backend)
    await screen.findByRole('button', { name: 'Answer' })
    await settle(backend, () => backend.mock.control.calls.answerElsewhere(uuid))
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '0'))
    expect(screen.queryByRole('button', { name: 'Answer' })).toBeNull()
  })

  it('disappears when the call ends (caller gave up)', async () => {
    const backend = createBackend()
    const { container } = renderWithBackend(backend, <InboundCallBanner />, { events: 'bus' })
    const uuid = await ring(backend)
    await screen.findByRole('button', { name: 'Answer' })
    await settle(backend, () => backend.mock.control.calls.end(uuid, 'no_answer'))
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '0'))
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
        `The call from ${caller} was already answered elsewhere or has ended.`,
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
  })

  it('queues several calls, oldest first', async () => {
    const backend = createBackend()
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <InboundCallBanner />, { events: 'bus' })
    await ring(backend, caller)
    await ring(backend, '+14155550184')
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '2'))
    const items = within(banner(container)).getAllByRole('listitem')
    expect(items[0]).toHaveAttribute('data-current')
    expect(items[0]).toHaveTextContent(caller)
    expect(items[1]).toHaveTextContent('+14155550184')
    expect(screen.getByText('1 more call waiting')).toBeInTheDocument()
    await user.click(within(items[0]!).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '1'))
    expect(within(banner(container)).getByRole('listitem')).toHaveTextContent('+14155550184')
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

  it('has no axe violations while ringing with a queue', async () => {
    const backend = createBackend()
    const { container } = renderWithBackend(backend, <InboundCallBanner />, { events: 'bus' })
    await ring(backend)
    await ring(backend, '+14155550184')
    await waitFor(() => expect(banner(container)).toHaveAttribute('data-count', '2'))
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([])
  })
})
