/**
 * Errors the mock service raises. Domain code throws {@link MockHttpError}; the shared handler
 * wrapper turns it into the messaging error body `{ error, code, hint }` (spec: Errors) plus
 * any extra fields and headers. Anything else thrown is a bug and becomes a 500.
 */

/** The messaging-API error body. spec: Errors — `{ error, code?, hint? }`. */
interface ErrorBody {
  error: string
  code: string
  hint?: string
  [extra: string]: unknown
}

/** An HTTP error with the body the service would send. */
export class MockHttpError extends Error {
  readonly status: number
  readonly code: string
  readonly hint: string | undefined
  readonly extra: Record<string, unknown>
  readonly headers: Record<string, string>

  constructor(
    status: number,
    code: string,
    message: string,
    hint?: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'MockHttpError'
    this.status = status
    this.code = code
    this.hint = hint
    this.extra = extra
    this.headers = headers
  }

  /** The JSON body for this error. */
  body(): ErrorBody {
    const body: ErrorBody = { ...this.extra, error: this.message, code: this.code }
    if (this.hint !== undefined) body.hint = this.hint
    return body
  }
}

/** Shorthand: `throw fail(400, 'invalid_request', 'phone is invalid', 'Send E.164')`. */
export function fail(
  status: number,
  code: string,
  message: string,
  hint?: string,
  extra?: Record<string, unknown>,
  headers?: Record<string, string>,
): MockHttpError {
  return new MockHttpError(status, code, message, hint, extra, headers)
}
