/**
 * `linekit/server`: the backend routes the browser kit talks to — the allowlisted API proxy,
 * the voice-token mint, the webhook receiver and the SSE event stream — as one Web-standard
 * `(request) => Promise<Response>`. Adapters: `linekit/server/node`, `linekit/server/next`;
 * multi-instance bus: `linekit/server/redis`.
 */
export { createLinekitServer } from './createLinekitServer'
export type {
  HandleContext,
  LinekitLogger,
  LinekitServer,
  LinekitServerOptions,
  LinekitUser,
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
export { formatEvent } from './internal/sse'
export type { Timers } from './internal/sse'
