import { cleanup, screen, waitFor } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ringableLine } from '../../../../stories/support'
import { createStoryBackend, renderWithBackend, storyNumbers } from '../../../../test/support/renderWithBackend'
import { useNotifications, type NotificationThread } from './useNotifications'

/**
 * The Notification API, stubbed honestly: the same static `permission` and `requestPermission()`
 * and the constructor's `(title, { body, tag })`; what a page shows is what it constructed.
 */
const shown: { title: string; body?: string; tag?: string; closed: boolean; onclick: (() => void) | null }[] = []
class FakeNotification {
  static permission: NotificationPermission = 'default'
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = 'granted'
    return FakeNotification.permission
  })
  onclick: (() => void) | null = null
  readonly record
  constructor(title: string, options: NotificationOptions = {}) {
    this.record = { title, body: options.body, tag: options.tag, closed: false, onclick: null as (() => void) | null }
    shown.push(this.record)
    // The record sees the handler the page sets after construction.
    Object.defineProperty(this.record, 'onclick', { get: () => this.onclick })
  }
  close() {
    this.record.closed = true
  }
}

/** Whether the page is on screen: Chromium's own value, overridden per test. */
let visibility: DocumentVisibilityState = 'visible'
const setVisibility = (next: DocumentVisibilityState) => {
  visibility = next
  document.dispatchEvent(new Event('visibilitychange'))
}

const ringing: { started: number; contexts: FakeAudioContext[] } = { started: 0, contexts: [] }
class FakeAudioContext {
  state: AudioContextState = 'running'
  currentTime = 0
  destination = {}
  constructor() {
    ringing.contexts.push(this)
  }
  createGain() {
    return { gain: { setValueAtTime() {}, linearRampToValueAtTime() {} }, connect() {} }
  }
  createOscillator() {
    return { frequency: { value: 0 }, connect() {}, start: () => (ringing.started += 1), stop() {} }
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
    this.state = 'closed'
    return Promise.resolve()
  }
}

beforeEach(() => {
  shown.length = 0
  ringing.started = 0
  ringing.contexts.length = 0
  FakeNotification.permission = 'default'
  FakeNotification.requestPermission.mockClear()
  localStorage.removeItem('linekit:read:v1')
  localStorage.removeItem('linekit:ring-muted:v1')
  vi.stubGlobal('Notification', FakeNotification)
  vi.stubGlobal('AudioContext', FakeAudioContext)
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
  visibility = 'visible'
  document.title = 'Support inbox'
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const opened: NotificationThread[] = []
function Agent({ ringtone = false }: { ringtone?: boolean }) {
  const notify = useNotifications({ ringtone, onOpenThread: (thread) => opened.push(thread) })
  return (
    <div>
      <button {...notify.permissionButtonProps} />
      <button {...notify.muteButtonProps} />
    </div>
  )
}

const unreadInTitle = () => Number(/^\((\d+)\) Support inbox$/.exec(document.title)?.[1] ?? 0)

describe('useNotifications', () => {
  it('asks for permission only from the button, counts unread in the title, and notifies while the page is hidden, never while visible', async () => {
    const backend = await createStoryBackend()
    renderWithBackend(backend, <Agent />, { events: 'bus' })
    // The seeded threads have unread messages: the title counts them.
    await waitFor(() => expect(unreadInTitle()).toBeGreaterThan(0), { timeout: 10_000 })
    const before = unreadInTitle()
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Turn on desktop notifications' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Turn on desktop notifications' })).toBeNull())
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1)

    // On screen: the count grows, no notification.
    await backend.control.injectInboundMessage({ from: storyNumbers.chat, message: 'Seen on screen' })
    await waitFor(() => expect(unreadInTitle()).toBe(before + 1), { timeout: 10_000 })
    expect(shown).toEqual([])

    // Hidden: one notification per thread, the newer message replacing the older one (same tag).
    setVisibility('hidden')
    await backend.control.injectInboundMessage({ from: storyNumbers.chat, message: 'Where is my parcel?' })
    await waitFor(() => expect(shown).toHaveLength(1), { timeout: 10_000 })
    expect(shown[0]).toMatchObject({ title: 'New message from Ava Stone', body: 'Where is my parcel?' })
    expect(shown[0]!.tag).toContain(storyNumbers.chat)
    await backend.control.injectInboundMessage({ from: storyNumbers.chat, message: 'Hello?' })
    await waitFor(() => expect(shown).toHaveLength(2), { timeout: 10_000 })
    expect(shown[1]!.tag).toBe(shown[0]!.tag)
    await waitFor(() => expect(unreadInTitle()).toBe(before + 3), { timeout: 10_000 })

    // Clicking focuses the window and opens the thread.
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined)
    shown[1]!.onclick?.()
    expect(focus).toHaveBeenCalled()
    expect(opened.at(-1)).toMatchObject({ id: storyNumbers.chat })
    expect(shown[1]!.closed).toBe(true)
  })

  it('rings for a ringing inbound call after a gesture, stops when the call ends, and the agent can mute it', async () => {
    const backend = await createStoryBackend()
    renderWithBackend(backend, <Agent ringtone />, { events: 'bus' })
    // Autoplay rules: a gesture before any sound (the permission button is one).
    FakeNotification.permission = 'granted'
    await userEvent.click(screen.getByRole('button', { name: 'Mute ringtone' }))
    await userEvent.click(screen.getByRole('button', { name: 'Mute ringtone' }))
    expect(screen.getByRole('button', { name: 'Mute ringtone' })).toHaveAttribute('aria-pressed', 'false')
    setVisibility('hidden')
    const lineId = ringableLine(backend).lineId
    const { callUuid } = await backend.control.ringInboundCall({ from: storyNumbers.caller, lineId })
    await waitFor(() => expect(ringing.started).toBeGreaterThan(0), { timeout: 10_000 })
    const context = ringing.contexts[0]!
    expect(context.state).toBe('running')
    await waitFor(() => expect(shown.map((n) => n.title)).toEqual([`Incoming call from ${storyNumbers.caller}`]))
    // The call ends: the tone stops at once, and its notification goes.
    backend.mock.control.calls.end(callUuid, 'no_answer')
    await backend.mock.control.webhooks.flush()
    await waitFor(() => expect(context.state).toBe('suspended'), { timeout: 10_000 })
    await waitFor(() => expect(shown[0]!.closed).toBe(true))

    // Muted: a new call makes no sound (the context stays suspended), in this tab and the others.
    await userEvent.click(screen.getByRole('button', { name: 'Mute ringtone' }))
    expect(screen.getByRole('button', { name: 'Mute ringtone' })).toHaveAttribute('aria-pressed', 'true')
    expect(localStorage.getItem('linekit:ring-muted:v1')).toBe('1')
    const started = ringing.started
    await backend.control.ringInboundCall({ from: storyNumbers.caller, lineId })
    await waitFor(() => expect(shown).toHaveLength(2), { timeout: 10_000 })
    expect(context.state).toBe('suspended')
    expect(ringing.started).toBe(started)
  })
})
