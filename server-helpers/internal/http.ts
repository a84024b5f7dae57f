/** Small HTTP helpers shared by the linekit/server routes. */
import type { Cancellation } from './upstream'

/** The error body the server itself sends on messaging routes (spec: Errors — `{ error, code?, hint? }`). */
export interface MessagingErrorBody {
  error: string
  code: string
  hint: string
}

/** The error body the server itself sends on the mint route (spec: Errors — mint bodies always carry `code`). */
export interface MintErrorBody {
  error: string
  code: string
}

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }

/**
 * An answer of the server whose content is in hand: its own JSON answers and relayed upstream
 * bodies. The Web `handle()` turns it into a `Response` ({@link toResponse}); the Node adapter
 * writes it to the socket as it is (server-helpers/node.ts), with no Web objects in between.
 */
export class Reply {
  constructor(
    readonly status: number,
    /** Lower-case names. */
    readonly headers: Record<string, string>,
    /** `null`: no body. */
    readonly body: string | Uint8Array<ArrayBuffer> | null,
    readonly statusText = '',
  ) {}

  toResponse(): Response {
    return new Response(this.body, { status: this.status, statusText: this.statusText, headers: this.headers })
  }
}

type NodeBuffer = Uint8Array & { indexOf(value: Uint8Array): number }
const NativeBuffer = (globalThis as { Buffer?: { isBuffer(value: unknown): value is NodeBuffer } }).Buffer

/** True when `needle` (non-empty) occurs in `haystack`. */
export function bytesInclude(haystack: Uint8Array, needle: Uint8Array): boolean {
  // Node's own search when it can (createNodeFetch's bodies are Buffers): several times faster.
  if (needle.length > 0 && NativeBuffer?.isBuffer(haystack)) return haystack.indexOf(needle) !== -1
  const first = needle[0]
  if (first === undefined) return false
  const last = haystack.length - needle.length
  for (let at = haystack.indexOf(first); at !== -1 && at <= last; at = haystack.indexOf(first, at + 1)) {
    let i = 1
    while (i < needle.length && haystack[at + i] === needle[i]) i++
    if (i === needle.length) return true
  }
  return false
}

/** A JSON answer with no-store caching (every answer here is per-user). */
export function json(body: unknown, status = 200, headers?: Record<string, string>): Reply {
  return new Reply(status, { ...jsonHeaders, ...headers }, JSON.stringify(body))
}

/** A messaging-shaped error the server originates. */
export function messagingError(status: number, code: string, error: string, hint: string): Reply {
  const body: MessagingErrorBody = { error, code, hint }
  return json(body, status)
}

/** A mint-shaped error the server originates. */
export function mintError(status: number, code: string, error: string): Reply {
  const body: MintErrorBody = { error, code }
  return json(body, status)
}

export const notFound = (): Reply =>
  messagingError(
    404,
    'not_found',
    'Not found',
    'Check the path: only the service endpoints are served under this prefix.',
  )

// Hop-by-hop headers (RFC 9110 §7.6.1) plus the encoding headers that break a pass-through:
// Node's fetch decodes gzip but keeps content-encoding (TOOLCHAIN.md). set-cookie never
// reaches the browser: the upstream's cookies belong to the key, not to the user.
const droppedResponseHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-encoding',
  'content-length',
  'set-cookie',
  'set-cookie2',
  'www-authenticate',
  'authorization',
  'alt-svc',
  'strict-transport-security',
])

/** Response headers as the upstream transports hand them over: lower-case names (Node's form). */
export type UpstreamHeaders = Record<string, string | string[] | undefined>

/**
 * Response headers safe to hand to the browser. `secret` (the API key) is never echoed:
 * a header whose value contains it is dropped.
 */
export function forwardableHeaders(upstream: UpstreamHeaders, secret: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name in upstream) {
    const raw = upstream[name]
    if (raw === undefined || droppedResponseHeaders.has(name)) continue
    const value = typeof raw === 'string' ? raw : raw.join(', ')
    if (secret && value.includes(secret)) continue
    out[name] = value
  }
  out['cache-control'] ??= 'no-store'
  // The relayed body is served from the app's own origin: a non-JSON error page (a proxy's 502,
  // spec: Errors) that reflects a parameter must not be able to run script there.
  out['x-content-type-options'] = 'nosniff'
  out['content-security-policy'] = "default-src 'none'; frame-ancestors 'none'; sandbox"
  return out
}

/** Thrown by {@link readBodyCapped} when the body is larger than the cap. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body exceeds ${limit} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/**
 * Reads a request body as text, stopping (and cancelling the stream) as soon as more than
 * `limit` bytes arrived, so a huge or endless upload costs at most `limit` bytes of memory.
 */
export async function readBodyCapped(request: Request, limit: number): Promise<string> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > limit) throw new BodyTooLargeError(limit)
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel().catch(() => undefined)
      throw new BodyTooLargeError(limit)
    }
    chunks.push(value)
  }
  const all = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    all.set(chunk, at)
    at += chunk.byteLength
  }
  return new TextDecoder().decode(all)
}

/** The rejection of an upstream call that ran out of time. */
export const upstreamTimeout = (): DOMException =>
  new DOMException('The upstream did not answer in time', 'TimeoutError')

/**
 * A signal that aborts when `parent` does, or with {@link upstreamTimeout} after `ms` (never
 * without `ms`); `clear()` once the work is done releases the timer and the listener. (One
 * controller and one timer per call: `AbortSignal.any` + `AbortSignal.timeout` cost several times
 * as much.)
 */
export function deadlineSignal(
  parent: Cancellation | undefined,
  ms: number | undefined,
): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController()
  const onAbort = () => controller.abort(parent?.reason)
  const timer = ms === undefined ? undefined : setTimeout(() => controller.abort(upstreamTimeout()), ms)
  let unsubscribe: (() => void) | undefined
  if (parent?.aborted) onAbort()
  else unsubscribe = parent?.subscribe(onAbort)
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer)
      unsubscribe?.()
    },
  }
}

/** `work`, or a rejection with `signal.reason` as soon as `signal` aborts, whichever comes first. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
