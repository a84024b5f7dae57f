import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Conversation } from './Conversation'
import { stubLayout } from '../../../../test/support/layout'
import { renderWithBackend, createStoryBackend, setups, storyNumbers } from '../../../../test/support/renderWithBackend'

let restore: () => void
beforeAll(() => {
  restore = stubLayout()
})
afterAll(() => restore())

const ui = (phone: string = storyNumbers.chat, lineId?: string) => (
  <Conversation
    phoneNumber={phone}
    {...(lineId ? { lineId } : {})}
    dateOptions={{ locale: 'en-US', timeZone: 'UTC' }}
    composerProps={{ defaultOptionsOpen: true }}
  />
)
const sends = (requests: { path: string; body: unknown }[]) =>
  requests.filter((r) => r.path === '/send-api-message').map((r) => r.body as Record<string, unknown>)

describe('<Conversation>', () => {
  it('shows the thread and sends with Enter (Shift+Enter adds a line); no axe violations', async () => {
    const r = renderWithBackend(
      await createStoryBackend({
        setup: [
          setups.nativeChat(storyNumbers.chat),
          setups.inboundMessages(storyNumbers.chat, ['Hi there', 'Are you open today?']),
        ],
      }),
      ui(),
      { events: 'bus' },
    )
    const user = userEvent.setup()
    const inbound = await screen.findByText('Are you open today?')
    expect(inbound.closest('.lk-MessageBubble')).toHaveAttribute('data-direction', 'inbound')
    expect(inbound.closest('.lk-MessageBubble')).toHaveAttribute('data-service', 'nativechat')
    const box = screen.getByRole('textbox', { name: 'Message' })
    await user.type(box, 'Yes,{Shift>}{Enter}{/Shift}until 6')
    expect(box).toHaveValue('Yes,\nuntil 6')
    await user.keyboard('{Enter}')
    expect(box).toHaveValue('')
    const mine = await screen.findByText(
      (_, el) => el?.classList.contains('lk-MessageBubble-text') === true && el.textContent === 'Yes,\nuntil 6',
    )
    await waitFor(() => expect(mine.closest('.lk-MessageBubble')).not.toHaveAttribute('data-optimistic'))
    expect(sends(r.requests)[0]).toMatchObject({ phone: storyNumbers.chat, message: 'Yes,\nuntil 6' })
    expect((await axe.run(r.container)).violations).toEqual([])
  })

  it('offers send effects only on native chat and explains why on SMS', async () => {
    renderWithBackend(await createStoryBackend({ setup: setups.smsOnly(storyNumbers.sms) }), ui(storyNumbers.sms), {
      events: 'bus',
    })
    const effect = await screen.findByRole('combobox', { name: 'Send effect' })
    await screen.findByText(/this number receives SMS/)
    expect(effect).toBeDisabled()
    expect(effect).toHaveAccessibleDescription(/Send effects work only on native chat/)
  })

  it('sends the chosen effect on native chat', async () => {
    const r = renderWithBackend(await createStoryBackend({ setup: setups.nativeChat(storyNumbers.chat) }), ui(), {
      events: 'bus',
    })
    const user = userEvent.setup()
    const effect = await screen.findByRole('combobox', { name: 'Send effect' })
    await waitFor(() => expect(effect).toBeEnabled())
    await user.selectOptions(effect, 'confetti')
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Happy birthday{Enter}')
    await waitFor(() => expect(sends(r.requests)[0]).toMatchObject({ effect: 'confetti', message: 'Happy birthday' }))
  })

  it('refuses an empty send and a non-http attachment before asking the service', async () => {
    const r = renderWithBackend(await createStoryBackend(), ui(), { events: 'bus' })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Type a message or add an attachment link.')
    await user.type(await screen.findByRole('textbox', { name: 'Attachment link' }), 'javascript:alert(1)')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByRole('alert')).toHaveTextContent('http:// or https://')
    expect(sends(r.requests)).toHaveLength(0)
  })

  it('shows a refused send with its reason, and offers no Retry where retrying cannot help', async () => {
    renderWithBackend(
      await createStoryBackend({
        setup: async (b) => {
          await b.control.setReachable(storyNumbers.chat, true)
          await b.control.addFault({
            path: '/send-api-message',
            status: 403,
            body: { error: 'Recipient is blocked', code: 'forbidden', hint: 'Set through POST /__mock/faults' },
          })
        },
      }),
      ui(),
      { events: 'bus' },
    )
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello?{Enter}')
    const failed = await screen.findByText(/Not sent:/)
    expect(failed).toHaveTextContent('refused')
    expect(failed).not.toHaveTextContent(/__mock|Set through/)
    const bubble = failed.closest('.lk-MessageBubble') as HTMLElement
    expect(bubble).toHaveAttribute('data-status', 'failed')
    expect(within(bubble).queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(within(bubble).getByRole('button', { name: 'Discard' })).toBeInTheDocument()
    // Announced to screen readers.
    await waitFor(() =>
      expect(screen.getByText(/^Your message was not sent\./)).toHaveAttribute('aria-live', 'assertive'),
    )
  })

  it('after a server fault, Retry sends again with the same idempotency key', async () => {
    const r = renderWithBackend(
      await createStoryBackend({
        setup: async (b) => {
          await b.control.setReachable(storyNumbers.chat, true)
          await b.control.addFault({ path: '/send-api-message', status: 500, count: 4 })
        },
      }),
      ui(),
      // The four automatic attempts fail on the four faults; no real seconds of back-off between them.
      { events: 'bus', sendRetry: { maxAttempts: 4, baseDelayMs: 1, maxDelayMs: 4 } },
    )
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello?{Enter}')
    const failed = await screen.findByText(/Not sent:/, undefined, { timeout: 10_000 })
    const bubble = failed.closest('.lk-MessageBubble') as HTMLElement
    await user.click(within(bubble).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(screen.queryByText(/Not sent:/)).toBeNull())
    const keys = new Set(sends(r.requests).map((b) => b?.idempotencyKey))
    expect(keys.size).toBe(1)
  })

  it('offers tapbacks on inbound native-chat messages only', async () => {
    const r = renderWithBackend(
      await createStoryBackend({
        setup: [setups.nativeChat(storyNumbers.chat), setups.inboundMessages(storyNumbers.chat, ['Lunch?'])],
      }),
      ui(),
      { events: 'bus' },
    )
    const user = userEvent.setup()
    const bubble = (await screen.findByText('Lunch?')).closest('.lk-MessageBubble') as HTMLElement
    await user.click(within(bubble).getByRole('button', { name: 'Add a reaction' }))
    expect(within(bubble).getByRole('button', { name: 'Close reactions' })).toHaveAttribute('aria-expanded', 'true')
    const toolbar = await within(bubble).findByRole('toolbar', { name: 'React to this message' })
    await user.click(within(toolbar).getByRole('button', { name: 'Like' }))
    await waitFor(() =>
      expect(within(toolbar).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true'),
    )
    const body = r.requests.find((q) => q.path === '/send-reaction')?.body
    expect(body).toMatchObject({ reaction: 'like', remove: false, partIndex: 0 })
    // Outbound bubbles offer no reactions.
    for (const out of document.querySelectorAll('.lk-MessageBubble[data-direction="outbound"]')) {
      expect(within(out as HTMLElement).queryByRole('button', { name: 'Add a reaction' })).toBeNull()
    }
  })

  it('keeps attachment, effect and line behind a disclosure by default', async () => {
    renderWithBackend(await createStoryBackend(), <Conversation phoneNumber={storyNumbers.chat} />, {
      events: 'bus',
    })
    const toggle = screen.getByRole('button', { name: 'Attachment, effect and line' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('textbox', { name: 'Attachment link' })).toBeNull()
    await userEvent.setup().click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(await screen.findByRole('textbox', { name: 'Attachment link' })).toBeVisible()
  })

  it('hides the line picker on trial accounts', async () => {
    renderWithBackend(await createStoryBackend({ account: 'trial' }), ui(), { events: 'bus' })
    await screen.findByText('Trial accounts send from an automatically chosen line.')
    expect(screen.queryByRole('combobox', { name: 'Send from' })).toBeNull()
  })
})
