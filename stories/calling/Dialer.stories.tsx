import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Dialer, createFakeAudioEngine } from 'linekit'
import { setups, storyBackend, type StoryBackend } from '../support'

/**
 * The Dialer against the mock service through the real linekit/server routes (MSW), with the
 * fake audio engine. One story per state; mint errors come from the mock's own accounts
 * (capped, paywalled, not provisioned, legacy key, no audio add-on) or from armed faults.
 */
const callSettings =
  (settings: { outboundAnswerMs?: number; outboundRtc?: boolean }) =>
  (b: StoryBackend): Promise<void> =>
    b.control.call('POST', '/calls/settings', settings).then(() => undefined)

/** Mock time until the callee answers: far beyond any story, so only `answer()` below makes it happen. */
const answerAfterMs = 600_000
const holdAnswer = callSettings({ outboundAnswerMs: answerAfterMs })

const meta = {
  title: 'Calling/Dialer',
  component: Dialer,
  // Every call story holds its state: the callee answers only when a story moves the mock's clock.
  parameters: { linekit: { setup: holdAnswer } },
  args: { defaultNumber: '(415) 555-0181' },
} satisfies Meta<typeof Dialer>
export default meta
type Story = StoryObj<typeof meta>

const root = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('.lk-Dialer')!
const ready = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement)
  await waitFor(() => expect(canvas.getByRole('button', { name: 'Call' })).toBeEnabled(), { timeout: 8000 })
  return canvas
}
const mintErrorShown =
  (code: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-error', code), { timeout: 8000 })
    await expect(within(canvasElement).getByRole('alert')).toBeVisible()
    await expect(within(canvasElement).getByRole('button', { name: 'Call' })).toBeDisabled()
  }

/** Ready: a voice token is minted and the allowance shown. */
export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement)
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'idle')
    await expect(canvas.getByText(/min used/)).toBeVisible()
    await expect(canvas.getByText('Will call (415) 555-0181')).toBeVisible()
  },
}

/** Typing on the keypad; an invalid number is refused before any request. */
export const InvalidNumber: Story = {
  args: { defaultNumber: '' },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: '1' }))
    await userEvent.click(canvas.getByRole('button', { name: '2' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Call' }))
    await expect(canvas.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true')
    await expect(root(canvasElement)).toHaveAttribute('data-error', 'invalid_number')
  },
}

const placeCall = async (canvasElement: HTMLElement) => {
  const canvas = await ready(canvasElement)
  await userEvent.click(canvas.getByRole('button', { name: 'Call' }))
  return canvas
}

/**
 * The dialer reads the answer from its call-status poll: the stories that answer poll often, so
 * the answer shows soon after the mock's clock moves, not up to the default 2 s later.
 */
const pollOften = { pollIntervalMs: 200 }

/** The callee answers when the story moves the mock's clock, not when a real-time delay ends. */
const answer = async (canvasElement: HTMLElement, context: Parameters<typeof storyBackend>[0]) => {
  await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'ringing'))
  await storyBackend(context).control.advanceClock(answerAfterMs)
  await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'connected'))
}

/** Calling…: the start request is on its way (the mock answers it slowly here). */
export const Calling: Story = {
  play: async ({ canvasElement, context }) => {
    const canvas = await ready(canvasElement)
    // The token is minted; from now on the service answers slowly, so the start stays in flight.
    await storyBackend(context).control.setSettings({ latencyMs: 60_000 })
    await userEvent.click(canvas.getByRole('button', { name: 'Call' }))
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'placing'))
    await expect(canvas.getByRole('status')).toHaveTextContent('Calling…')
  },
}

/** Ringing…: the audio is joined, but the callee has not picked up, so no timer and no "Connected". */
export const Ringing: Story = {
  parameters: { linekit: { setup: callSettings({ outboundAnswerMs: 0 }) } },
  play: async ({ canvasElement }) => {
    const canvas = await placeCall(canvasElement)
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-audio', 'joined'))
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'ringing')
    await expect(canvas.getByRole('status')).toHaveTextContent('Ringing…')
    await expect(canvas.queryByRole('timer')).toBeNull()
  },
}

