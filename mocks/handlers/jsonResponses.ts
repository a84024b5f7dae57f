/**
 * The mock's JSON answers: a body with a status, and the messaging error body
 * `{ error, code, hint }` for a thrown error.
 */
import { MockHttpError } from '../service/serviceErrors'

const JSON_HEADERS = { 'content-type': 'application/json' }

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } })
}

/** The response for a thrown error (MockHttpError → its body; anything else → 500). */
export function errorResponse(error: unknown): Response {
  if (error instanceof MockHttpError) return json(error.body(), error.status, error.headers)
  return json(
    {
      error: 'Internal error in the mock service',
      code: 'internal_error',
      hint: 'This is a bug in linekit/mocks; please report it.',
    },
    500,
  )
}
