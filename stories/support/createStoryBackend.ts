/**
 * One story's backend: a fresh mock service, the real `linekit/server` handler in front of it
 * (its upstream `fetch` is the mock's in-process fetch), and the MSW handler that sends the
 * page's `/api/linekit/*` requests to that handler. The mock's webhooks are posted into the
 * server's real webhook route, so mock events reach the page through the SSE route.
 *
 *   component → client → MSW → linekit/server.handle → mock.fetch
 *   mock webhook → linekit/server webhook route → bus → SSE → provider
 */
import { http, type RequestHandler } from 'msw'
import { createMockService } from 'linekit/mocks'
import { createLinekitServer, type LinekitServer } from 'linekit/server'
import { attachWebhooks, createWebhook, getWebhookDispatcher } from '../../mocks/service/webhooks'
import { accountApiKey, asScriptedRequest, webhookSenderInto } from './serviceChain'
import { createMockDriver, type MockAccount, type MockAccountKind, type MockDriver } from './mockDriver'

/** Host names the story backend pretends the service lives on (never reached: all in-process). */
export const storyHosts = {
  baseUrl: 'https://api.mock.linekit.test',
  appUrl: 'https://app.mock.linekit.test',
} as const

/** The webhook secret path segment used by every story backend. */
export const storyWebhookSecret = 'story-webhook-secret'

/** A step run after the backend exists and before the story renders. */
export type StorySetup = (backend: StoryBackend) => Promise<void> | void

/** Options of {@link createStoryBackend}. */
export interface StoryBackendOptions {
  /** Which kind of account the story's user works in. @default 'production' */
  account?: MockAccountKind
  /** Seed of the mock's id source (same seed, same ids). @default 1 */
  seed?: number
  /** Per-story steps (see `setups`), run in order. */
  setup?: StorySetup | readonly StorySetup[]
  /** Limit the user to these lines (default: every line of the account). */
  lineIds?: (lines: MockAccount['lines']) => string[]
  /**
   * Path prefix of the server routes. Each backend gets its own (`/story-<n>/api/linekit`)
   * so that several stories on one docs page each talk to their own mock.
   */
  prefix?: string
  /** Deliver the mock's webhooks to the server (and so to the SSE stream). @default true */
  webhooks?: boolean
}

type MockService = ReturnType<typeof createMockService>

/** What {@link createStoryBackend} returns. */
export interface StoryBackend {
  /** The mock service (its `state` and `clock` too, for what the control API does not cover). */
  mock: MockService
  /** The control API, typed. */
  control: MockDriver
  /** The real linekit/server handler. */
  server: LinekitServer
  /** The account the story's user works in. */
  account: MockAccount
  /** Its API key (server side only; stories use it to burn rate limits and the like). */
  apiKey: string
  /** MSW handlers: `msw.use(...backend.handlers)`. */
  handlers: RequestHandler[]
  /** Same-page path prefix the client uses. */
  prefix: string
  /** Every webhook the mock sent, with the server's answer status (for assertions). */
  webhookLog: { body: unknown; status: number }[]
  /** Resolves once the page has opened the SSE event stream (live setups wait for it). */
  eventsConnected(): Promise<void>
  /** The last call a setup rang (for `play` functions). */
  lastCall?: { callUuid: string }
  /** Runs more setup steps. */
  apply(setup: StorySetup | readonly StorySetup[]): Promise<void>
  /** Stops timers and streams. */
  dispose(): void
}

let backendCount = 0

/**
 * Builds a story backend. Async because the account is created through the control API.
 *
 * @example
 * ```ts
 * const backend = await createStoryBackend({ account: 'trial', setup: setups.smsOnly(storyNumbers.sms) })
 * msw.use(...backend.handlers)
 * ```
 */
export async function createStoryBackend(options: StoryBackendOptions = {}): Promise<StoryBackend> {
  const webhookLog: StoryBackend['webhookLog'] = []
  // The sender exists before the server does (the mock needs it at creation).
  const ref: { server?: LinekitServer } = {}
  // The sender the mock calls for each webhook delivery: straight into the real webhook route.
  const sendWebhook = webhookSenderInto(
    () => ref.server,
    (body, status) => webhookLog.push({ body, status }),
  )
  const mock = createMockService({ seed: options.seed ?? 1 })
  // The mock's webhook dispatcher posts with real fetch by default; in a story there is no
  // server to post to, so deliveries go straight into the server's webhook route.
  const dispatcher = getWebhookDispatcher(mock.state)
  if (dispatcher) dispatcher.setSender(sendWebhook)
  else attachWebhooks(mock.state, { sender: sendWebhook })
  const kind = options.account ?? 'production'
  // The seeded account of that kind (it has the documented lines, flows and history).
  const account = (await createMockDriver(mock.fetch).accounts()).find((a) => a.kind === kind)
  if (!account) throw new Error(`story backend: the mock has no seeded ${kind} account`)
  const apiKey = accountApiKey(account, kind)
  if (!apiKey) throw new Error(`story backend: the ${kind} account has no API key`)
  // A reset restores the seed, which has no webhooks: re-create ours after one.
  let configureWebhook = () => {}
  const controlFetch = async (request: Request) => {
    const isReset = request.method === 'POST' && new URL(request.url).pathname === '/__mock/reset'
    const response = await mock.fetch(request)
    if (isReset && response.ok) configureWebhook()
    return response
  }
  const control = createMockDriver(controlFetch, undefined, { accountId: account.accountId })
  const allowed = options.lineIds ? options.lineIds(account.lines) : account.lines.map((l) => l.lineId)

  const linekit = createLinekitServer({
    apiKey,
    ...storyHosts,
    prefix: options.prefix ?? `/story-${(backendCount += 1)}/api/linekit`,
    webhookSecret: storyWebhookSecret,
    authorize: async () => ({ userId: 'story-user', lineIds: allowed }),
    fetch: mock.fetch,
    logger: { warn: () => {}, error: (message, details) => console.error(`[story backend] ${message}`, details ?? '') },
  })
  ref.server = linekit

  let markConnected: () => void = () => {}
  const connected = new Promise<void>((resolve) => {
    markConnected = resolve
  })
  const eventsPath = `${linekit.prefix}/events`

  const handlers: RequestHandler[] = [
    http.all(`*${linekit.prefix}/*`, async ({ request }) => {
      const response = await linekit.handle(asScriptedRequest(request))
      if (new URL(request.url).pathname === eventsPath && response.ok) markConnected()
      return response
    }),
  ]

  const backend: StoryBackend = {
    mock,
    control,
    server: linekit,
    account,
    apiKey,
    handlers,
    prefix: linekit.prefix,
    webhookLog,
    eventsConnected: () => connected,
    apply: async (setup) => {
      for (const step of Array.isArray(setup) ? setup : [setup]) await (step as StorySetup)(backend)
    },
    dispose: () => {
      void linekit.bus.close?.()
    },
  }
  // Setups first, webhooks after: a 10,000-message history should not become 10,000 events.
  if (options.setup) await backend.apply(options.setup)
  if (options.webhooks !== false) {
    configureWebhook = () =>
      void createWebhook(mock.state, {
        accountId: account.accountId,
        url: `http://localhost${linekit.prefix}/webhooks/${storyWebhookSecret}`,
        inbound: true,
        outbound: true,
        audioCalls: true,
      })
    configureWebhook()
  }
  return backend
}
