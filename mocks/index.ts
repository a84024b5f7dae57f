/**
 * `linekit/mocks`: a stateful, rule-faithful mock of the messaging service
 * (`docs/service-interface.md`), usable in-process (tests, Storybook, the playground)
 * and over HTTP (`linekit/mocks/node`). See mocks/README.md.
 */
import type { HttpHandler } from 'msw'
import { createRoutes } from './handlers/index'
import { json } from './handlers/jsonResponses'
import { createRouter, mswHandler } from './handlers/mockRouter'
import { createMockCore } from './service/index'
import type { MockClock } from './service/clock'
import type { MockControl } from './service/mockControl'
import type { MockState } from './service/mockState'
import type { WebhookSender } from './service/webhookDelivery'

/** Options of {@link createMockService}. */
export interface MockServiceOptions {
  /** Seed of the id generator (same seed → same generated ids). @default 1 */
  seed?: number
  /** The clock; tests pass `createMockClock({ now })` and move it with `advance`. @default a flowing clock at wall time */
  clock?: MockClock
  /** Base for relative URLs given to `fetch`. Handlers match any host. @default 'http://mock.linekit.local' */
  baseUrl?: string
  /**
   * Delivers webhooks configured through the control API: `(url, body) => Promise<{ status }>`
   * (only a 2xx counts; a rejection is a network failure). Replace later with
   * `control.webhooks.setSender`. @default a real POST with a 5 s timeout
   */
  webhookSender?: WebhookSender
}

/** One mock instance. */
export interface MockService {
  /**
   * Answers a request with no network, through the same router as the MSW handler.
   * Unknown routes → 404 error body.
   */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>
  /** The MSW handlers (for `setupServer`/`setupWorker`): one handler that asks the mock's router. */
  handlers: HttpHandler[]
  /** The in-process control API. */
  control: MockControl
  /** The state container (for extensions and white-box tests). */
  state: MockState
  clock: MockClock
}

/** Creates a seeded mock service; see {@link MockServiceOptions}. */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const core = createMockCore({ seed: options.seed, clock: options.clock, webhookSender: options.webhookSender })
  const router = createRouter(createRoutes(core))
  const baseUrl = options.baseUrl ?? 'http://mock.linekit.local'

  async function fetch(input: Request | string | URL, init?: RequestInit): Promise<Response> {
    const request =
      input instanceof Request && init === undefined
        ? input
        : new Request(input instanceof Request ? input : new URL(String(input), baseUrl), init)
    const answer = router.find(request.method, new URL(request.url).pathname)
    if (answer) return answer(request)
    return json(
      {
        error: `No such endpoint: ${request.method} ${new URL(request.url).pathname}`,
        code: 'not_found',
        hint: 'See docs/service-interface.md for the endpoints, mocks/README.md for /__mock/*.',
      },
      404,
    )
  }

  return { fetch, handlers: [mswHandler(router)], control: core.control, state: core.state, clock: core.clock }
}

export { createMockClock } from './service/clock'
export type { MockClock, MockClockOptions, TimerCallback, TimerId } from './service/clock'
export type { MockControl, AccountSummary, NumberInput, NumberView, EventView } from './service/mockControl'
export type { AccountRef } from './service/accountRefs'
export type { MockState, MockSettings, MockEvent, Fault } from './service/mockState'
export { defaultSettings } from './service/mockState'
export type { Account, AccountKind, Line, StoredMessage } from './service/stateRecords'
export { accountKinds } from './service/stateRecords'
export {
  seedKeys,
  seedAccessTokens,
  seedAccountIds,
  seedLines,
  seedOtherLines,
  seedFlows,
  seedContacts,
} from './service/seed'
export { createRateLimiter } from './service/rateLimit'
export type { RateLimiter, RateLimitResult } from './service/rateLimit'
export { MockHttpError } from './service/serviceErrors'
// Calls, call logs, the mint, webhooks, MCP, OAuth.
export type { CallsControl } from './service/mockControl'
export type { AccountRef as CallsAccountRef } from './service/accountRefs'
export type { CallSettingsView } from './service/callControl'
export type { DialerInput } from './service/dialerControl'
export type { MintFaultKind } from './service/tokenControl'
export { mintFaultKinds } from './service/tokenControl'
export type { CallState, AnsweredBy, StartCallResult, CallStatusView } from './service/audioCalls'
export { MOCK_RTC_APP_ID } from '../src/api/mockRtc'
export type { CallOutcome, CallLogView, CompleteCallLogInput } from './service/dialerCallLogs'
export { callOutcomes, VERY_SHORT_CALL_SECONDS } from './service/dialerCallLogs'
export { VOICE_TOKEN_TTL_SECONDS, MAX_CALLS_PER_TOKEN, MINTS_PER_MINUTE } from './service/voiceTokenMint'
export type { WebhookDelivery, Webhook, WebhookInput } from './service/webhookConfig'
export type { WebhookSender, WebhookDispatcher } from './service/webhookDelivery'
export {
  attachWebhooks,
  getWebhookDispatcher,
  createFetchSender,
  WEBHOOK_AUTO_DISABLE_AFTER,
} from './service/webhookDelivery'
export { seedOAuthClient, ACCESS_TOKEN_TTL_SECONDS } from './service/identityProvider'
export type { OAuthClient } from './service/identityProvider'
export { mcpToolNames, MCP_SERVER_INFO } from './mcp/tools'
