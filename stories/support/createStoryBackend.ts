/**
 * One story's backend: the one backend of the tests and stories (`createServiceChain`: a fresh
 * mock service, the real `linekit/server` handler in front of it, its upstream `fetch` the mock's
 * in-process fetch, and the MSW handler that sends the page's requests under the story's prefix
 * to that handler), with the story's setups and a typed control API. The mock's webhooks are
 * posted into the server's real webhook route, so mock events reach the page through the SSE route.
 *
 *   component → client → MSW → linekit/server.handle → mock.fetch
 *   mock webhook → linekit/server webhook route → bus → SSE → provider
 */
import type { RequestHandler } from 'msw'
import type { AccountSummary, createMockService } from 'linekit/mocks'
import type { LinekitServer } from 'linekit/server'
import { createServiceChain, serviceHosts } from './serviceChain'
import { createMockDriver, type MockAccountKind, type MockDriver } from './mockDriver'

/** Host names the story backend pretends the service lives on (never reached: all in-process). */
export const storyHosts = serviceHosts

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
  lineIds?: (lines: AccountSummary['lines']) => string[]
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
  account: AccountSummary
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
 * Builds a story backend. Async because setups run through the control API.
 *
 * @example
 * ```ts
 * const backend = await createStoryBackend({ account: 'trial', setup: setups.smsOnly(storyNumbers.sms) })
 * msw.use(...backend.handlers)
 * ```
 */
export async function createStoryBackend(options: StoryBackendOptions = {}): Promise<StoryBackend> {
  const webhookLog: StoryBackend['webhookLog'] = []
  let markConnected: () => void = () => {}
  const connected = new Promise<void>((resolve) => {
    markConnected = resolve
  })
  const kind = options.account ?? 'production'
  const { mock, server, account, apiKey, handlers, prefix, addWebhook, close } = createServiceChain({
    mock: { seed: options.seed ?? 1 },
    account: kind,
    prefix: options.prefix ?? `/story-${(backendCount += 1)}/api/linekit`,
    webhookSecret: storyWebhookSecret,
    userId: 'story-user',
    ...(options.lineIds ? { lineIds: options.lineIds } : {}),
    server: {
      logger: {
        warn: () => {},
        error: (message, details) => console.error(`[story backend] ${message}`, details ?? ''),
      },
    },
    onWebhook: (body, status) => webhookLog.push({ body, status }),
    onEventsOpen: () => markConnected(),
  })
  // A reset restores the seed, which has no webhooks: re-create ours after one.
  let configureWebhook = () => {}
  const controlFetch = async (request: Request) => {
    const isReset = request.method === 'POST' && new URL(request.url).pathname === '/__mock/reset'
    const response = await mock.fetch(request)
    if (isReset && response.ok) configureWebhook()
    return response
  }
  const control = createMockDriver(controlFetch, undefined, { accountId: account.accountId })

  const backend: StoryBackend = {
    mock,
    control,
    server,
    account,
    apiKey,
    handlers,
    prefix,
    webhookLog,
    eventsConnected: () => connected,
    apply: async (setup) => {
      for (const step of Array.isArray(setup) ? setup : [setup]) await (step as StorySetup)(backend)
    },
    dispose: () => {
      void server.bus.close?.()
      // Its read model would go on polling the mock on a timer, story after story.
      void close()
    },
  }
  // Setups first, webhooks after: a 10,000-message history should not become 10,000 events.
  if (options.setup) await backend.apply(options.setup)
  if (options.webhooks !== false) {
    configureWebhook = addWebhook
    configureWebhook()
  }
  return backend
}
