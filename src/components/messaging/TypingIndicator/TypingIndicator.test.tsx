import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithBackend, createStoryBackend, setups, storyNumbers } from '../../../../test/support/renderWithBackend'
import { TypingIndicator } from './TypingIndicator'

describe('<TypingIndicator>', () => {
  it('shows the indicator state while active, and nothing while idle', async () => {
    const r = renderWithBackend(
      await createStoryBackend({
        setup: [setups.nativeChat(storyNumbers.chat), setups.inboundMessages(storyNumbers.chat, ['hi'])],
      }),
      <TypingIndicator phoneNumber={storyNumbers.chat} active={false} />,
      { events: 'bus' },
    )
    const el = r.container.querySelector('.lk-TypingIndicator')!
    expect(el).toHaveAttribute('data-state', 'idle')
    expect(el).toHaveTextContent('')
    r.rerender(<TypingIndicator phoneNumber={storyNumbers.chat} active />)
    await waitFor(() => expect(el).toHaveAttribute('data-state', 'sent'))
    expect(el).toHaveTextContent('They can see that you are typing.')
  })
  it('sends the number in E.164 (spec: POST /send-typing-indicator), whatever the format of the prop', async () => {
    const national = storyNumbers.chat.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '$1.$2.$3')
    expect(national).not.toBe(storyNumbers.chat)
    const r = renderWithBackend(
      await createStoryBackend({
        setup: [setups.nativeChat(storyNumbers.chat), setups.inboundMessages(storyNumbers.chat, ['hi'])],
      }),
      <TypingIndicator phoneNumber={national} active />,
      { events: 'bus' },
    )
    await waitFor(() => expect(r.requests.some((q) => q.path === '/send-typing-indicator')).toBe(true))
    expect(r.requests.find((q) => q.path === '/send-typing-indicator')?.body).toMatchObject({
      phoneNumber: storyNumbers.chat,
    })
  })

  it('says the indicator failed and is not retried after a device ERROR (when failures are asked for)', async () => {
    const r = renderWithBackend(
      await createStoryBackend({
        setup: [
          setups.nativeChat(storyNumbers.chat),
          setups.inboundMessages(storyNumbers.chat, ['hi']),
          (b) => b.control.addFault({ path: '/send-typing-indicator', mode: 'device' }),
        ],
      }),
      <TypingIndicator phoneNumber={storyNumbers.chat} active showFailures />,
      { events: 'bus' },
    )
    await waitFor(() => expect(r.container.querySelector('.lk-TypingIndicator')).toHaveAttribute('data-state', 'error'))
    expect(screen.getByText(/could not be shown; it will not be retried/)).toBeInTheDocument()
  })
  it('fails quietly by default', async () => {
    const r = renderWithBackend(
      await createStoryBackend({
        setup: [
          setups.nativeChat(storyNumbers.chat),
          setups.inboundMessages(storyNumbers.chat, ['hi']),
          (b) => b.control.addFault({ path: '/send-typing-indicator', mode: 'device' }),
        ],
      }),
      <TypingIndicator phoneNumber={storyNumbers.chat} active />,
      { events: 'bus' },
    )
    const el = r.container.querySelector('.lk-TypingIndicator')!
    await waitFor(() => expect(el).toHaveAttribute('data-state', 'error'))
    expect(el).toHaveTextContent('')
  })
})
