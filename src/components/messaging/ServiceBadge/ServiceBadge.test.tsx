import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ServiceBadge } from './ServiceBadge'

describe('<ServiceBadge>', () => {
  it('names the channel and exposes it as data-service', () => {
    render(<ServiceBadge service="SMS" />)
    const badge = screen.getByText('SMS')
    expect(badge).toHaveAttribute('data-service', 'SMS')
    expect(badge).toHaveClass('lk-ServiceBadge')
  })

  it('takes label overrides and merges className', () => {
    render(<ServiceBadge service="nativechat" strings={{ nativechat: 'iMessage' }} className="mine" />)
    const badge = screen.getByText('iMessage')
    expect(badge).toHaveClass('lk-ServiceBadge', 'mine')
  })
})
