/**
 * `LinekitError`: one error type for every failure the client sees — input the service would
 * reject (status 0, `invalid_request`), network failures and timeouts (status 0), HTTP errors
 * in either of the spec's error shapes, non-JSON error pages from proxies, and responses that
 * do not match the contract (`invalid_response`).
 */
import { mintErrorToSdkCode } from './values'
import type { MintErrorCode, SdkErrorCode } from './values'
import type { EndpointId, KitRouteId } from './endpoints/routes'

/** Fields of a {@link LinekitError}. */
export interface LinekitErrorInit {
  status: number
  code: string
  message: string
  hint?: string | undefined
  retryAfterSeconds?: number | undefined
  sdkCode?: SdkErrorCode | undefined
  retrySafe?: boolean | undefined
  body?: unknown
  endpoint?: EndpointId | KitRouteId | undefined
  cause?: unknown
}

/**
 * An error from the service or from the client's own checks.
 *
 * - `status`: HTTP status, or 0 when no response was received or the request was never sent.
 * - `code`: stable machine code: the body's `code` when present, else derived from the status
 *   (`invalid_request`, `unauthorized`, `rate_limited`, `bad_gateway` …), or one of the
 *   client's own: `invalid_request`, `invalid_response`, `network_error`, `timeout`.
 * - `sdkCode`: for voice-token mint errors, the SDK code of the spec's mapping table.
 * - `retrySafe`: repeating the same request cannot duplicate a side effect and may succeed.
 * - `body`: the parsed JSON body, e.g. the 409 group conflict's `devicePhoneNumber` or the
 *   402 cap's `used`/`included`/`cap`/`periodEnd`.
 */
export class LinekitError extends Error {
  override name = 'LinekitError'
  readonly status: number
  readonly code: string
  readonly hint: string | undefined
  readonly retryAfterSeconds: number | undefined
  readonly sdkCode: SdkErrorCode | undefined
  readonly retrySafe: boolean
  readonly body: unknown
  readonly endpoint: EndpointId | KitRouteId | undefined

  constructor(init: LinekitErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.status = init.status
    this.code = init.code
    this.hint = init.hint
    this.retryAfterSeconds = init.retryAfterSeconds
    this.sdkCode = init.sdkCode
    this.retrySafe = init.retrySafe ?? false
    this.body = init.body
    this.endpoint = init.endpoint
  }

  /** True for a `LinekitError`, also one created by another copy of the package. */
  static is(value: unknown): value is LinekitError {
    if (value instanceof LinekitError) return true
    return (
      value instanceof Error &&
      value.name === 'LinekitError' &&
      typeof (value as Partial<LinekitError>).status === 'number' &&
      typeof (value as Partial<LinekitError>).code === 'string'
    )
  }
}

const statusCodes: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  408: 'timeout',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
}

/** Stable code for a status when the body carries none. */
export function codeForStatus(status: number): string {
  return statusCodes[status] ?? `http_${status}`
}

/**
 * Seconds from a `Retry-After` header (delta-seconds or an HTTP date), or undefined.
 * spec: Errors — 429 on the mint carries `Retry-After` with the same number as `retryAfterSeconds`.
 */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (header == null) return undefined
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text)
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, Math.ceil((date - now) / 1000))
}

/** Statuses after which the same request may succeed. */
const TRANSIENT = new Set([408, 429, 500, 502, 503, 504])

/** How a failed request was made, to decide `retrySafe` and `sdkCode`. */
export interface ErrorContext {
  endpoint?: EndpointId | KitRouteId | undefined
  /** `mint` adds `sdkCode` (spec: dialer mint mapping table). */
  errorShape?: 'mint' | 'messaging' | undefined
  /** The request cannot duplicate a side effect (GET, mint) or carries an idempotency key. */
  idempotent?: boolean | undefined
  now?: number | undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)

/** Whether a retry of a failed request is safe (see {@link LinekitError.retrySafe}). */
export function isRetrySafe(status: number, code: string, context: ErrorContext): boolean {
  // 429: the request was refused before doing anything, so repeating it is always safe.
  if (status === 429) return true
  if (status !== 0 && !TRANSIENT.has(status)) return false
  // spec: mint 500 dialer_misconfigured is a configuration problem, not a transient one.
  if (code === 'dialer_misconfigured') return false
  return context.idempotent === true
}

/**
 * Build a {@link LinekitError} from a non-2xx `Response` in either error shape; a non-JSON
 * body (a proxy's 502/503 page) gives an error too, never a parse exception.
 */
export async function linekitErrorFromResponse(response: Response, context: ErrorContext = {}): Promise<LinekitError> {
  let text = ''
  try {
    text = await response.text()
  } catch {
    text = ''
  }
  let body: unknown
  let json = false
  if (text !== '') {
    try {
      body = JSON.parse(text)
      json = true
    } catch {
      body = undefined
    }
  }
  return linekitErrorFromBody(response.status, json ? body : undefined, {
    ...context,
    statusText: response.statusText,
    retryAfterHeader: response.headers.get('retry-after'),
    nonJson: !json,
  })
}

/** Same as {@link linekitErrorFromResponse} for an already-read body. */
export function linekitErrorFromBody(
  status: number,
  body: unknown,
  context: ErrorContext & { statusText?: string; retryAfterHeader?: string | null; nonJson?: boolean } = {},
): LinekitError {
  const record = isRecord(body) ? body : undefined
  const errorField = record?.['error']
  const errorObject = isRecord(errorField) ? errorField : undefined
  // spec: Errors — `error` is a string (historically) or an object; `code` and `hint` are optional.
  const code = str(record?.['code']) ?? str(errorObject?.['code']) ?? codeForStatus(status)
  const hint = str(record?.['hint']) ?? str(errorObject?.['hint'])
  const message =
    str(errorField) ??
    str(errorObject?.['message']) ??
    str(record?.['message']) ??
    (context.nonJson
      ? `The service answered ${status}${context.statusText ? ` ${context.statusText}` : ''} without a JSON body`
      : `The service answered ${status}${context.statusText ? ` ${context.statusText}` : ''}`)
  const bodyRetry = record?.['retryAfterSeconds']
  const retryAfterSeconds =
    parseRetryAfter(context.retryAfterHeader, context.now) ??
    (typeof bodyRetry === 'number' && Number.isFinite(bodyRetry) ? bodyRetry : undefined)
  let sdkCode: SdkErrorCode | undefined
  if (context.errorShape === 'mint') {
    // spec: Errors — the mint's mapping table; a proxy's non-JSON 502/503 (and any code outside
    // the table) means no token can be had right now: token_unavailable.
    sdkCode = Object.hasOwn(mintErrorToSdkCode, code) ? mintErrorToSdkCode[code as MintErrorCode] : 'token_unavailable'
  }
  return new LinekitError({
    status,
    code,
    message,
    hint,
    retryAfterSeconds,
    sdkCode,
    retrySafe: isRetrySafe(status, code, context),
    body,
    endpoint: context.endpoint,
  })
}
