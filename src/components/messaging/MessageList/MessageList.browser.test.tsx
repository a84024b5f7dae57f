import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../../styles.css'
import type { MessageRecord, ThreadItem } from '../../shared/types'
import { MessageList } from './MessageList'

const base = Date.parse('2026-03-01T00:00:00Z')
function message(i: number, direction: 'inbound' | 'outbound' = i % 3 === 0 ? 'outbound' : 'inbound'): ThreadItem {
  // Varying text lengths give rows of different heights (dynamic measurement).
  const m: MessageRecord = {
    message_handle: `pbm_${i}`,
    content: `Message ${i} ` + 'lorem ipsum '.repeat(i % 7),
    from_number: direction === 'inbound' ? '+14155550100' : '+14155550999',
    to_number: direction === 'inbound' ? '+14155550999' : '+14155550100',
    line_id: '9f1c2b9e-8d7a-4b8e-9c1d-2e3f4a5b6c7d',
    service: i % 5 === 0 ? 'SMS' : 'nativechat',
    direction,
    status: 'delivered',
    created_at: new Date(base + i * 60_000).toISOString(),
    sent_at: new Date(base + i * 60_000).toISOString(),
    media_attachment_url: null,
    voice_attachment_url: null,
  }
  return { kind: 'message', key: m.message_handle, message: m }
}
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => message(from + k))

function Harness({
  items,
  ...rest
}: {
  items: ThreadItem[]
  hasOlder?: boolean
  onLoadOlder?: () => void
  highlightKey?: string | null
}) {
  return (
    <div style={{ height: 400, width: 360, display: 'flex' }}>
      <MessageList
        items={items}
        dateOptions={{ locale: 'en-US', timeZone: 'UTC' }}
        now={new Date(base)}
        style={{ flex: 1 }}
        {...rest}
      />
    </div>
  )
}
afterEach(() => cleanup())
const viewport = () => screen.getByRole('region', { name: 'Messages' })
const mountedRows = () => document.querySelectorAll('.lk-MessageList-row').length
const distanceFromBottom = () => {
  const el = viewport()
  return el.scrollHeight - el.scrollTop - el.clientHeight
}
const nextFrames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))

