import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import type { MessageRecord } from '../../shared/types'
import {
  renderWithBackend,
  createStoryBackend,
  storyNumbers,
  type StoryBackend,
} from '../../../../test/support/renderWithBackend'
import { ReactionBar } from './ReactionBar'

const msg = (over: Partial<MessageRecord>): MessageRecord => ({
  message_handle: 'pbm_x',
  content: 'x',
  from_number: storyNumbers.chat,
  to_number: '+14155550100',
  line_id: 'l',
  service: 'nativechat',
  direction: 'inbound',
  status: 'delivered',
  created_at: '2026-03-03T10:00:00Z',
  sent_at: '2026-03-03T10:00:00Z',
  media_attachment_url: null,
  voice_attachment_url: null,
  ...over,
})

/** A real inbound native-chat message in the mock. */
async function inboundHandle(r: ReturnType<typeof renderWithBackend<StoryBackend>>) {
  const res = await r.client.getMessages({ direction: 'inbound', from_number: storyNumbers.chat, limit: 1 })
  return res.data[0]!
}

describe('<ReactionBar>', () => {
  it('is a toolbar with one tab stop, arrow/Home/End roving focus, and toggles add/remove', async () => {
    const r = renderWithBackend(
      await createStoryBackend({
        setup: async (b) => {
          await b.control.setReachable(storyNumbers.chat, true)
          await b.control.injectInboundMessage({ from: storyNumbers.chat, message: 'Lunch?' })
        },
      }),
      <div />,
      { events: 'bus' },
    )
    const message = await inboundHandle(r)
    r.rerender(<ReactionBar messageHandle={message.message_handle} partIndex={1} />)
    const user = userEvent.setup()
    const toolbar = await screen.findByRole('toolbar', { name: 'React to this message' })
    const buttons = screen.getAllByRole('button')
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Love',
      'Like',
      'Dislike',
      'Ha ha',
      'Emphasize',
      'Question',
    ])
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1)
    await user.tab()
    expect(screen.getByRole('button', { name: 'Love' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('button', { name: 'Like' })).toHaveFocus()
    await user.keyboard('{End}')
    expect(screen.getByRole('button', { name: 'Question' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('button', { name: 'Love' })).toHaveFocus()
    await user.keyboard('{ArrowLeft}{Home}{ArrowRight}{ArrowRight}')
    expect(screen.getByRole('button', { name: 'Dislike' })).toHaveFocus()
    await user.keyboard(' ')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dislike' })).toHaveAttribute('aria-pressed', 'true'))
    // Pressed at once (optimistic); "sent" only once the service has answered.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Reaction sent.'))
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Dislike' })).toHaveAttribute('aria-pressed', 'false'),
    )
    const bodies = r.requests.filter((q) => q.path === '/send-reaction').map((q) => q.body)
    expect(bodies).toEqual([
      { messageHandle: message.message_handle, reaction: 'dislike', remove: false, partIndex: 1 },
      { messageHandle: message.message_handle, reaction: 'dislike', remove: true, partIndex: 1 },
    ])
    expect(toolbar).toHaveAttribute('aria-orientation', 'horizontal')
    expect((await axe.run(r.container)).violations).toEqual([])
  })

  it('explains instead of offering on outbound and SMS messages', async () => {
    const r = renderWithBackend(
      await createStoryBackend(),
      <ReactionBar messageHandle="pbm_x" message={msg({ direction: 'outbound' })} />,
      { events: 'bus' },
    )
    expect(screen.queryByRole('toolbar')).toBeNull()
    expect(screen.getByText('Reactions can only be sent to messages you received.')).toBeInTheDocument()
    r.rerender(<ReactionBar messageHandle="pbm_x" message={msg({ service: 'SMS' })} />)
    expect(screen.getByText(/only work on native-chat messages; this one came by SMS/)).toBeInTheDocument()
    expect(r.requests.filter((q) => q.path === '/send-reaction')).toHaveLength(0)
  })

  it('reports a device ERROR inside a 200 without marking the reaction', async () => {
    const r = renderWithBackend(
      await createStoryBackend({
        setup: async (b) => {
          await b.control.setReachable(storyNumbers.chat, true)
          await b.control.injectInboundMessage({ from: storyNumbers.chat, message: 'Hi' })
          await b.control.addFault({ path: '/send-reaction', mode: 'device' })
        },
      }),
      <div />,
      { events: 'bus' },
    )
    const message = await inboundHandle(r)
    r.rerender(<ReactionBar messageHandle={message.message_handle} message={message} />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Love' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The reaction was not sent'))
    expect(screen.getByRole('button', { name: 'Love' })).toHaveAttribute('aria-pressed', 'false')
  })
})
