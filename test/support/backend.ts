/**
 * The tests' backend: the one backend (`createServiceChain`, stories/support/serviceChain.ts: a
 * fresh mock behind the REAL linekit/server handler, webhooks into its webhook route) on a clock
 * the test moves, silent, with the routes under `/api/linekit`. `renderWithBackend` renders over it.
 */
import { createMockClock, type MockClock } from 'linekit/mocks'
import { createServiceChain } from '../../stories/support/serviceChain'

type TestAccountKind =
  'production' | 'trial' | 'noAudio' | 'crm' | 'legacyKey' | 'paywalled' | 'notProvisioned' | 'capped'

/** Options of {@link createBackend}. */
interface BackendOptions {
  /** The seeded account the backend acts for. @default 'production' */
  account?: TestAccountKind
  /** The mock's clock; tests move it. @default a manual clock at the real time */
  clock?: MockClock
  /** The mock's requests-per-minute limit; 0 turns it off. @default 0 (the manual clock never moves a window on) */
  rateLimitPerMinute?: number
  /** `false`: the server keeps no read model (every read goes upstream). @default the server's default (on) */
  readModel?: false
}

/** A fresh mock behind the real server handler, for the tests. */
export function createBackend(options: BackendOptions = {}) {
  const clock = options.clock ?? createMockClock({ now: Date.now() })
  const rateLimitPerMinute = options.rateLimitPerMinute ?? 0
  const mockStart = clock.now()
  const { mock, server, account, apiKey, handlers, prefix, addWebhook } = createServiceChain({
    mock: { clock },
    account: options.account ?? 'production',
    prefix: '/api/linekit',
    webhookSecret: 'test-webhook-secret',
    userId: 'test-user',
    server: {
      logger: { warn: () => {}, error: () => {} },
      ...(options.readModel === false ? { readModel: false as const } : {}),
      // The budget gate's clock flows like real time and jumps with the mock's clock (a test that
      // moves the mock moves the gate too); the gate is open while the mock's own limit is off.
      now: () => clock.now() - mockStart + Date.now(),
      ...(rateLimitPerMinute === 0 ? { requestsPerMinute: Number.POSITIVE_INFINITY } : {}),
    },
  })
  // Webhooks go straight into the server's real webhook route.
  addWebhook()
  /** Outbound messages the mock holds for a number (the ground truth of "sent exactly once"). */
  const outboundTo = (phone: string, content?: string) =>
    [...mock.state.messagesByHandle.values()].filter(
      (m) =>
        m.accountId === account.accountId &&
        m.direction === 'outbound' &&
        m.to_number === phone &&
        (content === undefined || m.content === content),
    )
  mock.control.updateSettings({ rateLimitPerMinute })
  return { mock, server, account, apiKey, clock, handlers, prefix, lines: account.lines, outboundTo }
}
/** A backend of {@link createBackend}. */
export type Backend = ReturnType<typeof createBackend>
