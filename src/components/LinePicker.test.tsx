import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { AvailabilityBadge } from './AvailabilityBadge'
import { renderWithStoryBackend, setups, storyNumbers } from '../../test/support/renderWithStoryBackend'
import { LinePicker } from './LinePicker'
import { TypingIndicator } from './TypingIndicator'

let dispose: (() => void) | undefined
afterEach(() => {
  dispose?.()
  dispose = undefined
})

function Controlled() {
  const [lineId, setLineId] = useState<string | null>(null)
  return (
    <>
      <LinePicker value={lineId} onValueChange={setLineId} />
      <output>{lineId ?? 'automatic'}</output>
    </>
  )
}

describe('<LinePicker>', () => {
  it('lists lines by number and name with an automatic choice', async () => {
    const r = await renderWithStoryBackend(<Controlled />)
    dispose = r.dispose
    const select = await screen.findByRole('combobox', { name: 'Send from' })
    expect(screen.getByRole('option', { name: 'Any line (chosen automatically)' })).toBeInTheDocument()
    const option = screen.getByRole('option', { name: /Main/ }) as HTMLOptionElement
    await userEvent.setup().selectOptions(select, option)
    expect(screen.getByText(option.value)).toBeInTheDocument()
    expect((await axe.run(r.container)).violations).toEqual([])
  })
  it('is hidden on trial accounts', async () => {
    const r = await renderWithStoryBackend(<LinePicker />, { account: 'trial' })
    dispose = r.dispose
    await screen.findByText('Trial accounts send from an automatically chosen line.')
    expect(screen.queryByRole('combobox')).toBeNull()
  })
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

describe('<TypingIndicator>', () => {
  it('shows the indicator state while active, and nothing while idle', async () => {
    const r = await renderWithStoryBackend(<TypingIndicator phoneNumber={storyNumbers.chat} active={false} />, {
      setup: [setups.nativeChat(storyNumbers.chat), setups.inboundMessages(storyNumbers.chat, ['hi'])],
    })
    dispose = r.dispose
    const el = r.container.querySelector('.lk-TypingIndicator')!
    expect(el).toHaveAttribute('data-state', 'idle')
    expect(el).toHaveTextContent('')
    r.rerender(<TypingIndicator phoneNumber={storyNumbers.chat} active />)
    await waitFor(() => expect(el).toHaveAttribute('data-state', 'sent'))
    expect(el).toHaveTextContent('They can see that you are typing.')
  })
  it('says the indicator failed and is not retried after a device ERROR (when failures are asked for)', async () => {
    const r = await renderWithStoryBackend(<TypingIndicator phoneNumber={storyNumbers.chat} active showFailures />, {
      setup: [
        setups.nativeChat(storyNumbers.chat),
        setups.inboundMessages(storyNumbers.chat, ['hi']),
        (b) => b.control.addFault({ path: '/send-typing-indicator', mode: 'device' }),
      ],
    })
    dispose = r.dispose
    await waitFor(() => expect(r.container.querySelector('.lk-TypingIndicator')).toHaveAttribute('data-state', 'error'))
    expect(screen.getByText(/could not be shown; it will not be retried/)).toBeInTheDocument()
  })
  it('fails quietly by default', async () => {
    const r = await renderWithStoryBackend(<TypingIndicator phoneNumber={storyNumbers.chat} active />, {
      setup: [
        setups.nativeChat(storyNumbers.chat),
        setups.inboundMessages(storyNumbers.chat, ['hi']),
        (b) => b.control.addFault({ path: '/send-typing-indicator', mode: 'device' }),
      ],
    })
    dispose = r.dispose
    const el = r.container.querySelector('.lk-TypingIndicator')!
    await waitFor(() => expect(el).toHaveAttribute('data-state', 'error'))
    expect(el).toHaveTextContent('')
  })
})
