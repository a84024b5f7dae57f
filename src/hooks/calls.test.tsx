import { act, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useInboundCalls } from './useInboundCalls'
import { useLinekitEvent } from './useLinekitEvent'
import { useVoiceToken } from './useVoiceToken'
import { useTypingIndicator } from './useTypingIndicator'
import { useAnswerCall } from './useAnswerCall'
import { createMemoryEventSource } from '../events/createMemoryEventSource'
import type { LinekitEvent } from '../events/LinekitEventSource'
import { createBackend, renderWithBackend } from '../../test/support/renderWithBackend'
import { http, HttpResponse } from 'msw'
import { installMsw, msw, recordRequests } from '../../test/support/msw'

installMsw()
afterEach(() => vi.useRealTimers())

const audioLine = (backend: ReturnType<typeof createBackend>) =>
  backend.lines.find((l) => l.audioCallEnabled && !l.inboundOnly && !l.shared)!

describe('inbound calls', () => {
  it('a ringing webhook queues the call; answering marks it; useLinekitEvent sees the events', async () => {
    const backend = createBackend()
    const seen: LinekitEvent[] = []
    const { result } = renderWithBackend(
      backend,
      () => {
        useLinekitEvent('*', (e) => seen.push(e))
        return { calls: useInboundCalls(), answer: useAnswerCall() }
      },
      { events: 'bus' },
    )
    const call = backend.mock.control.calls.inbound({ from: '+14155550124' })
    await backend.mock.control.webhooks.flush()
    await waitFor(() => expect(result.current.calls.current?.callUuid).toBe(call.call_uuid))
    expect(result.current.calls.current).toMatchObject({ from: '+14155550124', state: 'ringing' })
    expect(seen.map((e) => e.type)).toContain('audiocall.inbound.ringing')
    await act(async () => {
      await result.current.answer.mutateAsync({ call_uuid: call.call_uuid })
    })
    expect(result.current.calls.current).toBeUndefined()
    expect(result.current.calls.calls[0]).toMatchObject({ callUuid: call.call_uuid, state: 'answered' })
  })

  it('a lost `ended` webhook still clears the call: the provider polls calls it believes are ringing', async () => {
    const backend = createBackend()
    const events = createMemoryEventSource()
    const requests = recordRequests()
    const { result } = renderWithBackend(backend, () => useInboundCalls(), { events, callPollIntervalMs: 25 })
    const call = backend.mock.control.calls.inbound({ from: '+14155550124' })
    const ringingAt = new Date(backend.clock.now()).toISOString()
    act(() =>
      events.emit({
        type: 'audiocall.inbound.ringing',
        data: {
          event: 'audiocall.inbound.ringing',
          call_uuid: call.call_uuid,
          direction: 'inbound',
          from: '+14155550124',
          pb_line_id: audioLine(backend).lineId,
          linePhoneNumber: '+14155550100',
          ringingAt,
          receivedAt: ringingAt,
        },
      }),
    )
    expect(result.current.current?.callUuid).toBe(call.call_uuid)
    // The caller gives up; the `ended` webhook never reaches this browser.
    backend.mock.control.calls.end(call.call_uuid, 'no_answer')
    await waitFor(() => expect(result.current.current).toBeUndefined())
    expect(requests.to('/get-audiocall-call-status-api').length).toBeGreaterThan(0)
    requests.stop()
  })
})

