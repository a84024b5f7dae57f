/**
 * The mock service core: state + rules + control, framework-free (no HTTP, no Node or
 * browser APIs). `mocks/handlers` maps HTTP onto it.
 */
import { createMockClock, type MockClock } from './clock'
import { createControl, resetState, type MockControl } from './mockControl'
import { attachDailyReset } from './voiceTokenMint'
import { createEmptyState, type MockState } from './mockState'
import { attachWebhooks, type WebhookSender } from './webhookDelivery'

/** Options of {@link createMockCore}. */
interface MockCoreOptions {
  /** Seed of the id generator (same seed → same generated ids). @default 1 */
  seed?: number
  /** The clock. @default a flowing clock starting at the current wall time */
  clock?: MockClock
  /** Delivers webhooks. @default a real POST with a 5 s timeout (`createFetchSender`) */
  webhookSender?: WebhookSender
}

/** State and control of one mock instance. */
export interface MockCore {
  state: MockState
  control: MockControl
  clock: MockClock
}

/** Creates a seeded mock core. */
export function createMockCore(options: MockCoreOptions = {}): MockCore {
  const clock = options.clock ?? createMockClock({ flowing: true })
  const state = createEmptyState(clock, options.seed ?? 1)
  resetState(state)
  // Webhook deliveries hang on state.emit; dialer minutes reset at every UTC midnight.
  attachWebhooks(state, { sender: options.webhookSender })
  let stopDailyReset = attachDailyReset(state)
  const reset = () => {
    // A reset returns to the seed, clock included; rewinding drops every timer, so the
    // midnight timer is armed again from the rewound time.
    stopDailyReset()
    clock.rewind()
    resetState(state)
    stopDailyReset = attachDailyReset(state)
  }
  return { state, control: createControl(state, { reset }), clock }
}

export { createMockClock } from './clock'
export type { MockClock, MockClockOptions } from './clock'
export type { MockControl } from './mockControl'
export type { MockState } from './mockState'
