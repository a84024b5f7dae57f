import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { page } from 'vitest/browser'
import { afterEach, describe, expect, it } from 'vitest'
import '../../../styles.css'
import { Conversation } from './Conversation'
import { MessageBubble } from '../MessageBubble/MessageBubble'
import type { ThreadItem } from '../../shared/types'
import { createStoryBackend, renderWithBackend, storyNumbers } from '../../../../test/support/renderWithBackend'

// Real Chromium: names a person chose (direction marks, any length) in the header and the bubbles.
afterEach(async () => {
  cleanup()
  await page.viewport(414, 896)
})

const reversed = '\u202EevaN ekiM' // shows as "Mike Nave" reversed, and would reverse what follows it
const long = Array.from({ length: 2500 }, () => 'Bartholomew').join(' ') // 30,000 characters
/** The element carrying a name in full as its tooltip. */
const titled = (name: string, selector: string) =>
  waitFor(() => {
    const el = [...document.querySelectorAll<HTMLElement>(selector)].find((e) => e.title === name)
    expect(el).toBeDefined()
    return el!
  })

describe('names in a thread', () => {
  it('a very long name is cut in the header, whole in its tooltip, and never runs under the channel badge', async () => {
    await page.viewport(390, 844)
    renderWithBackend(await createStoryBackend(), <Conversation phoneNumber={storyNumbers.chat} title={long} />)
    const title = await titled(long, '.lk-Conversation-title')
    const badge = await screen.findByText('Native chat')
    const header = title.closest('header')!
    expect(title.getBoundingClientRect().right).toBeLessThanOrEqual(badge.getBoundingClientRect().left)
    expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth)
    expect(title.scrollWidth).toBeGreaterThan(title.clientWidth)
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  })

  it('direction marks in a name stay inside it (isolated) in the header and above a bubble', async () => {
    renderWithBackend(await createStoryBackend(), <Conversation phoneNumber={storyNumbers.chat} title={reversed} />)
    const title = await titled(reversed, '.lk-Conversation-title')
    expect(title.tagName).toBe('BDI')
    expect(getComputedStyle(title).unicodeBidi).toBe('isolate')
    cleanup()
    const item: ThreadItem = {
      kind: 'message',
      key: 'k',
      message: {
        message_handle: 'pbm_1',
        content: 'Order 1234 arrived',
        from_number: storyNumbers.chat,
        to_number: '+14155550100',
        line_id: 'line',
        service: 'nativechat',
        direction: 'inbound',
        status: 'delivered',
        created_at: '2026-03-03T10:42:00Z',
        sent_at: '2026-03-03T10:42:00Z',
        media_attachment_url: null,
        voice_attachment_url: null,
      },
    }
    render(
      <div style={{ width: 360 }}>
        <MessageBubble item={item} sender={reversed} />
        <MessageBubble item={{ ...item, key: 'k2' }} sender={long} />
      </div>,
    )
    const sender = await titled(reversed, '.lk-MessageBubble-sender')
    expect(getComputedStyle(sender).unicodeBidi).toBe('isolate')
    const longSender = await titled(long, '.lk-MessageBubble-sender')
    expect(longSender.getBoundingClientRect().width).toBeLessThanOrEqual(360)
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  })
})
