/** Small HTTP helpers shared by the linekit/server routes: answers, refusals, headers, bodies. */
import { jsonNestsDeeper } from '../../src/api/jsonDepth'

/** The error body the server itself sends on messaging routes (spec: Errors — `{ error, code?, hint? }`). */
interface MessagingErrorBody {
  error: string
  code: string
  hint: string
}

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }

/**
 * A refusal: thrown anywhere on a route's way, answered with its `response` (like Hono's
 * `HTTPException`). The one way routes stop early.
 */
export class LinekitHttpError extends Error {
  constructor(readonly response: Response) {
    super(`linekit/server answered ${response.status}`)
    this.name = 'LinekitHttpError'
  }
}

/** A JSON answer with no-store caching (every answer here is per user). */
export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...jsonHeaders, ...headers } })
}

/** A messaging-shaped refusal the server originates, to throw. */
export function messagingError(
  status: number,
  code: string,
  error: string,
  hint: string,
  headers?: Record<string, string>,
): LinekitHttpError {
  const body: MessagingErrorBody = { error, code, hint }
  return new LinekitHttpError(json(body, status, headers))
}

/** A mint-shaped refusal the server originates (spec: Errors — mint bodies are `{ error, code }`), to throw. */
export function mintError(status: number, code: string, error: string): LinekitHttpError {
  return new LinekitHttpError(json({ error, code }, status))
}

export const notFound = (): LinekitHttpError =>
  messagingError(
    404,
    'not_found',
    'Not found',
    'Check the path: only the service endpoints are served under this prefix.',
  )

export const methodNotAllowed = (allow: string): LinekitHttpError =>
  messagingError(405, 'method_not_allowed', 'Method not allowed', `Use ${allow}.`, { allow })

// Hop-by-hop headers (RFC 9110 §7.6.1) plus the encoding headers that break a pass-through:
// Node's fetch decodes gzip but keeps content-encoding. set-cookie never reaches the browser:
// the upstream's cookies belong to the key, not to the user.
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

/**
 * Response headers safe to hand to the browser. `secret` (the API key) is never echoed:
 * a header whose value contains it is dropped.
 */
export function forwardableHeaders(upstream: Headers, secret: string): Headers {
  const out = new Headers()
  upstream.forEach((value, name) => {
    if (droppedResponseHeaders.has(name) || (secret && value.includes(secret))) return
    out.set(name, value)
  })
  if (!out.has('cache-control')) out.set('cache-control', 'no-store')
  // The relayed body is served from the app's own origin: a non-JSON error page (a proxy's 502,
  // spec: Errors) that reflects a parameter must not be able to run script there.
  out.set('x-content-type-options', 'nosniff')
  out.set('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
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

/** JSON.parse, `undefined` when the text is not JSON or nests deeper than MAX_JSON_DEPTH. */
export function parseJson(text: string): unknown {
  if (jsonNestsDeeper(text)) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
