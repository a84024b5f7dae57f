/**
 * Per-story setups: small steps that put the mock into a state worth seeing. Each returns a
 * {@link StorySetup}; pass them as `parameters.linekit.setup` (or to `createStoryBackend`).
 * Everything goes through the mock's control API or the service API itself, never by
 * poking at component internals.
 */
import { storyHosts, type StoryBackend, type StorySetup } from './createStoryBackend'
import type { CallEndStatus, FaultInput, MockSettingsInput } from './mockDriver'

/**
 * Phone numbers stories use, so that stories and setups agree. They are people of the mock's
 * seed (mocks/service/seed.ts `seedContacts`): even last digit → native-chat reachable.
 */
export const storyNumbers = {
  /** Ava: reachable on native chat, has history with the main line. */
  chat: '+14155550124',
  /** Ben: not reachable on native chat, so messages go out as SMS. */
  sms: '+14155550137',
  /** Cara: a second chat contact (groups). */
  chat2: '+14155550146',
  /** Dan: a third chat contact (groups). */
  chat3: '+14155550152',
  /** Who rings in inbound-call stories. */
  caller: '+14155550182',
} as const

/**
 * Names a designer checks the layout with: 200 characters opening with a right-to-left override
 * (U+202E), which would reverse whatever follows it unless the name is isolated.
 */
export const storyNames = {
  longBidi: `\u202EevaN ekiM ${'Bartholomew Alexander Montgomery-Fitzgerald '.repeat(5)}`.slice(0, 200),
} as const

/** Status and body of every dialer-mint refusal (spec: Errors — dialer mint table). */
export const mintErrors = {
  invalid_api_key: { status: 401 },
  invalid_line_id: { status: 400 },
  line_not_found: { status: 404 },
  line_inbound_only: { status: 403 },
  line_not_eligible: { status: 403 },
  dialer_subscription_required: { status: 403 },
  account_paywalled: { status: 402 },
  dialer_cap_reached: { status: 402, extra: { used: 600, included: 600, cap: 600 } },
  dialer_not_provisioned: { status: 404 },
  api_key_unsupported: { status: 403 },
  rate_limited: { status: 429, extra: { retryAfterSeconds: 42 } },
  dialer_misconfigured: { status: 500 },
  dialer_unavailable: { status: 503 },
} as const satisfies Record<string, { status: number; extra?: Record<string, unknown> }>

/** A code of the mint's error table. */
export type MintErrorCode = keyof typeof mintErrors

/** The service path of the voice-token mint on `{app_url}`. */
export const mintPath = '/api/v1/dialer/token'

/** The first line of the account that can ring (audio-call enabled, with an inbound number). */
export function ringableLine(backend: StoryBackend): StoryBackend['account']['lines'][number] {
  const lines = backend.account.lines
  const line =
    lines.find((l) => l.audioCallEnabled && l.inboundNumber) ?? lines.find((l) => l.audioCallEnabled) ?? lines[0]
  if (!line) throw new Error('story backend: the account has no line to ring')
  return line
}

/** The first line that can place calls (audio enabled, not inbound-only, not shared). */
export function callingLine(backend: StoryBackend): StoryBackend['account']['lines'][number] {
  const lines = backend.account.lines
  const line = lines.find((l) => l.audioCallEnabled && !l.inboundOnly && !l.shared) ?? lines[0]
  if (!line) throw new Error('story backend: the account has no line')
  return line
}

/** Runs `step` once the page's SSE stream is connected, without holding up the render. */
function whenLive(step: (backend: StoryBackend) => Promise<unknown>): StorySetup {
  return (backend) => {
    void backend
      .eventsConnected()
      .then(() => step(backend))
      .catch((error: unknown) => console.error('[story backend] live setup failed', error))
  }
}

