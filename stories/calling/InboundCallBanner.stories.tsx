import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { InboundCallBanner, InboundCallHistory, createFakeAudioEngine } from 'linekit'
import { ringableLine, setups, storyBackend, storyNumbers, storyWebhookSecret, type StorySetup } from '../support'

/** The caller as the banner shows a number with no contact: grouped for reading. */
const callerShown = '(415) 555-0182'

/**
 * Inbound calls rung by the mock reach the banner the production way: mock webhook →
 * linekit/server webhook route → bus → SSE → provider → banner.
 */
const meta = {
  title: 'Calling/InboundCallBanner',
  component: InboundCallBanner,
  parameters: { linekit: {} },
} satisfies Meta<typeof InboundCallBanner>
export default meta
type Story = StoryObj<typeof meta>

const banner = (el: HTMLElement) => el.querySelector<HTMLElement>('.lk-InboundCallBanner')!
const ringing = async (el: HTMLElement) => {
  const canvas = within(el)
  await waitFor(() => expect(canvas.getAllByRole('button', { name: 'Answer' })[0]).toBeVisible(), { timeout: 8000 })
  return canvas
}

/** Nothing rings: the (empty) region is there for screen readers, nothing is visible. */
export const Empty: Story = {
  // The story says what a designer is looking at: an empty banner draws nothing on purpose.
  render: (args) => (
    <>
      <p>No call is ringing: the banner is empty and draws nothing (its live region waits for a call).</p>
      <InboundCallBanner {...args} />
    </>
  ),
  play: async ({ canvasElement }) => {
    await expect(banner(canvasElement)).toHaveAttribute('data-count', '0')
    await expect(within(canvasElement).getByText(/No call is ringing/)).toBeVisible()
  },
}

/** A call rings: announced, with Answer and Decline. */
export const Ringing: Story = {
  parameters: { linekit: { setup: setups.ringingCall() } },
  play: async ({ canvasElement }) => {
    const canvas = await ringing(canvasElement)
    await expect(canvas.getByText(callerShown)).toBeVisible()
    await expect(canvasElement.querySelector('[aria-live="assertive"]')).toHaveTextContent(
      `Incoming call from ${callerShown}`,
    )
  },
}

const twoCalls: StorySetup = (backend) => {
  void backend.eventsConnected().then(async () => {
    const line = ringableLine(backend)
    await backend.control.ringInboundCall({ from: storyNumbers.caller, lineId: line.lineId })
    await backend.control.ringInboundCall({ from: '+14155550184', lineId: line.lineId })
  })
}
/** Two calls ringing at once: both on screen, counted as two incoming calls (none is "waiting"). */
export const TwoCallsWaiting: Story = {
  parameters: { linekit: { setup: twoCalls } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(banner(canvasElement)).toHaveAttribute('data-count', '2'), { timeout: 8000 })
    await expect(within(canvasElement).getByText('2 incoming calls')).toBeVisible()
    await expect(within(canvasElement).queryByText(/waiting/)).toBeNull()
  },
}

/** More calls than fit (`maxVisible={1}`): the ones not shown are counted as waiting. */
export const CallsWaitingBeyondScreen: Story = {
  args: { maxVisible: 1 },
  parameters: { linekit: { setup: twoCalls } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText('1 more call waiting')).toBeVisible(), {
      timeout: 8000,
    })
  },
}