describe('<MessageList> in a real browser', () => {
  it('mounts only a bounded number of rows for 10,000 messages and starts at the newest', async () => {
    render(<Harness items={range(0, 10_000)} />)
    await waitFor(() => expect(screen.getByText(/^Message 9999/)).toBeVisible())
    expect(mountedRows()).toBeLessThan(60)
    await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(2))
    // Scrolling far up still mounts only a window of rows.
    viewport().scrollTop = viewport().scrollHeight / 2
    await nextFrames()
    await waitFor(() => expect(document.querySelector('.lk-MessageList-row')).not.toBeNull())
    await waitFor(() => expect(screen.queryByText(/^Message 9999/)).toBeNull())
    expect(mountedRows()).toBeLessThan(60)
  })

  it('stays pinned to the bottom when messages arrive', async () => {
    const { rerender } = render(<Harness items={range(0, 200)} />)
    await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(2))
    rerender(<Harness items={range(0, 203)} />)
    await waitFor(() => expect(screen.getByText(/^Message 202/)).toBeVisible())
    await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(2))
    expect(screen.queryByRole('button', { name: /new message/ })).toBeNull()
  })

  it('keeps a scroll up that has not been reported yet when the list grows (the view is not pulled back down)', async () => {
    const { rerender } = render(<Harness items={range(0, 200)} />)
    await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(2))
    await nextFrames()
    // The user scrolls up and a message arrives before the browser dispatches the scroll event.
    act(() => {
      viewport().scrollTop = 1000
      rerender(<Harness items={range(0, 201)} />)
    })
    expect(Math.abs(viewport().scrollTop - 1000)).toBeLessThanOrEqual(2)
    expect(await screen.findByRole('button', { name: /1 new message/ })).toBeVisible()
    expect(viewport().closest('.lk-MessageList')).not.toHaveAttribute('data-pinned')
  })

  it('does not move when scrolled up; offers a "new messages" button that jumps down', async () => {
    const { rerender } = render(<Harness items={range(0, 200)} />)
    await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(2))
    act(() => {
      viewport().scrollTop = 1000
      viewport().dispatchEvent(new Event('scroll'))
    })
    await nextFrames()
    const before = viewport().scrollTop
    rerender(<Harness items={range(0, 202)} />)
    const jump = await screen.findByRole('button', { name: /2 new messages/ })
    await nextFrames()
    expect(Math.abs(viewport().scrollTop - before)).toBeLessThanOrEqual(2)
    await userEvent.click(jump)
    await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(2))
    await waitFor(() => expect(screen.queryByRole('button', { name: /new message/ })).toBeNull())
  })

  it('keeps the visible message in place when older messages are prepended', async () => {
    const { rerender } = render(<Harness items={range(5000, 5200)} />)
    await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(2))
    act(() => {
      viewport().scrollTop = 2000
      viewport().dispatchEvent(new Event('scroll'))
    })
    // Rows mounted by the jump are measured over the next frames; the prepend is what is checked.
    await nextFrames()
    await nextFrames()
    await nextFrames()
    const rows = [...document.querySelectorAll<HTMLElement>('.lk-MessageList-row[data-kind="item"]')]
    const top = viewport().getBoundingClientRect().top
    const anchor = rows.find((r) => r.getBoundingClientRect().top >= top)!
    const text = anchor.textContent!.match(/Message \d+/)![0]
    const offset = anchor.getBoundingClientRect().top - top
    rerender(<Harness items={range(4900, 5200)} />)
    await nextFrames()
    await nextFrames()
    const same = [...document.querySelectorAll<HTMLElement>('.lk-MessageList-row[data-kind="item"]')].find(
      (r) => r.textContent!.startsWith(`You: ${text} `) || r.textContent!.startsWith(`Them: ${text} `),
    )
    expect(same).toBeDefined()
    expect(Math.abs(same!.getBoundingClientRect().top - top - offset)).toBeLessThanOrEqual(2)
  })

  it('never covers a message with the "Load older" control, wherever the list is scrolled', async () => {
    const onLoadOlder = vi.fn()
    render(<Harness items={range(0, 200)} hasOlder onLoadOlder={onLoadOlder} />)
    await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(2))
    const button = screen.getByRole('button', { name: 'Load older messages' })
    for (const at of [1500, 0]) {
      act(() => {
        viewport().scrollTop = at
        viewport().dispatchEvent(new Event('scroll'))
      })
      await nextFrames()
      await nextFrames()
      const b = button.getBoundingClientRect()
      const v = viewport().getBoundingClientRect()
      const rows = [...document.querySelectorAll<HTMLElement>('.lk-MessageList-row')]
      expect(rows.length).toBeGreaterThan(0)
      for (const row of rows) {
        const r = row.getBoundingClientRect()
        // The part of the row the user can see (clipped by the viewport) never lies under the button.
        const top = Math.max(r.top, v.top)
        const bottom = Math.min(r.bottom, v.bottom)
        if (bottom <= top) continue
        const overlaps = top < b.bottom && bottom > b.top && r.left < b.right && r.right > b.left
        expect(overlaps, `scrolled to ${at}: "${row.textContent?.slice(0, 30)}" lies under the button`).toBe(false)
      }
      expect(document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)).toBe(button)
    }
    await userEvent.click(button)
    expect(onLoadOlder).toHaveBeenCalled()
  })
})

describe('<MessageList> showing a found message', () => {
  it('offers no "Jump to latest" when the latest message is on screen with it', async () => {
    render(<Harness items={range(1, 4)} highlightKey="pbm_1" />)
    await waitFor(() => expect(document.querySelector('[data-highlighted]')).not.toBeNull())
    // Wait for the list's own settling: the view follows the end again.
    await waitFor(() =>
      expect(screen.getByText(/^Message 3/).closest('.lk-MessageList')).toHaveAttribute('data-pinned'),
    )
    expect(screen.queryByRole('button', { name: /Jump to latest/ })).toBeNull()
  })
})