/** Ready-made steps. */
export const setups = {
  /** Marks numbers reachable on native chat. */
  nativeChat:
    (...phones: string[]): StorySetup =>
    async ({ control }) => {
      for (const phone of phones.length ? phones : [storyNumbers.chat, storyNumbers.chat2, storyNumbers.chat3])
        await control.setReachable(phone, true)
    },

  /** Marks a destination SMS-only (not reachable on native chat). */
  smsOnly:
    (phone: string = storyNumbers.sms): StorySetup =>
    ({ control }) =>
      control.setReachable(phone, false),

  /** Some inbound messages from `from`, one mock-minute apart. */
  inboundMessages:
    (from: string, texts: readonly string[], service: 'nativechat' | 'SMS' | 'RCS' = 'nativechat'): StorySetup =>
    async ({ control }) => {
      for (const text of texts) {
        await control.injectInboundMessage({ from, message: text, service })
        await control.advanceClock(60_000)
      }
    },

  /**
   * Uses up this minute's 60 messaging requests (spec: Limits), so the story's own requests
   * get 429 `rate_limited` with `Retry-After`.
   */
  rateLimited: (): StorySetup => async (backend) => {
    await backend.control.setSettings({ rateLimitPerMinute: 60 })
    for (let i = 0; i < 60; i += 1) {
      const response = await backend.mock.fetch(
        new Request(`${storyHosts.baseUrl}/get-lines`, { headers: { authorization: `Bearer ${backend.apiKey}` } }),
      )
      if (response.status === 429) break
    }
  },

  /** The next `count` mints answer `code` with its status from the spec's table. */
  mintError:
    (code: MintErrorCode, count = 100): StorySetup =>
    ({ control }) => {
      const entry: { status: number; extra?: Record<string, unknown> } = mintErrors[code]
      return control.addFault({
        path: mintPath,
        method: 'POST',
        status: entry.status,
        count,
        body: { error: code.replace(/_/g, ' '), code, ...entry.extra },
      })
    },

  /** A proxy in front of the mint answers a non-JSON 502 (spec: Errors — last line). */
  mintProxyHtml:
    (): StorySetup =>
    ({ control }) =>
      control.addFault({
        path: mintPath,
        method: 'POST',
        status: 502,
        count: 100,
        text: '<html><body>502 Bad Gateway</body></html>',
      }),

  /** Arms faults (see mocks/README.md for the shape). */
  faults:
    (...faults: FaultInput[]): StorySetup =>
    async ({ control }) => {
      for (const fault of faults) await control.addFault(fault)
    },

  /** Changes mock settings (latency, delivery time, rate limit…). */
  settings:
    (settings: MockSettingsInput): StorySetup =>
    ({ control }) =>
      control.setSettings(settings),

  /** Moves the mock clock. */
  advanceClock:
    (ms: number): StorySetup =>
    async ({ control }) => {
      await control.advanceClock(ms)
    },

  /**
   * An inbound call rings once the page listens (a ringing event sent before the page
   * connects would be missed, exactly as in production).
   */
  ringingCall: (from: string = storyNumbers.caller): StorySetup =>
    whenLive(async (backend) => {
      const line = ringableLine(backend)
      backend.lastCall = await backend.control.ringInboundCall({ from, lineId: line.lineId })
    }),

  /** An inbound call rings, then is answered elsewhere (the mobile app). */
  answeredElsewhere: (from: string = storyNumbers.caller): StorySetup =>
    whenLive(async (backend) => {
      const { callUuid } = await backend.control.ringInboundCall({ from, lineId: ringableLine(backend).lineId })
      backend.lastCall = { callUuid }
      await backend.control.answerCallElsewhere(callUuid)
    }),

  /** An inbound call rings and ends with `status` before anyone answers. */
  endedCall: (status: CallEndStatus = 'no_answer', from: string = storyNumbers.caller): StorySetup =>
    whenLive(async (backend) => {
      const { callUuid } = await backend.control.ringInboundCall({ from, lineId: ringableLine(backend).lineId })
      backend.lastCall = { callUuid }
      await backend.control.endCall(callUuid, status)
    }),

  /**
   * A thread of `count` inbound messages from `phone`, one mock-second apart, so that deep
   * history needs time-cursor paging (spec: Limits — offset + limit <= 2000).
   */
  longThread:
    (phone: string = storyNumbers.chat, count = 10_000): StorySetup =>
    async (backend) => {
      await backend.control.setReachable(phone, true)
      // In-process control (not HTTP): 10,000 requests through fetch would take seconds.
      const { control } = backend.mock
      const accountId = backend.account.accountId
      for (let i = 0; i < count; i += 1) {
        control.injectInbound({ accountId, from: phone, message: `Message ${i + 1} of ${count}` })
        // One mock-second apart: distinct timestamps keep the order unambiguous.
        control.advanceClock(1_000)
      }
    },

  /** One inbound message from each of `count` numbers (a big inbox), one mock-second apart. */
  manyThreads:
    (count = 1000): StorySetup =>
    (backend) => {
      const { control } = backend.mock
      const accountId = backend.account.accountId
      for (let i = 0; i < count; i += 1) {
        control.injectInbound({
          accountId,
          from: `+1415666${String(i).padStart(4, '0')}`,
          message: `Hello from #${i + 1}`,
        })
        control.advanceClock(1_000)
      }
    },

  /** Gives `phone`'s contact this name, through the service's own upsert (spec: create contact). */
  namedContact:
    (phone: string, firstName: string, lastName = ''): StorySetup =>
    async (backend) => {
      const response = await backend.mock.fetch(
        new Request(`${storyHosts.baseUrl}/create-external-contact`, {
          method: 'POST',
          headers: { authorization: `Bearer ${backend.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ phone, firstName, lastName }),
        }),
      )
      if (!response.ok) throw new Error(`namedContact: the mock answered ${response.status}`)
    },
}
