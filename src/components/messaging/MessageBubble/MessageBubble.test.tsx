import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it, vi } from 'vitest'
import type { MessageRecord, ThreadItem } from '../../shared/types'
import { MessageBubble } from './MessageBubble'

const record = (over: Partial<MessageRecord> = {}): MessageRecord => ({
  message_handle: 'pbm_1',
  content: 'Hello',
  from_number: '+14155550100',
  to_number: '+14155550999',
  line_id: '9f1c2b9e-8d7a-4b8e-9c1d-2e3f4a5b6c7d',
  service: 'nativechat',
  direction: 'inbound',
  status: 'delivered',
  created_at: '2026-03-03T10:42:00Z',
  sent_at: '2026-03-03T10:42:00Z',
  media_attachment_url: null,
  voice_attachment_url: null,
  ...over,
})
const item = (over: Partial<MessageRecord> = {}): ThreadItem => ({ kind: 'message', key: 'k', message: record(over) })
const opts = { locale: 'en-US', timeZone: 'UTC' }

describe('<MessageBubble>', () => {
  it.each([
    ['inbound', 'nativechat'],
    ['inbound', 'SMS'],
    ['inbound', 'RCS'],
    ['outbound', 'nativechat'],
    ['outbound', 'SMS'],
  ] as const)('exposes %s %s as data attributes and names the channel', (direction, service) => {
    const { container } = render(<MessageBubble item={item({ direction, service })} dateOptions={opts} />)
    const root = container.firstElementChild!
    expect(root).toHaveAttribute('data-direction', direction)
    expect(root).toHaveAttribute('data-service', service)
    expect(within(root as HTMLElement).getByText(service === 'nativechat' ? 'Chat' : service)).toHaveAttribute(
      'data-service',
      service,
    )
    expect(root).toHaveTextContent(direction === 'inbound' ? 'Them:' : 'You:')
    expect(root.querySelector('time')).toHaveTextContent('10:42 AM')
  })

  it('shows delivery status on outbound messages only', () => {
    const { rerender } = render(<MessageBubble item={item({ direction: 'outbound', status: 'pending' })} />)
    expect(screen.getByText('Sent')).toBeInTheDocument()
    rerender(<MessageBubble item={item({ direction: 'outbound', status: 'delivered' })} />)
    expect(screen.getByText('Delivered')).toBeInTheDocument()
    rerender(<MessageBubble item={item({ direction: 'inbound', status: 'delivered' })} />)
    expect(screen.queryByText('Delivered')).toBeNull()
  })

  it('renders message text as text, never as HTML', () => {
    const { container } = render(<MessageBubble item={item({ content: '<img src=x onerror=alert(1)><b>bold</b>' })} />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('b')).toBeNull()
    expect(screen.getByText('<img src=x onerror=alert(1)><b>bold</b>')).toBeInTheDocument()
  })

  it('renders http(s) attachments and refuses other schemes', async () => {
    const { container, rerender } = render(
      <MessageBubble item={item({ media_attachment_url: 'https://cdn.example.com/p.jpg' })} />,
    )
    // Attachments load on first use (a lazy chunk).
    expect(await screen.findByRole('img', { name: 'Image attachment' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/p.jpg',
    )
    rerender(<MessageBubble item={item({ media_attachment_url: 'javascript:alert(1)' })} />)
    expect(container.querySelector('a[href^="javascript"]')).toBeNull()
    expect(screen.getByText(/Attachment not shown/)).toBeInTheDocument()
    rerender(<MessageBubble item={item({ media_attachment_url: 'data:text/html,<script>1</script>' })} />)
    expect(container.querySelector('[src^="data:"], [href^="data:"]')).toBeNull()
    rerender(<MessageBubble item={item({ media_attachment_url: 'https://cdn.example.com/card.vcf' })} />)
    expect(screen.getByRole('link', { name: /Open contact card/ })).toHaveAttribute(
      'href',
      'https://cdn.example.com/card.vcf',
    )
    rerender(<MessageBubble item={item({ media_attachment_url: 'https://cdn.example.com/clip.mp4' })} />)
    expect(container.querySelector('video')).toHaveAttribute('src', 'https://cdn.example.com/clip.mp4')
  })

  it.each([
    ['image', 'https://cdn.example.com/p.jpg', 'img', 'The image could not be loaded. p.jpg'],
    ['video', 'https://cdn.example.com/clip.mp4', 'video', 'The video could not be loaded. clip.mp4'],
  ])('an %s that fails to load becomes a link to it with a sentence', async (_, url, tag, text) => {
    const { container } = render(<MessageBubble item={item({ media_attachment_url: url })} />)
    // Attachments load on first use (a lazy chunk).
    await waitFor(() => expect(container.querySelector(tag)).not.toBeNull())
    act(() => {
      container.querySelector(tag)!.dispatchEvent(new Event('error'))
    })
    expect(container.querySelector(tag)).toBeNull()
    expect(screen.getByRole('link', { name: text })).toHaveAttribute('href', url)
  })

  it('plays voice memos with an accessible player', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'))
      return Promise.resolve()
    })
    const user = userEvent.setup()
    const { container } = render(
      <MessageBubble
        item={item({ direction: 'outbound', content: 'Spoken', voice_attachment_url: 'https://cdn.example.com/m.m4a' })}
      />,
    )
    const player = await screen.findByRole('group', { name: 'AI voice memo' })
    await user.click(within(player).getByRole('button', { name: 'Play' }))
    expect(play).toHaveBeenCalled()
    expect(within(player).getByRole('button', { name: 'Pause' })).toBeInTheDocument()
    expect(within(player).getByRole('slider', { name: 'Position' })).toHaveAttribute('aria-valuetext', '0:00 of 0:00')
    expect((await axe.run(container)).violations).toEqual([])
    play.mockRestore()
  })

  it('shows a pending send, then a failed one with reason, Retry and Discard', async () => {
    const retry = vi.fn()
    const discard = vi.fn()
    const base = {
      kind: 'optimistic',
      key: 'l1',
      localId: 'l1',
      accepted: false,
      body: { phone: '+1', message: 'Hi' },
      retry,
      discard,
      createdAt: '2026-03-03T10:00:00Z',
    } as const
    const { container, rerender } = render(<MessageBubble item={{ ...base, state: 'pending' }} />)
    expect(container.firstElementChild).toHaveAttribute('data-status', 'sending')
    expect(screen.getByText('Sending…')).toBeInTheDocument()
    rerender(
      <MessageBubble
        item={{ ...base, state: 'failed', error: { status: 429, retryAfterSeconds: 12, message: 'rate' } }}
      />,
    )
    expect(container.firstElementChild).toHaveAttribute('data-status', 'failed')
    expect(screen.getByText(/Not sent: Too many requests. Try again in 12 seconds./)).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await user.click(screen.getByRole('button', { name: 'Discard' }))
    expect(retry).toHaveBeenCalledOnce()
    expect(discard).toHaveBeenCalledOnce()
    expect((await axe.run(container)).violations).toEqual([])
  })

  it('says why a pending send waits: a back-off counting down, an earlier message going first, or one that was not sent', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      const base = {
        kind: 'optimistic',
        key: 'l2',
        localId: 'l2',
        accepted: false,
        state: 'pending',
        body: { phone: '+1', message: 'Hi' },
        retry: () => {},
        discard: () => {},
        createdAt: '2026-03-03T10:00:00Z',
      } as const
      const { container, rerender } = render(
        <MessageBubble item={{ ...base, wait: { reason: 'retrying', until: Date.now() + 3_000 } }} />,
      )
      const root = container.firstElementChild
      expect(root).toHaveAttribute('data-wait', 'retrying')
      expect(screen.getByText('Not through yet — trying again in 3 s')).toBeInTheDocument()
      act(() => vi.advanceTimersByTime(2_000))
      expect(screen.getByText('Not through yet — trying again in 1 s')).toBeInTheDocument()
      rerender(<MessageBubble item={{ ...base, wait: { reason: 'queued' } }} />)
      expect(root).toHaveAttribute('data-wait', 'queued')
      expect(screen.getByText('Waiting for the earlier messages')).toBeInTheDocument()
      rerender(
        <MessageBubble
          item={{ ...base, wait: { reason: 'held' } }}
          strings={{ held: 'Held until the earlier message is sent' }}
        />,
      )
      expect(screen.getByText('Held until the earlier message is sent')).toBeInTheDocument()
      rerender(<MessageBubble item={base} />)
      expect(root).not.toHaveAttribute('data-wait')
      expect(screen.getByText('Sending…')).toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })
})