/** Answered here: joins audio (fake engine); audio state, a timer from the answer, mute, Hang up. */
export const Answered: Story = {
  parameters: { linekit: { setup: setups.ringingCall() } },
  play: async ({ canvasElement }) => {
    const canvas = await ringing(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Answer' }))
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Hang up' })).toBeVisible())
    await expect(canvasElement.querySelector('[data-state="connected"]')).not.toBeNull()
    await expect(canvas.getByText('Audio connected')).toBeVisible()
    await expect(canvas.getByRole('timer', { name: 'Call duration' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Mute' }))
    await expect(canvas.getByRole('button', { name: 'Unmute' })).toBeVisible()
  },
}

/** Answered, but the audio network can't be reached: said in a sentence; the call goes on, with Rejoin and Hang up. */
export const AudioFailed: Story = {
  args: { audioEngine: createFakeAudioEngine({ failJoinWith: 'network' }) },
  parameters: { linekit: { setup: setups.ringingCall() } },
  play: async ({ canvasElement }) => {
    const canvas = await ringing(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Answer' }))
    await waitFor(() => expect(canvasElement.querySelector('[data-state="failed"]')).not.toBeNull())
    await expect(canvas.getByRole('alert')).toHaveTextContent('The call audio couldn’t connect.')
    await expect(canvas.getByRole('button', { name: 'Rejoin audio' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Hang up' })).toBeVisible()
    await expect(canvas.getByRole('timer', { name: 'Call duration' })).toBeVisible()
  },
}

/** Answered in the mobile app: the call leaves, and a notice with Call back stays. */
export const AnsweredElsewhere: Story = {
  parameters: { linekit: { setup: setups.ringingCall() } },
  play: async ({ canvasElement, context }) => {
    await ringing(canvasElement)
    const backend = storyBackend(context)
    await backend.control.answerCallElsewhere(backend.lastCall!.callUuid)
    await waitFor(() => expect(banner(canvasElement)).toHaveAttribute('data-count', '0'), { timeout: 8000 })
    await waitFor(() => expect(within(canvasElement).getByText(/was answered elsewhere/)).toBeVisible())
    await expect(within(canvasElement).getByRole('link', { name: `Call back ${callerShown}` })).toBeVisible()
  },
}

/** Missed: the caller gave up before anyone answered; a notice with Call back and Dismiss stays. */
export const Missed: Story = {
  parameters: { linekit: { setup: setups.ringingCall() } },
  play: async ({ canvasElement, context }) => {
    await ringing(canvasElement)
    const backend = storyBackend(context)
    await backend.control.endCall(backend.lastCall!.callUuid, 'no_answer')
    await waitFor(() => expect(within(canvasElement).getByText(/Missed call from/)).toBeVisible(), {
      timeout: 8000,
    })
    await expect(banner(canvasElement)).toHaveAttribute('data-count', '0')
    await expect(within(canvasElement).getByRole('link', { name: `Call back ${callerShown}` })).toBeVisible()
    await expect(
      within(canvasElement).getByRole('button', { name: `Dismiss the notice about ${callerShown}` }),
    ).toBeVisible()
  },
}

/** Answer loses the race (409: answered elsewhere a moment before): explained, not thrown. */
export const Conflict: Story = {
  // The notice stays for the pictures, however long a busy machine takes over them.
  args: { noticeMs: 600_000 },
  parameters: {
    linekit: {
      setup: [setups.ringingCall(), setups.faults({ endpoint: 'answerCall', status: 409, count: 1 })],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await ringing(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Answer' }))
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/already answered elsewhere or has ended/))
  },
}

/**
 * Declined here: the call leaves; a notice keeps the number to call back, and leaves by itself
 * (`noticeMs`) once focus and the pointer are elsewhere: the call stays in the history.
 */
export const Declined: Story = {
  // The notice stays for the pictures, however long a busy machine takes over them.
  args: { noticeMs: 600_000 },
  parameters: { linekit: { setup: setups.ringingCall() } },
  play: async ({ canvasElement }) => {
    const canvas = await ringing(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(banner(canvasElement)).toHaveAttribute('data-count', '0'))
    await expect(canvas.getByText(/Declined call from/)).toBeVisible()
  },
}

/** The inbound call history next to the banner: every call since the page opened, and how it went. */
export const History: Story = {
  parameters: { linekit: { setup: setups.ringingCall() } },
  render: (args) => (
    <>
      <InboundCallBanner {...args} />
      <InboundCallHistory />
    </>
  ),
  play: async ({ canvasElement, context }) => {
    await ringing(canvasElement)
    const backend = storyBackend(context)
    await backend.control.endCall(backend.lastCall!.callUuid, 'no_answer')
    const history = within(canvasElement).getByRole('region', { name: 'Incoming call history' })
    await waitFor(() => expect(within(history).getByText('Missed')).toBeVisible(), { timeout: 8000 })
  },
}

/**
 * Calls that rang and ended before the page opened (a reload, a second tab). Setups run before the
 * backend's own webhook exists, so this one delivers its calls' events to the server with a
 * webhook of its own, then removes it.
 */
const callsBeforeThePageOpened: StorySetup = async (backend) => {
  const { webhooks } = backend.mock.control
  const hook = webhooks.create({
    accountId: backend.account.accountId,
    url: `http://localhost${backend.prefix}/webhooks/${storyWebhookSecret}`,
    audioCalls: true,
  })
  const lineId = ringableLine(backend).lineId
  const missed = await backend.control.ringInboundCall({ from: storyNumbers.caller, lineId })
  await backend.control.endCall(missed.callUuid, 'no_answer')
  const declined = await backend.control.ringInboundCall({ from: '+14155550184', lineId })
  await backend.control.endCall(declined.callUuid, 'declined')
  await webhooks.flush()
  await backend.server.settled()
  webhooks.remove(hook.id)
}
/** After a reload: the calls that rang before the page opened, loaded from linekit/server's read model. */
export const HistoryAfterReload: Story = {
  parameters: { linekit: { setup: callsBeforeThePageOpened } },
  render: (args) => (
    <>
      <InboundCallBanner {...args} />
      <InboundCallHistory />
    </>
  ),
  play: async ({ canvasElement }) => {
    const history = within(canvasElement).getByRole('region', { name: 'Incoming call history' })
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2), { timeout: 8000 })
    await expect(within(history).getByText('Missed')).toBeVisible()
    await expect(within(history).getByText('Declined')).toBeVisible()
    // Calls that ended before the page opened leave no notice in the banner.
    await expect(within(canvasElement).queryByText(/Missed call from/)).toBeNull()
  },
}
