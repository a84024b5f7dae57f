/**
 * The browser's event stream: `GET <prefix>/events`, Server-Sent Events of the user's lines only,
 * with ids, heartbeats, `retry:` and replay after `Last-Event-ID` (header, or `?lastEventId=` for
 * clients that cannot set it).
 */
import type { LinekitContext } from '../context'
import type { Scope } from '../internal/scope'
import { sseResponse } from '../internal/sse'

/** What the events route needs besides the context. */
interface EventsOptions {
  heartbeatMs: number
  retryMs: number
}

/** A client this far behind is cut off; it reconnects with Last-Event-ID and gets the replay. */
const MAX_QUEUED_BYTES = 1024 * 1024

/** Creates the events route handler. */
export function createEventsRoute(ctx: LinekitContext, options: EventsOptions) {
  return (request: Request, url: URL, scope: Scope): Response => {
    const lastEventId = request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId') ?? undefined
    return sseResponse({
      bus: ctx.bus,
      filter: (event) => event.lineId !== null && scope.lines.has(event.lineId.toLowerCase()),
      lastEventId: lastEventId || undefined,
      heartbeatMs: options.heartbeatMs,
      retryMs: options.retryMs,
      signal: request.signal,
      maxQueuedBytes: MAX_QUEUED_BYTES,
    })
  }
}
