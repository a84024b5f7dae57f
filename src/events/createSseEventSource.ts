import { createHub } from './internal/statusHub'
import { createSseParser } from './internal/sseParser'
import type { LinekitEventFrame } from '../api/events'
import { isLinekitEventType } from '../api/events'
import { parseRetryAfter } from '../api/errors'
import type { LinekitEvent, LinekitEventSource } from './LinekitEventSource'

/** Options of {@link createSseEventSource}. */
export interface SseEventSourceOptions {
  /** The linekit/server events route. @default '/api/linekit/events' */
  url?: string
  /** Injected `fetch` (tests). @default globalThis.fetch, looked up when connecting */
  fetch?: typeof fetch
  /** Initial reconnect delay; the server's `retry:` replaces it. @default 3000 */
  retryMs?: number
  /**
   * Upper bound of the reconnect back-off after repeated failures; a refusal's `Retry-After`, when
   * longer, is waited out. @default 30000
   */
  maxRetryMs?: number
  /**
   * A connection silent for this long is treated as dead and reopened. The server sends a
   * heartbeat every ~15 s (ASSUMPTIONS.md), so three missed heartbeats. @default 45000
   */
  idleTimeoutMs?: number
  /** Fetch credentials mode. @default 'same-origin' */
  credentials?: RequestCredentials
  /** Extra request headers (e.g. a CSRF header your backend wants). */
  headers?: Record<string, string>
}

/**
 * Consumes the linekit/server Server-Sent Events stream and reconnects after drops, resuming
 * with `Last-Event-ID` so the server can replay what was missed. Implemented over `fetch`
 * (not `window.EventSource`) so it can send that header itself, runs in any environment, and
 * never touches browser globals before the first subscriber (SSR-safe).
 *
 * Status goes `connecting` → `open`; after a drop `reconnecting` → `open` (the provider then
 * refetches active threads, because events published while disconnected may be gone).
 *
 * @example
 * <LinekitProvider client={client} events={createSseEventSource({ url: '/api/linekit/events' })}>
 */
export function createSseEventSource(options: SseEventSourceOptions = {}): LinekitEventSource {
  const url = options.url ?? '/api/linekit/events'
  const maxRetryMs = options.maxRetryMs ?? 30_000
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000
  const hub = createHub('connecting')
  let retryMs = options.retryMs ?? 3000
  let failures = 0
  /** A refused connection's `Retry-After`, in ms: the next attempt waits at least this long. */
  let refusedForMs = 0
  let started = false
  let closed = false
  let lastEventId: string | undefined
  let controller: AbortController | undefined
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let idleTimer: ReturnType<typeof setTimeout> | undefined

  const clearIdle = () => {
    if (idleTimer !== undefined) clearTimeout(idleTimer)
    idleTimer = undefined
  }
  let stopReading: (() => void) | undefined
  const armIdle = (abort: AbortController) => {
    clearIdle()
    idleTimer = setTimeout(() => {
      abort.abort(new Error('linekit events: idle timeout'))
      // Some fetch implementations do not end a body already being read on abort: cancel it too.
      stopReading?.()
    }, idleTimeoutMs)
  }

  const scheduleReconnect = () => {
    if (closed) return
    hub.setStatus('reconnecting')
    failures += 1
    // Exponential back-off from the server's retry hint, capped; never sooner than a refusal's
    // Retry-After (linekit/server answers 429 with it when a user or an instance holds too many
    // streams: reconnecting earlier would only be refused again).
    const delay = Math.max(refusedForMs, Math.min(maxRetryMs, retryMs * 2 ** Math.max(0, failures - 1)))
    refusedForMs = 0
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      void connect()
    }, delay)
  }

  const dispatch = (eventName: string, id: string | undefined, raw: string) => {
    if (!isLinekitEventType(eventName)) return
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      return
    }
    if (typeof parsed !== 'object' || parsed === null) return
    // The frame of `linekit/api`'s LinekitEventFrame: `{ type, lineId, data }`.
    const frame = parsed as Partial<Record<keyof LinekitEventFrame, unknown>>
    if (typeof frame.data !== 'object' || frame.data === null) return
    const event = {
      id: id ?? '',
      type: eventName,
      ...(typeof frame.lineId === 'string' ? { lineId: frame.lineId } : {}),
      data: frame.data,
    } as LinekitEvent
    hub.emit(event)
  }

  const connect = async () => {
    if (closed) return
    const doFetch = options.fetch ?? globalThis.fetch
    const abort = new AbortController()
    controller = abort
    const parser = createSseParser({
      onMessage: (m) => {
        if (m.id !== undefined) lastEventId = m.id
        dispatch(m.event, m.id, m.data)
      },
      onRetry: (ms) => {
        retryMs = ms
      },
      onActivity: () => armIdle(abort),
    })
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers }
      if (lastEventId) headers['last-event-id'] = lastEventId
      armIdle(abort)
      const response = await doFetch(url, {
        headers,
        credentials: options.credentials ?? 'same-origin',
        cache: 'no-store',
        signal: abort.signal,
      })
      if (!response.ok || !response.body) {
        refusedForMs = (parseRetryAfter(response.headers.get('retry-after')) ?? 0) * 1000
        throw new Error(`linekit events: HTTP ${response.status}`)
      }
      failures = 0
      hub.setStatus('open')
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      stopReading = () => void reader.cancel().catch(() => undefined)
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        parser.push(value)
      }
    } catch {
      // Network error, HTTP error, idle timeout or close(): reconnect unless closed.
    } finally {
      clearIdle()
      stopReading = undefined
    }
    if (controller === abort) controller = undefined
    scheduleReconnect()
  }

  const start = () => {
    if (started || closed) return
    started = true
    void connect()
  }

  return {
    get status() {
      return hub.status
    },
    subscribe(listener) {
      const off = hub.subscribe(listener)
      start()
      return off
    },
    onStatus: hub.onStatus,
    close() {
      if (closed) return
      closed = true
      if (retryTimer !== undefined) clearTimeout(retryTimer)
      clearIdle()
      controller?.abort()
      stopReading?.()
      hub.setStatus('closed')
    },
  }
}
