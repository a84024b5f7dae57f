/**
 * `linekit/mocks`: a stateful, rule-faithful mock of the messaging service
 * (`shared/spec/service-interface.md`), usable in-process (tests, Storybook, the playground)
 * and over HTTP (`linekit/mocks/node`). See mocks/README.md.
 */
import type { HttpHandler } from 'msw'
import { createDispatcher } from './handlers/dispatch'
import { createHandlers } from './handlers/index'
import { json } from './handlers/route'
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
   * Resolves a request through the MSW handlers, with no network (routes made by the shared
   * wrapper are dispatched directly to the same code; others via MSW's `getResponse`).
   * Unknown routes → 404 error body.
   */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>
  /** The MSW handlers (for `setupServer`/`setupWorker`). */
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
  const handlers = createHandlers(core)
  const baseUrl = options.baseUrl ?? 'http://mock.linekit.local'
  const dispatch = createDispatcher(handlers)

  async function fetch(input: Request | string | URL, init?: RequestInit): Promise<Response> {
    const request =
      input instanceof Request && init === undefined
        ? input
        : new Request(input instanceof Request ? input : new URL(String(input), baseUrl), init)
    const response = await dispatch(request)
    if (response) return response
    return json(
      {
        error: `No such endpoint: ${request.method} ${new URL(request.url).pathname}`,
        code: 'not_found',
        hint: 'See shared/spec/service-interface.md for the endpoints, mocks/README.md for /__mock/*.',
      },
      404,
    )
  }

  return { fetch, handlers, control: core.control, state: core.state, clock: core.clock }
}

export { createMockClock } from './service/clock'
export type { MockClock, MockClockOptions, TimerCallback, TimerId } from './service/clock'
export type { MockControl, AccountSummary, AccountRef, NumberInput, NumberView, EventView } from './service/mockControl'
export type {
  MockState,
  MockSettings,
  MockEvent,
  Account,
  AccountKind,
  Line,
  StoredMessage,
  Fault,
} from './service/mockState'
export { accountKinds, defaultSettings } from './service/mockState'
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
export type {
  CallsControl,
  CallsAccountRef,
  CallSettingsView,
  DialerInput,
  MintFaultKind,
} from './service/callControl'
export { mintFaultKinds } from './service/callControl'
export type { CallState, AnsweredBy, StartCallResult, CallStatusView } from './service/audioCalls'
export { MOCK_RTC_APP_ID } from './service/audioCalls'
export type { CallOutcome, CallLogView, CompleteCallLogInput } from './service/dialerCallLogs'
export { callOutcomes, VERY_SHORT_CALL_SECONDS } from './service/dialerCallLogs'
export { VOICE_TOKEN_TTL_SECONDS, MAX_CALLS_PER_TOKEN, MINTS_PER_MINUTE } from './service/voiceTokenMint'
export type { WebhookSender, WebhookDelivery, Webhook, WebhookInput, WebhookDispatcher } from './service/webhookDelivery'
export { attachWebhooks, getWebhookDispatcher, createFetchSender, WEBHOOK_AUTO_DISABLE_AFTER } from './service/webhookDelivery'
export { seedOAuthClient, ACCESS_TOKEN_TTL_SECONDS } from './service/identityProvider'
export type { OAuthClient } from './service/identityProvider'
export { mcpToolNames, MCP_SERVER_INFO } from './mcp/tools'
