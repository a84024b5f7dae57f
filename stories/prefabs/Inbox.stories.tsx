import type { CSSProperties } from 'react'
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
// The story named Inbox keeps its id (inbox--inbox): the component is imported under another name.
import { Inbox as InboxPrefab } from 'linekit'
import { MockPanel } from '../support/MockPanel'
import { setups, storyBackend, storyNumbers } from '../support'

/**
 * The `<Inbox>` prefab: the whole kit in one tag — lines, threads, a conversation with reactions
 * and typing, the contact card, the group composer, the dialer, the inbound-call banner and the
 * call log — against the mock
 * service through the real linekit/server handler. The panel under the page drives the mock:
 * inject an inbound message, ring an inbound call, move the clock, arm faults.
 */
const meta = {
  title: 'Inbox',
  component: InboxPrefab,
  args: { defaultThread: { kind: 'direct', id: storyNumbers.chat } },
  parameters: { layout: 'fullscreen', linekit: {} },
  render: (args) => <InboxPrefab {...args} footer={<MockPanel title={`Mock service (${args.title ?? 'Inbox'})`} />} />,
} satisfies Meta<typeof InboxPrefab>
export default meta
type Story = StoryObj<typeof meta>

/** The seeded production account: four lines, history with Ava, Ben, Cara, Dan and Eve. */
export const Inbox: Story = {
  play: async ({ canvas }) => {
    const threads = await canvas.findByRole('navigation', { name: 'Inbox threads' })
    await waitFor(() => expect(within(threads).getAllByRole('option').length).toBeGreaterThan(1), { timeout: 10_000 })
  },
}

/** An inbound message from Ava arrives through webhook → linekit/server → SSE while the page is open. */
export const InboundMessageArrives: Story = {
  play: async ({ canvas, context }) => {
    const backend = storyBackend(context)
    await backend.eventsConnected()
    await backend.control.injectInboundMessage({ from: storyNumbers.chat, message: 'Are you open on Sunday?' })
    await waitFor(() => expect(canvas.getAllByText('Are you open on Sunday?').length).toBeGreaterThan(0), {
      timeout: 10_000,
    })
  },
}

/** An inbound call rings on the main line as soon as the page listens: the banner shows it. */
export const RingingCall: Story = {
  parameters: { linekit: { setup: setups.ringingCall() } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('button', { name: /answer/i })).toBeVisible(), { timeout: 10_000 })
  },
}

/** A trial account: one shared line, chosen automatically; no group sending. */
export const TrialAccount: Story = { parameters: { linekit: { account: 'trial' } } }

/** This minute's 60 requests are used up: every panel shows the rate-limit state. */
export const RateLimited: Story = { parameters: { linekit: { setup: setups.rateLimited() } } }

const themed =
  (className: string | undefined, style: CSSProperties = {}): Decorator =>
  (Story) => (
    <div
      className={className}
      style={{ background: 'var(--lk-color-surface)', color: 'var(--lk-color-text)', minHeight: '100vh', ...style }}
    >
      <Story />
    </div>
  )

/** The built-in dark theme: the `lk-theme-dark` class on any ancestor. */
export const DarkTheme: Story = {
  args: { title: 'Inbox, dark theme' },
  decorators: [themed('lk-theme-dark')],
}

/** `lk-theme-system`: dark or light as the operating system's `prefers-color-scheme` is. */
export const SystemTheme: Story = {
  args: { title: 'Inbox, system theme' },
  decorators: [themed('lk-theme-system')],
}

/**
 * A custom brand done with CSS custom properties only (no class names, no component props).
 * See the "Theming" docs page for the variables.
 */
export const BrandTheme: Story = {
  args: { title: 'Inbox, brand theme' },
  decorators: [
    themed(undefined, {
      '--lk-font-family': "Georgia, 'Times New Roman', serif",
      '--lk-radius': '4px',
      '--lk-radius-small': '2px',
      '--lk-color-accent': '#6b21a8',
      '--lk-color-accent-text': '#ffffff',
      '--lk-color-surface': '#fffaf0',
      '--lk-color-surface-raised': '#f5ecff',
      '--lk-color-border': '#8b6fa8',
      '--lk-color-bubble-nativechat': '#6b21a8',
      '--lk-color-bubble-nativechat-text': '#ffffff',
      '--lk-color-bubble-inbound': '#efe4f7',
      '--lk-color-bubble-inbound-text': '#2a1040',
    } as CSSProperties),
  ],
}

/** No thread open yet: the list first (on a phone, the one pane shows the threads). */
export const NothingOpen: Story = { args: { defaultThread: null } }

/** Parts replaced: no call log, and the app's own panel in place of the dialer. */
export const PartsReplaced: Story = {
  args: {
    title: 'Inbox, parts replaced',
    parts: {
      CallLogTable: null,
      Dialer: () => <p>Calls are handled in the team’s phone app.</p>,
    },
  },
}
