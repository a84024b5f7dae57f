import { render, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { MessageBubble, ServiceBadge } from 'linekit'
import type { MessageRecord } from 'linekit/api'
import 'linekit/styles.css'

// Real Chromium: the theme is CSS custom properties only, so overriding one on an ancestor restyles the kit.
it('themes through --lk-* custom properties', () => {
  const { getByText } = render(
    <div style={{ ['--lk-color-bubble-sms' as string]: 'rgb(255, 0, 0)' }}>
      <ServiceBadge service="SMS" />
      <ServiceBadge service="nativechat" />
    </div>,
  )
  expect(getComputedStyle(getByText('SMS')).backgroundColor).toBe('rgb(255, 0, 0)')
  expect(getComputedStyle(getByText('Chat')).backgroundColor).toBe('rgb(10, 99, 216)')
})

// The native-chat fill (outbound bubbles, service badges, thread avatars) is the accent unless set on
// its own: an accent set on any ancestor reaches all of them, not only buttons.
it('--lk-color-accent on an ancestor recolours native-chat bubbles, badges and their text', () => {
  const message: MessageRecord = {
    message_handle: 'pbm_accent',
    content: 'On my way',
    from_number: '+14155550100',
    to_number: '+14155550124',
    line_id: 'line-1',
    service: 'nativechat',
    direction: 'outbound',
    status: 'delivered',
    created_at: '2026-01-05T10:00:00.000Z',
    sent_at: '2026-01-05T10:00:00.000Z',
    media_attachment_url: null,
    voice_attachment_url: null,
  }
  const { container } = render(
    <div
      style={{
        ['--lk-color-accent' as string]: 'rgb(120, 20, 160)',
        ['--lk-color-accent-text' as string]: 'rgb(250, 250, 0)',
      }}
    >
      <ServiceBadge service="nativechat" />
      <MessageBubble item={{ kind: 'message', key: message.message_handle, message }} />
    </div>,
  )
  // The badge and the bubble's own channel pill.
  for (const badge of within(container).getAllByText('Chat'))
    expect(getComputedStyle(badge).backgroundColor).toBe('rgb(120, 20, 160)')
  const bubble = container.querySelector<HTMLElement>('.lk-MessageBubble-bubble')!
  expect(getComputedStyle(bubble).backgroundColor).toBe('rgb(120, 20, 160)')
  expect(getComputedStyle(bubble).color).toBe('rgb(250, 250, 0)')
})
