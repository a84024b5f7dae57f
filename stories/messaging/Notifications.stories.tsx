import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { InboundCallBanner, useNotifications, type UseNotificationsOptions } from 'linekit'
import { setups } from '../support'

/** An agent's bar built on `useNotifications`: the permission button, the ringtone's mute, the unread count. */
function AgentBar(props: UseNotificationsOptions) {
  const notify = useNotifications(props)
  return (
    <div style={{ display: 'grid', gap: 8, maxWidth: 420 }}>
      <div style={{ display: 'flex', gap: 8 }}>
        <button className="lk-Button" data-variant="small" {...notify.permissionButtonProps} />
        <button className="lk-Button" data-variant="ghost small" {...notify.muteButtonProps} />
      </div>
      <p>
        Unread: <output>{notify.unread}</output> — the page title reads “({notify.unread}) …” while any are unread.
      </p>
      <InboundCallBanner />
    </div>
  )
}

/**
 * Notifications are opt-in: `useNotifications()` puts the unread count in the page title, shows a
 * desktop notification for new inbound messages and ringing calls while the page is hidden (after
 * the agent allowed them with the button: browsers let a page ask only from a click), and lets the
 * agent mute the ringtone (every ring of the page, in every tab).
 */
const meta = {
  title: 'Messaging/Notifications',
  component: AgentBar,
  args: { title: true, desktop: true, ringtone: true },
  argTypes: {
    title: { control: 'boolean', description: 'Put the unread count in the page title.' },
    desktop: { control: 'boolean', description: 'Desktop notifications while the page is hidden.' },
    ringtone: { control: 'boolean', description: 'Ring for incoming calls.' },
    onOpenThread: { action: 'openThread' },
    lineIds: { control: 'object', description: 'Only these lines count (all when unset).' },
    strings: { control: false },
  },
  parameters: { linekit: {} },
  beforeEach: () => {
    localStorage.removeItem('linekit:read:v1')
    localStorage.removeItem('linekit:ring-muted:v1')
  },
} satisfies Meta<typeof AgentBar>
export default meta
type Story = StoryObj<typeof meta>

/** The seeded inbox has unread messages: they are counted; the agent has not answered the permission question. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(Number(canvas.getByRole('status').textContent)).toBeGreaterThan(0), { timeout: 10_000 })
    await expect(canvas.getByRole('button', { name: 'Mute ringtone' })).toHaveAttribute('aria-pressed', 'false')
  },
}

/** A call rings and the agent muted the ringtone: the banner still shows and announces it, silently. */
export const RingingMuted: Story = {
  parameters: { linekit: { setup: setups.ringingCall() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Mute ringtone' }))
    await expect(canvas.getByRole('button', { name: 'Mute ringtone' })).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() => expect(canvas.getAllByRole('button', { name: 'Answer' })[0]).toBeVisible(), { timeout: 10_000 })
  },
}
