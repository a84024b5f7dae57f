import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../../styles.css'
import { Conversation } from './Conversation'
import { renderWithBackend, createStoryBackend, setups, storyNumbers } from '../../../../test/support/renderWithBackend'
import type { StorySetup } from '../../../../stories/support/createStoryBackend'

// Real Chromium, real chain: useThread → client → linekit/server → mock service (in-process).
afterEach(() => {
  cleanup()
})

const ui = (
  <div style={{ height: 640, width: 420, display: 'flex', flexDirection: 'column' }}>
    <Conversation
      phoneNumber={storyNumbers.chat}
      dateOptions={{ locale: 'en-US', timeZone: 'UTC' }}
      composerProps={{ showLinePicker: false }}
    />
  </div>
)
/** A thread whose messages are one mock-minute apart (distinct times: a stable order). */
const distinctThread =
  (count: number): StorySetup =>
  async ({ control }) => {
    await control.setReachable(storyNumbers.chat, true)
    for (let i = 1; i <= count; i += 1) {
      await control.injectInboundMessage({ from: storyNumbers.chat, message: `Message ${i} of ${count}` })
      await control.advanceClock(60_000)
    }
  }
const viewport = () => screen.getByRole('region', { name: 'Messages' })
const distanceFromBottom = () => viewport().scrollHeight - viewport().scrollTop - viewport().clientHeight
const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
const rowCount = () => Number(document.querySelector('.lk-MessageList-row')?.getAttribute('aria-setsize') ?? 0)

describe('<Conversation> in a real browser', () => {
  it('follows new inbound messages while at the bottom', async () => {
    const r = renderWithBackend(await createStoryBackend({ setup: distinctThread(120) }), ui, { events: 'bus' })
    await waitFor(() => expect(screen.getByText('Message 120 of 120')).toBeVisible(), { timeout: 10_000 })
    await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(2))
    await r.backend.control.injectInboundMessage({ from: storyNumbers.chat, message: 'Fresh one' })
    await waitFor(() => expect(screen.getByText('Fresh one')).toBeVisible(), { timeout: 10_000 })
    await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(2))
  })

  it('keeps the visible message in place when an older page is prepended', async () => {
    renderWithBackend(await createStoryBackend({ setup: distinctThread(300) }), ui, { events: 'bus' })
    await waitFor(() => expect(screen.getByText('Message 300 of 300')).toBeVisible(), { timeout: 10_000 })
    const before = rowCount()
    viewport().scrollTop = 600
    await frames()
    await frames()
    const top = viewport().getBoundingClientRect().top
    const anchor = [...document.querySelectorAll<HTMLElement>('.lk-MessageList-row[data-kind="item"]')].find(
      (el) => el.getBoundingClientRect().top >= top,
    )!
    const text = anchor.querySelector('.lk-MessageBubble-text')!.textContent
    const offset = anchor.getBoundingClientRect().top - top
    await userEvent.click(screen.getByRole('button', { name: 'Load older messages' }))
    await waitFor(() => expect(rowCount()).toBeGreaterThan(before), { timeout: 10_000 })
    await frames()
    await frames()
    const same = [...document.querySelectorAll<HTMLElement>('.lk-MessageList-row[data-kind="item"]')].find(
      (el) => el.querySelector('.lk-MessageBubble-text')?.textContent === text,
    )
    expect(same).toBeDefined()
    expect(
      Math.abs(same!.getBoundingClientRect().top - viewport().getBoundingClientRect().top - offset),
    ).toBeLessThanOrEqual(2)
    expect(document.querySelectorAll('.lk-MessageList-row').length).toBeLessThan(60)
  })
})

