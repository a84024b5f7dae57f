/**
 * Test support: one fresh mock service behind the REAL linekit/server handler, with the mock's
 * webhooks posted into the server's webhook route, and an MSW handler that hands
 * `*\/api/linekit/*` requests to the server. The hooks, component and reliability tests build on it;
 * the stories' `createStoryBackend` is made of the same pieces (stories/support/serviceChain.ts).
 */
import { http } from 'msw'
import { createMockService } from 'linekit/mocks'
import type { MockClock } from 'linekit/mocks'
import { createLinekitServer } from 'linekit/server'
import { accountApiKey, asScriptedRequest, webhookSenderInto } from '../../stories/support/serviceChain'
import type { LinekitServer } from 'linekit/server'

export const hosts = { baseUrl: 'https://api.mock.linekit.test', appUrl: 'https://app.mock.linekit.test' }
export const webhookSecret = 'test-webhook-secret'

export type TestAccountKind =
  'production' | 'trial' | 'noAudio' | 'crm' | 'legacyKey' | 'paywalled' | 'notProvisioned' | 'capped'

export interface TestBackendOptions {
  /** The seeded account the backend acts for. @default 'production' */
  account?: TestAccountKind
  /** The mock's clock; tests move it. */
  clock: MockClock
  /** Overrides the mock's 60/min limit (0 turns it off). @default the service's 60 */
  rateLimitPerMinute?: number
  /** `false`: the server keeps no read model (every read goes upstream). @default the server's default (on) */
  readModel?: false
}

export function createTestBackend(options: TestBackendOptions) {
  const { clock } = options
  const ref: { server?: LinekitServer } = {}
  const mock = createMockService({
    clock,
    // Webhooks go straight into the server's real webhook route.
    webhookSender: webhookSenderInto(() => ref.server),
  })
  const kind = options.account ?? 'production'
  const account = mock.control.accounts().find((a) => a.kind === kind)!
  const apiKey = accountApiKey(account, kind)!
  const mockStart = clock.now()
  const server = createLinekitServer({
    apiKey,
    ...hosts,
    webhookSecret,
    authorize: async () => ({ userId: 'test-user', lineIds: account.lines.map((l) => l.lineId) }),
    fetch: mock.fetch,
    logger: { warn: () => {}, error: () => {} },
    ...(options.readModel === false ? { readModel: false as const } : {}),
    // The budget gate's clock flows like real time and jumps with the mock's clock (a test that
    // moves the mock moves the gate too); the gate is open while the mock's own limit is off.
    now: () => clock.now() - mockStart + Date.now(),
    ...(options.rateLimitPerMinute === 0 ? { requestsPerMinute: Number.POSITIVE_INFINITY } : {}),
    // Tests poll call status every few tens of ms and wait about a second for a change: the
    // server keeps each call-status answer a quarter second here (5 s by default; its own tests
    // in server-helpers/routes/callStatus.test.ts).
    callStatusMaxAgeMs: 250,
  })
  ref.server = server
  mock.control.webhooks.create({
    accountId: account.accountId,
    url: `http://localhost/api/linekit/webhooks/${webhookSecret}`,
    inbound: true,
    outbound: true,
    audioCalls: true,
  })
  const handler = http.all('*/api/linekit/*', ({ request }) => server.handle(asScriptedRequest(request)))
  /** Outbound messages the mock holds for a number (the ground truth of "sent exactly once"). */
  const outboundTo = (phone: string, content?: string) =>
    [...mock.state.messagesByHandle.values()].filter(
      (m) =>
        m.accountId === account.accountId &&
        m.direction === 'outbound' &&
        m.to_number === phone &&
        (content === undefined || m.content === content),
    )
  if (options.rateLimitPerMinute !== undefined)
    mock.control.updateSettings({ rateLimitPerMinute: options.rateLimitPerMinute })
  return { mock, server, account, apiKey, clock, handler, lines: account.lines, outboundTo }
}
export type TestBackend = ReturnType<typeof createTestBackend>
