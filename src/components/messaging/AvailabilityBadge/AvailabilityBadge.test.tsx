import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithBackend, createStoryBackend, setups, storyNumbers } from '../../../../test/support/renderWithBackend'
import { AvailabilityBadge } from './AvailabilityBadge'

describe('<AvailabilityBadge>', () => {
  it('says native chat or SMS', async () => {
    renderWithBackend(
      await createStoryBackend({ setup: [setups.nativeChat(storyNumbers.chat), setups.smsOnly(storyNumbers.sms)] }),
      <>
        <AvailabilityBadge phoneNumber={storyNumbers.chat} />
        <AvailabilityBadge phoneNumber={storyNumbers.sms} />
      </>,
      { events: 'bus' },
    )
    const chat = await screen.findByText('Native chat')
    const sms = await screen.findByText('SMS')
    expect(chat).toHaveAttribute('data-service', 'nativechat')
    expect(sms).toHaveAttribute('data-service', 'SMS')
    expect(sms).toHaveTextContent('messages go as SMS')
  })
})
