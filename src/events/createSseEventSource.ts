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
  /** Initial reconnect delay; the server's `retry:` replaces it. @default 1000 */
  retryMs?: number
  /**
   * Upper bound of the reconnect back-off after repeated failures; a refusal's `Retry-After`, when
   * longer, is waited out. Short, so that after a long outage the stream is back within seconds of
   * the network. Each wait is between half the ceiling and the ceiling (equal jitter). @default 5000
   */
  maxRetryMs?: number
  /** A connection attempt with no answer for this long is given up and tried again. @default 5000 */
  connectTimeoutMs?: number
  /**
   * How often a timer checks that the page was not asleep: one that fires far too late means the
   * machine slept (or the tab was frozen), and the stream is reopened at once. @default 5000
   */
  wakeCheckMs?: number
  /** Random source of the jitter (tests). @default Math.random */
  random?: () => number
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
  const maxRetryMs = options.maxRetryMs ?? 5000
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000
  const wakeCheckMs = options.wakeCheckMs ?? 5000
  const random = options.random ?? Math.random
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000
  const hub = createHub('connecting')
  let retryMs = options.retryMs ?? 1000
  /** The next reconnect goes at once (the page woke, the network came back). */
  let immediate = false
  let lastActivity = Date.now()
  let stopWatching: (() => void) | undefined
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
    const ceiling = Math.min(maxRetryMs, retryMs * 2 ** Math.max(0, failures - 1))
    // Equal jitter: a fleet of tabs that lost the network together does not come back together.
    const backoff = Math.round(ceiling / 2 + (random() * ceiling) / 2)
    const delay = Math.max(refusedForMs, immediate ? 0 : backoff)
    refusedForMs = 0
    immediate = false
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
      onActivity: () => {
        lastActivity = Date.now()
        armIdle(abort)
      },
    })
    // A connect attempt that gets no answer (a silent network) is given up within a few seconds.
    const connectTimer = setTimeout(() => abort.abort(new Error('linekit events: no answer')), connectTimeoutMs)
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
      clearTimeout(connectTimer)
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
      clearTimeout(connectTimer)
      clearIdle()
      stopReading = undefined
    }
    if (controller === abort) controller = undefined
    scheduleReconnect()
  }

  /**
   * Reconnect now rather than at the end of the back-off. `suspect`: the open connection may be a
   * zombie (the machine slept, the network changed, nothing heard for long): reopen it too.
   */
  const reconnectNow = (suspect: boolean) => {
    if (closed || !started) return
    if (controller) {
      if (hub.status !== 'open' || !suspect) return
      immediate = true
      controller.abort(new Error('linekit events: reopened'))
      stopReading?.()
      return
    }
    if (retryTimer === undefined) return
    clearTimeout(retryTimer)
    retryTimer = undefined
    void connect()
  }

  /** Listens for the moments the stream is likely dead or the network back (browser only). */
  const watch = () => {
    if (typeof window === 'undefined') return undefined
    const staleMs = 20_000
    const onOnline = () => reconnectNow(true)
    const onSeen = () => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return
      reconnectNow(Date.now() - lastActivity > staleMs)
    }
    window.addEventListener('online', onOnline)
    window.addEventListener('focus', onSeen)
    document.addEventListener('visibilitychange', onSeen)
    let expected = Date.now() + wakeCheckMs
    const wake = setInterval(() => {
      const late = Date.now() - expected
      expected = Date.now() + wakeCheckMs
      // Fired far too late: the machine slept or the tab was frozen; the socket may be a zombie.
      if (late > 2 * wakeCheckMs) reconnectNow(true)
    }, wakeCheckMs)
    return () => {
      window.removeEventListener('online', onOnline)
      window.removeEventListener('focus', onSeen)
      document.removeEventListener('visibilitychange', onSeen)
      clearInterval(wake)
    }
  }

  const start = () => {
    if (started || closed) return
    started = true
    stopWatching = watch()
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
      stopWatching?.()
      if (retryTimer !== undefined) clearTimeout(retryTimer)
      clearIdle()
      controller?.abort()
      stopReading?.()
      hub.setStatus('closed')
    },
  }
}
