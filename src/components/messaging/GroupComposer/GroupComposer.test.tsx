import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import { GroupComposer, GroupComposerDialog } from './GroupComposer'
import { renderWithBackend, createStoryBackend, setups, storyNumbers } from '../../../../test/support/renderWithBackend'

const groupSends = (requests: { path: string; body: unknown }[]) =>
  requests.filter((r) => r.path === '/send-group-message').map((r) => r.body as Record<string, unknown>)

describe('<GroupComposer>', () => {
  it('turns a pasted list into E.164 chips, merges duplicates, flags invalid ones and counts against 2–32', async () => {
    const r = renderWithBackend(await createStoryBackend({ setup: setups.nativeChat() }), <GroupComposer />, {
      events: 'bus',
    })
    const user = userEvent.setup()
    const input = screen.getByRole('combobox', { name: 'Add recipients' })
    await screen.findByText(/0 of 2–32 recipients/)
    await user.click(input)
    await user.paste('(415) 555-0124, +1 415 555 0124\n415.555.0146; hello')
    const chips = within(screen.getByRole('list', { name: 'Recipients' })).getAllByRole('listitem')
    // By contact name where there is one (the numbers are their E.164 forms, 0124 and 0146).
    await waitFor(() => expect(chips.map((c) => c.firstChild?.textContent)).toEqual(['Ava Stone', 'Cara', 'hello']))
    expect(chips[0]).toHaveTextContent('1 duplicate merged')
    expect(chips[2]).toHaveAttribute('data-invalid')
    expect(screen.getByText(/2 of 2–32 recipients · 1 duplicate merged · Fix or remove/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send to group' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Type a message or add an attachment link.')
    await user.click(screen.getByRole('button', { name: 'Remove hello' }))
    expect(screen.getByText('2 of 2–32 recipients · 1 duplicate merged')).toBeInTheDocument()
    expect(groupSends(r.requests)).toHaveLength(0)
    expect((await axe.run(r.container)).violations).toEqual([])
  })

  it('says native chat when every recipient is reachable and SMS otherwise, then shows the group after sending', async () => {
    const r = renderWithBackend(
      await createStoryBackend({
        setup: [setups.nativeChat(storyNumbers.chat, storyNumbers.chat2), setups.smsOnly(storyNumbers.sms)],
      }),
      <GroupComposer defaultRecipients={[storyNumbers.chat, storyNumbers.chat2]} />,
      { events: 'bus' },
    )
    const user = userEvent.setup()
    await screen.findByText(/will use native chat/)
    await user.type(screen.getByRole('combobox', { name: 'Add recipients' }), `${storyNumbers.sms}{Enter}`)
    await screen.findByText('This thread will be SMS: 1 of 3 recipients cannot receive native chat.')
    await user.type(screen.getByRole('textbox', { name: 'Group name (optional)' }), 'Book club')
    expect(screen.getByRole('textbox', { name: 'Group name (optional)' })).toHaveAccessibleDescription(
      /only when this creates the group/,
    )
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'See you Thursday')
    await user.click(screen.getByRole('button', { name: 'Send to group' }))
    const result = await screen.findByText('Sent to the group.')
    const box = result.closest('.lk-GroupComposer-result') as HTMLElement
    expect(within(box).getByText('New group created')).toHaveAttribute('data-group-id', expect.stringMatching(/^pbg_/))
    expect(box.querySelector('[data-group-status]')).toHaveAttribute(
      'data-group-status',
      expect.stringMatching(/creating|active/),
    )
    const [body] = groupSends(r.requests)
    expect(body).toMatchObject({
      numbers: [storyNumbers.chat, storyNumbers.chat2, storyNumbers.sms],
      groupName: 'Book club',
      message: 'See you Thursday',
    })
    expect(typeof body?.idempotencyKey).toBe('string')
  })

  it('on 409 offers to resend from the line the group lives on', async () => {
    const r = renderWithBackend(
      await createStoryBackend({
        setup: setups.nativeChat(),
      }),
      <GroupComposer defaultRecipients={[storyNumbers.chat, storyNumbers.chat2]} />,
      { events: 'bus' },
    )
    const user = userEvent.setup()
    const picker = await screen.findByRole('combobox', { name: 'Send from' })
    const [, first, second] = within(picker).getAllByRole('option') as HTMLOptionElement[]
    await user.selectOptions(picker, first!.value)
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'One')
    await user.click(screen.getByRole('button', { name: 'Send to group' }))
    await screen.findByText('Sent to the group.')
    await user.selectOptions(picker, second!.value)
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Two')
    await user.click(screen.getByRole('button', { name: 'Send to group' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('already lives on line')
    await user.click(within(alert).getByRole('button', { name: /Resend from/ }))
    await screen.findByText('Sent to the group.')
    const sends = groupSends(r.requests)
    expect(sends).toHaveLength(3)
    expect(sends[2]?.lineId).toBe(first!.value)
    expect(sends[2]?.idempotencyKey).not.toBe(sends[1]?.idempotencyKey)
  })

  it('reads the group status from the messages list, never by sending again, and opens the new thread', async () => {
    const opened: { chatId: string; participants: string[] }[] = []
    const r = renderWithBackend(
      await createStoryBackend({
        setup: [setups.nativeChat(), (b) => b.control.setSettings({ groupCreatingMs: 300 })],
      }),
      <GroupComposer
        defaultRecipients={[storyNumbers.chat, storyNumbers.chat2]}
        statusPollMs={50}
        onOpenThread={(t) => opened.push(t)}
      />,
      { events: 'bus' },
    )
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi all')
    await user.click(screen.getByRole('button', { name: 'Send to group' }))
    const status = await screen.findByText('Creating the chat on the line…')
    expect(status).toHaveAttribute('data-group-status', 'creating')
    await r.backend.control.advanceClock(1000)
    await screen.findByText('Active')
    expect(groupSends(r.requests)).toHaveLength(1)
    await waitFor(() => expect(opened).toHaveLength(1))
    expect(opened[0]?.chatId).toMatch(/^chat/)
    expect(opened[0]?.participants).toEqual([storyNumbers.chat, storyNumbers.chat2])
  })

  it('clears after a successful send, so the same message cannot go out twice', async () => {
    const r = renderWithBackend(
      await createStoryBackend({
        setup: setups.nativeChat(),
      }),
      <GroupComposer defaultRecipients={[storyNumbers.chat, storyNumbers.chat2]} />,
      { events: 'bus' },
    )
    const user = userEvent.setup()
    const message = screen.getByRole('textbox', { name: 'Message' })
    await user.type(message, 'Lunch at noon')
    await user.click(screen.getByRole('button', { name: 'Send to group' }))
    await screen.findByText('Sent to the group.')
    expect(message).toHaveValue('')
    await user.click(screen.getByRole('button', { name: 'Send to group' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Type a message or add an attachment link.')
    expect(groupSends(r.requests)).toHaveLength(1)
  })

  it('a double submit of one composed message is one send', async () => {
    const r = renderWithBackend(
      await createStoryBackend({
        // A slow service: the second click lands while the first send is still out.
        setup: [setups.nativeChat(), (b) => b.control.setSettings({ latencyMs: 300 })],
      }),
      <GroupComposer defaultRecipients={[storyNumbers.chat, storyNumbers.chat2]} />,
      { events: 'bus' },
    )
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Twice?')
    const button = screen.getByRole('button', { name: 'Send to group' })
    await user.dblClick(button)
    await user.keyboard('{Enter}')
    await screen.findByText('Sent to the group.')
    // One request, not a second one the service would have to de-duplicate.
    expect(groupSends(r.requests)).toHaveLength(1)
  })

  it('shows recipients by name and the status in a well-formed description list, without pbg_ ids', async () => {
    renderWithBackend(
      await createStoryBackend({
        setup: setups.nativeChat(),
      }),
      <GroupComposer defaultRecipients={[storyNumbers.chat, storyNumbers.chat2]} />,
      { events: 'bus' },
    )
    const user = userEvent.setup()
    await screen.findByText(/will use native chat/)
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Names please')
    await user.click(screen.getByRole('button', { name: 'Send to group' }))
    const box = (await screen.findByText('Sent to the group.')).closest('.lk-GroupComposer-result') as HTMLElement
    await waitFor(() => expect(within(box).getByText('Ava Stone, Cara')).toBeInTheDocument())
    expect(box).not.toHaveTextContent(/pbg_/)
    const dl = box.querySelector('dl')!
    const tags = [...dl.children].map((el) => el.tagName)
    // dt, dd pairs only
    expect(tags.length % 2).toBe(0)
    tags.forEach((t, i) => expect(t).toBe(i % 2 === 0 ? 'DT' : 'DD'))
    expect(within(dl).getByText('Status')).toBeInTheDocument()
  })

  it('says "2 to 32" only when the count is the problem', async () => {
    const r = renderWithBackend(
      await createStoryBackend({
        setup: setups.nativeChat(),
      }),
      <GroupComposer defaultRecipients={[storyNumbers.chat, storyNumbers.chat2]} />,
      { events: 'bus' },
    )
    const user = userEvent.setup()
    await screen.findByText(/will use native chat/)
    await user.click(screen.getByRole('button', { name: 'Send to group' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Type a message or add an attachment link.')
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello')
    await user.type(screen.getByRole('combobox', { name: 'Add recipients' }), 'nonsense{Enter}')
    await user.click(screen.getByRole('button', { name: 'Send to group' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Fix or remove the numbers marked invalid.')
    expect(screen.getByRole('alert')).not.toHaveTextContent(/2 to 32/)
    await user.click(screen.getByRole('button', { name: 'Remove nonsense' }))
    await user.click(screen.getByRole('button', { name: /Remove Cara/ }))
    await user.click(screen.getByRole('button', { name: 'Send to group' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Add at least 2 recipients.')
    expect(groupSends(r.requests)).toHaveLength(0)
  })

  it('tells trial accounts up front and does not send', async () => {
    const r = renderWithBackend(
      await createStoryBackend({
        account: 'trial',
      }),
      <GroupComposer defaultRecipients={[storyNumbers.chat, storyNumbers.chat2]} />,
      { events: 'bus' },
    )
    await screen.findByText('Group messages are not available on trial accounts.')
    expect(screen.getByRole('button', { name: 'Send to group' })).toBeDisabled()
    expect(r.container.querySelector('form')).toHaveAttribute('data-state', 'trial')
  })

  it('as a dialog: focus moves in, Escape closes, focus returns to the trigger', async () => {
    renderWithBackend(await createStoryBackend(), <GroupComposerDialog />, { events: 'bus' })
    const user = userEvent.setup()
    const trigger = screen.getByRole('button', { name: 'New group message' })
    await user.click(trigger)
    const dialog = await screen.findByRole('dialog', { name: 'New group message' })
    expect(dialog.contains(document.activeElement)).toBe(true)
    // Focus stays inside (trapped): tabbing past the last control never leaves the dialog.
    const stops = dialog.querySelectorAll('button, input, select, textarea, [tabindex="0"]').length
    expect(stops).toBeGreaterThan(3)
    for (let i = 0; i < stops + 3; i += 1) {
      await user.tab()
      expect(dialog.contains(document.activeElement)).toBe(true)
    }
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(trigger)
  })
})
