import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { useState } from 'react'
import { MessageList, type ThreadItem } from 'linekit'
import { item, storyDates, storyNow, thread } from './fixtures'

/** The virtualized thread on its own (fixed data): only visible rows are mounted. */
const meta = {
  title: 'Messaging/MessageList',
  component: MessageList,
  args: { items: thread(40), dateOptions: storyDates, now: storyNow },
  decorators: [
    (Story) => (
      <div style={{ height: 420, maxWidth: 480, display: 'flex' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MessageList>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

/** 10,000 messages: scrolling stays smooth because only the rows in view are mounted. */
export const TenThousandMessages: Story = {
  args: { items: thread(10_000) },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText(/^Message 10000 of 10000/)).toBeVisible())
    await expect(canvasElement.querySelectorAll('.lk-MessageList-row').length).toBeLessThan(60)
  },
}
export const Loading: Story = { args: { items: [], status: 'pending' } }
export const Empty: Story = { args: { items: [] } }
export const LoadError: Story = {
  args: { items: [], status: 'error', error: { status: 502, message: 'bad gateway' }, onRetry: () => {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('could not be reached')
  },
}
/** More history exists: a "Load older messages" button (loading also starts near the top). */
export const HasOlder: Story = { args: { hasOlder: true, onLoadOlder: () => {} } }
export const LoadingOlder: Story = { args: { hasOlder: true, isFetchingOlder: true } }

function Live() {
  const [items, setItems] = useState<ThreadItem[]>(() => thread(60))
  const add = () =>
    setItems((xs) => [
      ...xs,
      item({
        message_handle: `pbm_new_${xs.length}`,
        content: `New message ${xs.length + 1}`,
        created_at: new Date(storyNow.getTime() - 1000).toISOString(),
      }),
    ])
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, height: '100%', width: '100%' }}>
      <button type="button" className="lk-Button" onClick={add}>
        Receive a message
      </button>
      <MessageList items={items} dateOptions={storyDates} now={storyNow} style={{ flex: 1 }} />
    </div>
  )
}

/** Scrolled up when messages arrive: the view stays put and offers a "new messages" button. */
export const NewMessagesWhileScrolledUp: Story = {
  render: () => <Live />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const viewport = await canvas.findByRole('region', { name: 'Messages' })
    await waitFor(() => expect(viewport.scrollTop).toBeGreaterThan(0))
    viewport.scrollTop = 0
    viewport.dispatchEvent(new Event('scroll'))
    await waitFor(() => expect(canvasElement.querySelector('.lk-MessageList')).not.toHaveAttribute('data-pinned'))
    await userEvent.click(canvas.getByRole('button', { name: 'Receive a message' }))
    const jump = await canvas.findByRole('button', { name: /1 new message/ })
    await userEvent.click(jump)
    await waitFor(() => expect(canvasElement.querySelector('.lk-MessageList')).toHaveAttribute('data-pinned'))
  },
}
