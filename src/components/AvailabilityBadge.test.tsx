import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithStoryBackend, setups, storyNumbers } from '../../test/support/renderWithStoryBackend'
import { AvailabilityBadge } from './AvailabilityBadge'

let dispose: (() => void) | undefined
afterEach(() => {
  dispose?.()
  dispose = undefined
})

describe('<AvailabilityBadge>', () => {
  it('says native chat or SMS', async () => {
    const r = await renderWithStoryBackend(
      <>
        <AvailabilityBadge phoneNumber={storyNumbers.chat} />
        <AvailabilityBadge phoneNumber={storyNumbers.sms} />
      </>,
      { setup: [setups.nativeChat(storyNumbers.chat), setups.smsOnly(storyNumbers.sms)] },
    )
    dispose = r.dispose
    const chat = await screen.findByText('Native chat')
    const sms = await screen.findByText('SMS')
    expect(chat).toHaveAttribute('data-service', 'nativechat')
    expect(sms).toHaveAttribute('data-service', 'SMS')
    expect(sms).toHaveTextContent('messages go as SMS')
  })
})
