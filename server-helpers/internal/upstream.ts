/** One call to the service over the injected `fetch`, read whole, with a time limit. */

/** The `fetch` option of createLinekitServer. */
export type UpstreamFetch = (request: Request, init?: { signal?: AbortSignal }) => Promise<Response>

/** One call to the service. */
export interface UpstreamCall {
  method: 'GET' | 'POST'
  url: string
  /** JSON text of a POST. */
  body?: string
}

/** The service's whole answer (every route filters or relays it whole). */
export interface UpstreamAnswer {
  status: number
  statusText: string
  headers: Headers
  text: string
}

/**
 * The service URL of an endpoint of the registry (`src/api/endpoints/`): its host's base URL, its
 * path and a query. Every URL linekit/server builds for the service is made here, from the
 * registry, never written by hand.
 */
export function upstreamUrl(
  base: string,
  route: { readonly path: string },
  query: Readonly<Record<string, string | number>> = {},
): string {
  const url = new URL(base.replace(/\/+$/, '') + route.path)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value))
  return url.toString()
}

/** The rejection of an upstream call that ran out of time. */
const upstreamTimeout = (): DOMException => new DOMException('The upstream did not answer in time', 'TimeoutError')

/** `work`, or a rejection with `signal.reason` as soon as `signal` aborts, whichever comes first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/**
 * Calls the service with the key and reads the whole answer. The time limit covers the body
 * too; `signal` (the browser leaving) aborts it. Throws on network failure, timeout or abort.
 */
export async function fetchUpstream(
  fetch: UpstreamFetch,
  apiKey: string,
  call: UpstreamCall,
  options: { signal?: AbortSignal; timeoutMs: number },
): Promise<UpstreamAnswer> {
  const controller = new AbortController()
  const onAbort = () => controller.abort(options.signal?.reason)
  if (options.signal?.aborted) onAbort()
  else options.signal?.addEventListener('abort', onAbort, { once: true })
  const timer = setTimeout(() => controller.abort(upstreamTimeout()), options.timeoutMs)
  const headers: Record<string, string> = { authorization: `Bearer ${apiKey}`, accept: 'application/json' }
  if (call.body !== undefined) headers['content-type'] = 'application/json'
  try {
    const init = { signal: controller.signal }
    const request = new Request(call.url, { method: call.method, headers, body: call.body, ...init })
    // Awaited only until the deadline, whatever the fetch does with its signal: Node's Request
    // can lose the link to the signal it was given after a GC (nodejs/node#55428).
    const response = await untilAborted(fetch(request, init), controller.signal)
    const text = await untilAborted(response.text(), controller.signal)
    return { status: response.status, statusText: response.statusText, headers: response.headers, text }
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onAbort)
  }
}
