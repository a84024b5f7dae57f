/**
 * `linekit/server`: the backend routes the browser kit talks to — the allowlisted API proxy,
 * the voice-token mint, the webhook receiver and the SSE event stream — as one Web-standard
 * `(request) => Promise<Response>`, spending the API key's budget through one gate. Adapters:
 * `linekit/server/node`, `linekit/server/next`; several instances: `linekit/server/redis`.
 */
export { createLinekitServer } from './createLinekitServer'
export type {
  HandleContext,
  LinekitLogger,
  LinekitServer,
  LinekitServerOptions,
  LinekitUser,
  ReadModelSetup,
} from './createLinekitServer'
export { createMemoryEventBus } from './eventBus'
export type {
  EventBus,
  LinekitEvent,
  LinekitEventInput,
  LinekitEventType,
  MemoryEventBusOptions,
  SubscribeOptions,
} from './eventBus'
export { createMemoryBudgetStore } from './gate/budgetStore'
export type { BudgetStore, MemoryBudgetStoreOptions, TakeFor, TakeResult } from './gate/budgetStore'
export type { Priority } from './gate/budgetGate'
export type { LinekitHealth } from './routes/healthRoute'
export type { WebhookHealthStatus } from './internal/webhookHealth'