/** Answered: the service reports the call answered; the timer counts from then; mute says "Unmute" when muted. */
export const Answered: Story = {
  args: pollOften,
  play: async ({ canvasElement, context }) => {
    const canvas = await placeCall(canvasElement)
    await answer(canvasElement, context)
    await expect(canvas.getByRole('timer', { name: 'Call duration' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Mute' }))
    await expect(canvas.getByRole('button', { name: 'Unmute' })).toBeVisible()
    await expect(canvas.getByLabelText('Microphone level')).toBeVisible()
  },
}

/** Audio failed: the audio network can't be reached; the call is answered and goes on, with Rejoin. */
export const AudioFailed: Story = {
  args: { ...pollOften, audioEngine: createFakeAudioEngine({ failJoinWith: 'network' }) },
  play: async ({ canvasElement, context }) => {
    const canvas = await placeCall(canvasElement)
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-audio', 'failed'))
    await answer(canvasElement, context)
    await expect(canvas.getByRole('status')).toHaveTextContent('Answered, but your audio is not connected')
    await expect(canvas.getByRole('alert')).toHaveTextContent('The call audio couldn’t connect.')
    await expect(canvas.getByRole('button', { name: 'Rejoin audio' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Hang up' })).toBeVisible()
  },
}

/** Ended: hung up after the answer; the summary's duration is the service's (the call log's). */
export const Ended: Story = {
  args: pollOften,
  play: async ({ canvasElement, context }) => {
    const canvas = await placeCall(canvasElement)
    await answer(canvasElement, context)
    await userEvent.click(canvas.getByRole('button', { name: 'Hang up' }))
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'ended'))
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/Call ended after 0:0\d\./))
    await expect(canvas.getByRole('button', { name: 'New call' })).toBeVisible()
  },
}

/** A trial account: a sentence, not a dead keypad. */
export const TrialAccount: Story = {
  parameters: { linekit: { account: 'trial' } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-trial'))
    await expect(within(canvasElement).getByText(/Trial accounts can’t place calls/)).toBeVisible()
    await expect(within(canvasElement).queryByRole('group', { name: 'Keypad' })).toBeNull()
  },
}

/** `rtc: null`: the call rings on the line's phone; the dialer follows it by polling. */
export const RtcNull: Story = {
  parameters: {
    linekit: {
      setup: [holdAnswer, callSettings({ outboundRtc: false })],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await placeCall(canvasElement)
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-audio', 'device'))
    await expect(canvas.getByText(/can’t be joined in the browser/)).toBeVisible()
  },
}

/** The microphone is blocked: explained, with "Rejoin audio"; the call keeps ringing on the device. */
export const MicrophoneDenied: Story = {
  args: { audioEngine: createFakeAudioEngine({ failJoinWith: 'permission_denied' }) },
  play: async ({ canvasElement }) => {
    const canvas = await placeCall(canvasElement)
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-error', 'permission_denied'))
    await expect(canvas.getByRole('button', { name: 'Rejoin audio' })).toBeVisible()
  },
}

/** 502 from the line's device when placing: explained and retryable. */
export const DeviceError: Story = {
  parameters: {
    linekit: { setup: [holdAnswer, setups.faults({ endpoint: 'startCall', mode: 'device', count: 1 })] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await placeCall(canvasElement)
    await waitFor(() => expect(canvas.getByText(/reported an error/)).toBeVisible())
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(root(canvasElement)).not.toHaveAttribute('data-state', 'idle'))
  },
}

/** 503: the line's device is unreachable. */
export const DeviceUnreachable: Story = {
  parameters: {
    linekit: { setup: [holdAnswer, setups.faults({ endpoint: 'startCall', status: 503, count: 1 })] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await placeCall(canvasElement)
    await waitFor(() => expect(canvas.getByText(/can’t be reached/)).toBeVisible())
  },
}

// ── every mint error by SDK code (spec: Errors — dialer mint mapping table) ──

/** `cap_reached`: today's minutes are used; says when they reset. */
export const CapReached: Story = {
  parameters: { linekit: { setup: setups.mintError('dialer_cap_reached') } },
  play: mintErrorShown('cap_reached'),
}
/** `rate_limited`: counts down from `Retry-After`, then offers "Try again". */
export const RateLimited: Story = {
  parameters: { linekit: { setup: setups.mintError('rate_limited') } },
  play: mintErrorShown('rate_limited'),
}
/** `subscription_required`: the workspace has no dialer add-on. */
export const SubscriptionRequired: Story = {
  parameters: { linekit: { setup: setups.mintError('dialer_subscription_required') } },
  play: mintErrorShown('subscription_required'),
}
/** `line_unavailable`: the line can't place calls (inbound-only here). */
export const LineUnavailable: Story = {
  parameters: { linekit: { setup: setups.mintError('line_inbound_only') } },
  play: mintErrorShown('line_unavailable'),
}
/** `account_paywalled`: the seeded past-due account. */
export const AccountPaywalled: Story = {
  parameters: { linekit: { account: 'paywalled' } },
  play: mintErrorShown('account_paywalled'),
}
/** `not_provisioned`: the seeded account whose registration is pending. */
export const NotProvisioned: Story = {
  parameters: { linekit: { account: 'notProvisioned' } },
  play: mintErrorShown('not_provisioned'),
}
/** `token_unavailable` from a legacy key (`api_key_unsupported`): an admin must create a new key. */
export const TokenUnavailableLegacyKey: Story = {
  parameters: { linekit: { account: 'legacyKey' } },
  play: mintErrorShown('token_unavailable'),
}
/** `token_unavailable` from 503 `dialer_unavailable`: retryable. */
export const TokenUnavailableRetry: Story = {
  parameters: { linekit: { setup: setups.mintError('dialer_unavailable') } },
  play: async (ctx) => {
    await mintErrorShown('token_unavailable')(ctx)
    await expect(within(ctx.canvasElement).getByRole('button', { name: 'Try again' })).toBeEnabled()
  },
}
/** A proxy's non-JSON 502 in front of the mint. */
export const MintProxyHtml502: Story = {
  parameters: { linekit: { setup: setups.mintProxyHtml() } },
  play: mintErrorShown('token_unavailable'),
}

/** The seeded capped account: a 402 with the reset time from the mock itself. */
export const CappedAccount: Story = {
  parameters: { linekit: { account: 'capped' } },
  play: async (ctx) => {
    await mintErrorShown('cap_reached')(ctx)
    await expect(within(ctx.canvasElement).getByText(/after the reset at/)).toBeVisible()
  },
}