describe('useVoiceToken', () => {
  it('mints through the server route, re-mints after maxCallsPerToken calls', async () => {
    const backend = createBackend()
    const requests = recordRequests()
    const line = audioLine(backend)
    const { result } = renderWithBackend(backend, () => useVoiceToken(line.lineId))
    await waitFor(() => expect(result.current.token).toBeDefined())
    const first = result.current.token!
    expect(first).toMatchObject({ lineId: line.lineId, maxCallsPerToken: 10 })
    expect(result.current.remainingCalls).toBe(10)
    // TanStack notifies observers on a macrotask: let each update land.
    for (let i = 0; i < 9; i++) await act(async () => result.current.countCall())
    await waitFor(() => expect(result.current.remainingCalls).toBe(1))
    expect(requests.to('/dialer/token')).toHaveLength(1)
    await act(async () => result.current.countCall())
    await waitFor(() => expect(result.current.token?.token).toBeDefined())
    await waitFor(() => expect(result.current.remainingCalls).toBe(10))
    expect(result.current.token!.token).not.toBe(first.token)
    expect(requests.to('/dialer/token')).toHaveLength(2)
    requests.stop()
  })

  it('refreshes before expiresAt (fake timers)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const backend = createBackend()
    const requests = recordRequests()
    const line = audioLine(backend)
    const { result } = renderWithBackend(backend, () => useVoiceToken(line.lineId, { refreshMarginMs: 60_000 }))
    await waitFor(() => expect(result.current.token).toBeDefined())
    const first = result.current.token!.token
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800_000)
    })
    expect(requests.to('/dialer/token')).toHaveLength(1)
    backend.clock.advance(841_000)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(41_000) // 841 s: one minute before the 900 s lifetime ends
    })
    await waitFor(() => expect(result.current.token?.token).not.toBe(first))
    expect(requests.to('/dialer/token')).toHaveLength(2)
    requests.stop()
  })

  it('exposes mint refusals with the SDK code and does not retry them', async () => {
    const backend = createBackend({ account: 'capped' })
    const requests = recordRequests()
    const line = backend.lines[0]!
    const { result } = renderWithBackend(backend, () => useVoiceToken(line.lineId))
    await waitFor(() => expect(result.current.status).toBe('error'))
    expect(result.current.error).toMatchObject({ status: 402, code: 'dialer_cap_reached', sdkCode: 'cap_reached' })
    expect(result.current.token).toBeUndefined()
    expect(requests.to('/dialer/token')).toHaveLength(1)
    requests.stop()
  })

  it('exposes a 429 it is waiting out as `retrying` (error stays null), then the token', async () => {
    const backend = createBackend()
    const line = audioLine(backend)
    backend.mock.control.addFault({
      path: '/api/v1/dialer/token',
      method: 'POST',
      status: 429,
      count: 1,
      body: { error: 'slow down', code: 'rate_limited', retryAfterSeconds: 1 },
    })
    const { result } = renderWithBackend(backend, () => useVoiceToken(line.lineId))
    await waitFor(() => expect(result.current.retrying).toMatchObject({ status: 429, sdkCode: 'rate_limited' }))
    expect(result.current.error).toBeNull()
    expect(result.current.status).toBe('pending')
    await waitFor(() => expect(result.current.token).toBeDefined())
    expect(result.current.retrying).toBeNull()
    expect(result.current.error).toBeNull()
  })
})

describe('useTypingIndicator', () => {
  it('never retries an indicator that answered ERROR', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const backend = createBackend()
    const requests = recordRequests()
    backend.mock.control.addFault({ path: '/send-typing-indicator', mode: 'device', count: 1 })
    const { result } = renderWithBackend(backend, () =>
      useTypingIndicator({ phoneNumber: '+14155550124', active: true, throttleMs: 1000 }),
    )
    await waitFor(() => expect(result.current.state).toBe('error'))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000) // ten throttle windows while still "typing"
    })
    expect(result.current.state).toBe('error')
    expect(requests.to('/send-typing-indicator')).toHaveLength(1)
    requests.stop()
  })

  it('is dropped while the connection is gone: no error shown, nothing queued for later', async () => {
    const backend = createBackend()
    const { result } = renderWithBackend(backend, () =>
      useTypingIndicator({ phoneNumber: '+14155550124', active: true, throttleMs: 60_000 }),
    )
    let tried = 0
    msw.use(
      http.post('*/send-typing-indicator', () => {
        tried += 1
        return HttpResponse.error()
      }),
    )
    await waitFor(() => expect(tried).toBe(1))
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50))
    })
    expect(result.current).toEqual({ state: 'idle', error: null })
    // Not tried again, nor kept for when the connection is back: the next one is the throttle's.
    expect(tried).toBe(1)
  })

  it('repeats a successful indicator at most once per throttle window while typing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const backend = createBackend()
    const requests = recordRequests()
    const { result, rerender } = renderWithBackend(backend, () =>
      useTypingIndicator({ phoneNumber: '+14155550124', active: true, throttleMs: 4000 }),
    )
    await waitFor(() => expect(result.current.state).toBe('sent'))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(8_100)
    })
    rerender()
    const n = requests.to('/send-typing-indicator').length
    expect(n).toBeGreaterThanOrEqual(2)
    expect(n).toBeLessThanOrEqual(4)
    requests.stop()
  })
})
