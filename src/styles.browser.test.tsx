import { render } from '@testing-library/react'
import { expect, it } from 'vitest'
import { ServiceBadge } from 'linekit'
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