describe('<Conversation> and group threads', () => {
  it('never shows a group reply in the one-to-one thread of its sender', async () => {
    // Seed: Cara answered the "Team lunch" group ("I'm in!", to_number chat…) and has no 1:1 history.
    renderWithBackend(
      await createStoryBackend(),
      <div style={{ height: 640, width: 420, display: 'flex', flexDirection: 'column' }}>
        <Conversation phoneNumber={storyNumbers.chat2} composerProps={{ showLinePicker: false }} />
      </div>,
      { events: 'bus' },
    )
    await waitFor(() => expect(screen.getByText('No messages yet.')).toBeVisible(), { timeout: 10_000 })
    expect(screen.queryByText("I'm in!")).toBeNull()
    expect(screen.queryByRole('button', { name: /react/i })).toBeNull()
  })

  it('keeps a live group reply out of the 1:1 thread', async () => {
    const r = renderWithBackend(
      await createStoryBackend({ setup: setups.nativeChat(storyNumbers.chat2) }),
      <div style={{ height: 640, width: 420, display: 'flex', flexDirection: 'column' }}>
        <Conversation phoneNumber={storyNumbers.chat2} composerProps={{ showLinePicker: false }} />
      </div>,
      { events: 'bus' },
    )
    await waitFor(() => expect(screen.getByText('No messages yet.')).toBeVisible(), { timeout: 10_000 })
    await r.backend.control.injectInboundMessage({
      from: storyNumbers.chat2,
      groupId: 'pbg_SeedTeamLunch00000001',
      message: 'Make it 1 pm?',
    })
    // A 1:1 message after it: once it shows, the group reply has been through the same events.
    await r.backend.control.injectInboundMessage({ from: storyNumbers.chat2, message: 'Just us two' })
    await screen.findByText('Just us two', undefined, { timeout: 10_000 })
    expect(screen.queryByText('Make it 1 pm?')).toBeNull()
    expect(screen.queryByText("I'm in!")).toBeNull()
  })

  it('sends no typing indicator in a 1:1 thread whose only message is a group reply', async () => {
    const r = renderWithBackend(
      await createStoryBackend({ setup: setups.nativeChat(storyNumbers.chat2) }),
      <div style={{ height: 640, width: 420, display: 'flex', flexDirection: 'column' }}>
        <Conversation phoneNumber={storyNumbers.chat2} composerProps={{ showLinePicker: false }} />
      </div>,
      { events: 'bus' },
    )
    const thread = screen.getByRole('region', { name: /Conversation with/ })
    await waitFor(() => expect(thread).not.toHaveAttribute('data-state', 'loading'), { timeout: 10_000 })
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Message' }).closest('form')).toHaveAttribute(
        'data-native-chat',
        'true',
      ),
    )
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello Cara')
    await new Promise((done) => setTimeout(done, 500))
    expect(r.requests.filter((q) => q.path === '/send-typing-indicator')).toHaveLength(0)
    expect(screen.queryByText('They can see that you are typing.')).toBeNull()
    expect(screen.getByText('No messages yet.')).toBeVisible()
  })
})

describe('<Conversation> reactions', () => {
  it('offers tapbacks from a menu on the bubble, and shows a sent one as a chip', async () => {
    localStorage.removeItem('linekit:reactions:v1')
    renderWithBackend(await createStoryBackend(), ui, { events: 'bus' })
    const text = await screen.findByText('Thanks! When will it arrive?', undefined, { timeout: 10_000 })
    // No "React" button under every message.
    expect(screen.queryAllByRole('button', { name: 'React' })).toHaveLength(0)
    const trigger = screen.getByRole('button', { name: 'Add a reaction' })
    // Shown on hover (and keyboard focus), hidden otherwise.
    expect(getComputedStyle(trigger).opacity).toBe('0')
    await userEvent.hover(text)
    await waitFor(() => expect(getComputedStyle(trigger).opacity).toBe('1'))
    await userEvent.click(trigger)
    const toolbar = await screen.findByRole('toolbar', { name: 'React to this message' })
    await waitFor(() => expect(toolbar.contains(document.activeElement)).toBe(true))
    await userEvent.click(screen.getByRole('button', { name: 'Love' }))
    const chips = await screen.findByRole('list', { name: 'Your reactions' })
    expect(chips).toHaveTextContent('Love')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('toolbar')).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a reaction' }))
  })
})

