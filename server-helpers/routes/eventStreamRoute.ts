/**
 * The browser's event stream: `GET <prefix>/events`, Server-Sent Events of the user's lines only,
 * with ids, heartbeats, `retry:` and replay after `Last-Event-ID` (header, or `?lastEventId=` for
 * clients that cannot set it). Each instance holds at most `maxStreams` streams, at most
 * `maxStreamsPerUser` of them for one user: an open stream costs memory for as long as it lasts,
 * so one user (or one runaway page) cannot take an instance's memory from everyone else.
 */
import type { LinekitContext } from '../routeContext'
import { messagingError } from '../internal/http'
import type { Scope } from '../internal/scope'
import { sseResponse } from '../internal/sse'

/** What the events route needs besides the context. */
interface EventStreamOptions {
  heartbeatMs: number
  retryMs: number
  maxStreamsPerUser: number
  maxStreams: number
  /**
   * Aborted when the instance shuts down: every stream ends, and its browser reconnects after
   * `retry:` (the balancer sends it to another instance) and replays what it missed by Last-Event-ID.
   */
  closing?: AbortSignal
}

/** A client this far behind is cut off; it reconnects with Last-Event-ID and gets the replay. */
const MAX_QUEUED_BYTES = 1024 * 1024

/**
 * Retry-After of a refused stream. A user at their limit waits for one of their own pages to
 * close its stream; an instance at its limit may have room again sooner (or the load balancer
 * may pick another instance), so it is asked again sooner.
 */
const USER_FULL_RETRY_SECONDS = 30
const INSTANCE_FULL_RETRY_SECONDS = 10

/** Creates the events route handler. */
export function createEventStreamRoute(ctx: LinekitContext, options: EventStreamOptions) {
  /** Open streams per user; a user's entry is deleted with their last stream. */
  const perUser = new Map<string, number>()
  let total = 0

  const refuse = (error: string, hint: string, seconds: number) =>
    messagingError(429, 'rate_limited', error, hint, { 'retry-after': String(seconds) })

  return (request: Request, url: URL, scope: Scope): Response => {
    const user = scope.user.userId
    const open = perUser.get(user) ?? 0
    if (open >= options.maxStreamsPerUser)
      throw refuse(
        `Too many open event streams: ${options.maxStreamsPerUser} per user`,
        `Close other pages of this app (each holds one stream), then retry after ${USER_FULL_RETRY_SECONDS} s (Retry-After).`,
        USER_FULL_RETRY_SECONDS,
      )
    if (total >= options.maxStreams)
      throw refuse(
        'Too many open event streams on this server',
        `Retry after ${INSTANCE_FULL_RETRY_SECONDS} s (Retry-After).`,
        INSTANCE_FULL_RETRY_SECONDS,
      )
    perUser.set(user, open + 1)
    total += 1
    const lastEventId = request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId') ?? undefined
    return sseResponse({
      bus: ctx.bus,
      filter: (event) => event.lineId !== null && scope.lines.has(event.lineId.toLowerCase()),
      lastEventId: lastEventId || undefined,
      heartbeatMs: options.heartbeatMs,
      retryMs: options.retryMs,
      signal: options.closing ? AbortSignal.any([request.signal, options.closing]) : request.signal,
      maxQueuedBytes: MAX_QUEUED_BYTES,
      onClose: () => {
        total -= 1
        const left = (perUser.get(user) ?? 1) - 1
        if (left > 0) perUser.set(user, left)
        else perUser.delete(user)
      },
    })
  }
}
