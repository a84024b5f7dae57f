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
  /** The browser leaving: the call rejects with the signal's reason once it aborts. */
  signal: AbortSignal | undefined
  /** Time limit of the whole call, body included: then it rejects with {@link upstreamTimeout}. */
  timeoutMs?: number
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
  return async ({ url, method, headers, body, signal, timeoutMs }) => {
    const deadline = deadlineSignal(signal, timeoutMs)
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