describe('<Conversation> reactions by touch', () => {
  /**
   * A finger on the bubble for `ms` milliseconds of the page's clock (touch pointer events, as a
   * phone sends them), then a second more. The clock is faked for the press: on a busy machine a
   * real 80 ms wait can outlast the long-press threshold and turn a tap into a long press.
   */
  const press = (el: Element, ms: number) => {
    const at = el.getBoundingClientRect()
    const init: PointerEventInit = {
      bubbles: true,
      cancelable: true,
      pointerType: 'touch',
      pointerId: 7,
      isPrimary: true,
      clientX: at.left + 10,
      clientY: at.top + 10,
    }
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      el.dispatchEvent(new PointerEvent('pointerdown', { ...init, buttons: 1 }))
      vi.advanceTimersByTime(ms)
      el.dispatchEvent(new PointerEvent('pointerup', init))
      vi.advanceTimersByTime(1000)
    } finally {
      vi.useRealTimers()
    }
  }

  it('a long press on a bubble opens the reaction menu; a short tap does not', async () => {
    localStorage.removeItem('linekit:reactions:v1')
    renderWithBackend(await createStoryBackend(), ui, { events: 'bus' })
    const text = await screen.findByText('Thanks! When will it arrive?', undefined, { timeout: 10_000 })
    const bubble = text.closest('.lk-MessageBubble-bubble')!
    press(bubble, 80)
    await frames()
    expect(screen.queryByRole('toolbar', { name: 'React to this message' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Add a reaction' })).toHaveAttribute('aria-expanded', 'false')

    press(bubble, 700)
    const toolbar = await screen.findByRole('toolbar', { name: 'React to this message' })
    expect(screen.getByRole('button', { name: 'Close reactions' })).toHaveAttribute('aria-expanded', 'true')
    await waitFor(() => expect(toolbar.contains(document.activeElement)).toBe(true))
    await userEvent.click(screen.getByRole('button', { name: 'Like' }))
    await waitFor(() => expect(screen.getByRole('list', { name: 'Your reactions' })).toHaveTextContent('Like'))
  })
})

describe('<Conversation> composer and bubbles', () => {
  const small = (
    <div style={{ height: 480, width: 360, display: 'flex', flexDirection: 'column' }}>
      <Conversation phoneNumber={storyNumbers.chat} dateOptions={{ locale: 'en-US', timeZone: 'UTC' }} />
    </div>
  )
  it('keeps Send visible with the options open in a 480 px conversation', async () => {
    renderWithBackend(await createStoryBackend(), small, { events: 'bus' })
    await screen.findByText('Thanks! When will it arrive?', undefined, { timeout: 10_000 })
    await userEvent.click(screen.getByRole('button', { name: 'Attachment, effect and line' }))
    await screen.findByRole('combobox', { name: 'Send effect' })
    const send = screen.getByRole('button', { name: 'Send' })
    const box = send.getBoundingClientRect()
    expect(box.bottom).toBeLessThanOrEqual(480)
    expect(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)).toBe(send)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Send effect' })).toBeNull())
  })

  it('links http(s) URLs, never other schemes, and shows the channel only where it changes', async () => {
    renderWithBackend(
      await createStoryBackend({
        setup: async ({ control }) => {
          await control.injectInboundMessage({
            from: storyNumbers.chat,
            message: 'Track it at https://example.test/t/1. Not javascript:alert(1)',
          })
        },
      }),
      small,
      { events: 'bus' },
    )
    const link = await screen.findByRole('link', { name: 'https://example.test/t/1' }, { timeout: 10_000 })
    expect(link).toHaveAttribute('href', 'https://example.test/t/1')
    expect(screen.queryByRole('link', { name: /javascript/ })).toBeNull()
    // Seeded Ava thread: all native chat, so one channel pill for the whole thread.
    const badges = document.querySelectorAll('.lk-MessageList .lk-ServiceBadge')
    expect(badges.length).toBe(1)
  })

  it('shows the channel pill again where the channel changes', async () => {
    renderWithBackend(
      await createStoryBackend({
        setup: async ({ control }) => {
          await control.injectInboundMessage({ from: storyNumbers.chat, message: 'By text now', service: 'SMS' })
          await control.advanceClock(60_000)
          await control.injectInboundMessage({ from: storyNumbers.chat, message: 'Still by text', service: 'SMS' })
        },
      }),
      small,
      { events: 'bus' },
    )
    await screen.findByText('Still by text', undefined, { timeout: 10_000 })
    const pill = (text: string) =>
      screen.getByText(text).closest('.lk-MessageBubble')!.querySelector('.lk-MessageBubble-meta .lk-ServiceBadge')
    expect(pill('By text now')).toHaveTextContent('SMS')
    expect(pill('Still by text')).toBeNull()
  })

  it('groups consecutive messages from one side, and starts a new group when the side changes', async () => {
    renderWithBackend(
      await createStoryBackend({
        setup: async ({ control }) => {
          await control.setReachable(storyNumbers.chat, true)
          // A minute apart: distinct times, a stable order, well within one group.
          for (const message of ['First of three', 'Second of three', 'Third of three']) {
            await control.injectInboundMessage({ from: storyNumbers.chat, message })
            await control.advanceClock(60_000)
          }
        },
      }),
      small,
      { events: 'bus' },
    )
    const bubble = (text: string) => screen.getByText(text).closest('.lk-MessageBubble')
    await screen.findByText('Third of three', undefined, { timeout: 10_000 })
    await waitFor(() => {
      expect(bubble('First of three')).not.toHaveAttribute('data-grouped')
      expect(bubble('Second of three')).toHaveAttribute('data-grouped')
      expect(bubble('Third of three')).toHaveAttribute('data-grouped')
    })
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Got all three{Enter}')
    const mine = () =>
      screen.getByText('Got all three', { selector: '.lk-MessageBubble-text' }).closest('.lk-MessageBubble')
    await waitFor(() => expect(mine()).not.toHaveAttribute('data-optimistic'), { timeout: 10_000 })
    expect(mine()).not.toHaveAttribute('data-grouped')
    // Grouped bubbles sit closer together than the start of a new group.
    const gap = (a: string, b: string) =>
      bubble(b)!.getBoundingClientRect().top - bubble(a)!.getBoundingClientRect().bottom
    expect(gap('Second of three', 'Third of three')).toBeLessThan(
      screen.getByText('Got all three').closest('.lk-MessageBubble')!.getBoundingClientRect().top -
        bubble('Third of three')!.getBoundingClientRect().bottom,
    )
  })

  it('shows the effect a message was sent with, also once the service lists it', async () => {
    localStorage.removeItem('linekit:effects:v1')
    renderWithBackend(await createStoryBackend(), small, { events: 'bus' })
    await screen.findByText('Thanks! When will it arrive?', undefined, { timeout: 10_000 })
    await userEvent.click(screen.getByRole('button', { name: 'Attachment, effect and line' }))
    const effect = await screen.findByRole('combobox', { name: 'Send effect' })
    await waitFor(() => expect(effect).toBeEnabled())
    await userEvent.selectOptions(effect, 'confetti')
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Happy birthday!{Enter}')
    const mine = () =>
      screen.getByText('Happy birthday!', { selector: '.lk-MessageBubble-text' }).closest('.lk-MessageBubble')
    await screen.findByText('Happy birthday!', { selector: '.lk-MessageBubble-text' })
    await waitFor(() => expect(mine()).not.toHaveAttribute('data-optimistic'), { timeout: 10_000 })
    const listed = mine()!
    expect(listed).toHaveTextContent('Effect: confetti')
    expect(listed).toHaveAttribute('data-effect', 'confetti')
  })

  it('says what the service said about a refused send (the contract gives no code), never its hint', async () => {
    renderWithBackend(
      await createStoryBackend({
        setup: async (b) => {
          await b.control.setReachable(storyNumbers.chat, true)
          await b.control.addFault({
            path: '/send-api-message',
            status: 400,
            body: { error: 'phone is not valid', code: 'invalid_request', hint: 'Use E.164' },
          })
        },
      }),
      small,
      { events: 'bus' },
    )
    await screen.findByText('Thanks! When will it arrive?', undefined, { timeout: 10_000 })
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello?{Enter}')
    const failed = await screen.findByText(/^Not sent:/, undefined, { timeout: 10_000 })
    expect(failed).toHaveTextContent('Not sent: The service refused this message. It said: “phone is not valid”')
    expect(failed).not.toHaveTextContent(/E\.164/)
    const bubble = failed.closest('.lk-MessageBubble') as HTMLElement
    // Sending the same request again cannot help.
    expect(within(bubble).queryByRole('button', { name: 'Retry' })).toBeNull()
    await waitFor(() =>
      expect(screen.getByText(/^Your message was not sent\./)).toHaveTextContent(/It said: “phone is not valid”/),
    )
  })

  it('while the key is rate limited, says so with the wait instead of "Loading…"', async () => {
    renderWithBackend(await createStoryBackend({ setup: setups.rateLimited() }), small, { events: 'bus' })
    const status = await screen.findByText(/^Too many requests — retrying in \d+ s$/, undefined, { timeout: 10_000 })
    expect(status).toBeVisible()
    expect(screen.queryByText(/Loading/)).toBeNull()
  })

  it('offers "Jump to latest" while scrolled up', async () => {
    renderWithBackend(await createStoryBackend({ setup: distinctThread(60) }), small, { events: 'bus' })
    await waitFor(() => expect(screen.getByText('Message 60 of 60')).toBeVisible(), { timeout: 10_000 })
    expect(screen.queryByRole('button', { name: /Jump to latest/ })).toBeNull()
    viewport().scrollTop = 0
    viewport().dispatchEvent(new Event('scroll'))
    const jump = await screen.findByRole('button', { name: /Jump to latest/ })
    await userEvent.click(jump)
    await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(2))
  })
})
