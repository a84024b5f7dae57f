/** How the core calls the service: plain records in and out, Web `fetch` only at the edge. */
import type { UpstreamHeaders } from './http'
import { deadlineSignal, untilAborted } from './http'

/** One call to the service, as the core makes it. */
export interface UpstreamCall {
  url: string
  method: string
  /** Lower-case names; not modified by the transport. */
  headers: Readonly<Record<string, string>>
  body: string | Uint8Array<ArrayBuffer> | undefined
  /** The browser leaving: the call rejects with its reason once it is cancelled. */
  cancel: Cancellation | undefined
  /** Time limit of the whole call, body included: then it rejects with {@link upstreamTimeout}. */
  timeoutMs?: number
}

/**
 * The browser leaving, as the core and the transports see it: an `AbortSignal`
 * ({@link cancellationOf}), or the Node adapter's form built on the response's `close` event, which
 * costs a request far less than an AbortController and its EventTarget listeners.
 */
export interface Cancellation {
  readonly aborted: boolean
  readonly reason: unknown
  /** Calls `listener` once, when cancelled; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
}

/** An `AbortSignal` as a {@link Cancellation}. */
export function cancellationOf(signal: AbortSignal): Cancellation {
  return {
    get aborted() {
      return signal.aborted
    },
    get reason() {
      return signal.reason as unknown
    },
    subscribe(listener) {
      signal.addEventListener('abort', listener, { once: true })
      return () => signal.removeEventListener('abort', listener)
    },
  }
}

/** The service's whole answer, content-encoding undone. */
export interface UpstreamAnswer {
  status: number
  statusText: string
  headers: UpstreamHeaders
  bytes: Uint8Array<ArrayBuffer>
}

export type UpstreamTransport = (call: UpstreamCall) => Promise<UpstreamAnswer>

/** The `fetch` option of createLinekitServer. */
export type UpstreamFetch = (request: Request, init?: { signal?: AbortSignal }) => Promise<Response>

/**
 * Where a fetch made by createNodeFetch carries its transport, which the core then calls directly:
 * no Request, Response or Headers per call. A registered symbol, so that separately bundled entry
 * points (linekit/server, linekit/server/node) agree on it.
 */
export const transportKey: unique symbol = Symbol.for('linekit.transport') as never

/** The transport behind `fetch`: its own when it has one (createNodeFetch), else through Request and Response. */
export function transportOf(fetch: UpstreamFetch): UpstreamTransport {
  const own = (fetch as UpstreamFetch & { [transportKey]?: UpstreamTransport })[transportKey]
  if (own) return own
  return async ({ url, method, headers, body, cancel, timeoutMs }) => {
    const deadline = deadlineSignal(cancel, timeoutMs)
    const init = { signal: deadline.signal }
    try {
      const request = new Request(url, { method, headers, body, ...init })
      // Awaited only until the deadline, whatever the fetch does with its signal: Node's Request
      // can lose the link to the signal it was given after a GC (nodejs/node#55428).
      const response = await untilAborted(fetch(request, init), deadline.signal)
      const bytes = new Uint8Array(await untilAborted(response.arrayBuffer(), deadline.signal))
      const answerHeaders: Record<string, string> = {}
      response.headers.forEach((value, name) => {
        answerHeaders[name] = value
      })
      return { status: response.status, statusText: response.statusText, headers: answerHeaders, bytes }
    } finally {
      deadline.clear()
    }
  }
}
