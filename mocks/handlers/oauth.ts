/**
 * MSW handler: the identity provider's token endpoint, `POST {auth_url}/oauth/token`
 * (@assumed: src/api/ASSUMPTIONS.md). Client credentials in the body (form or JSON) or as HTTP
 * Basic; RFC 6749 error bodies `{ error, error_description }`.
 */
import type { HttpHandler } from 'msw'
import type { MockCore } from '../service/index'
import { issueToken, OAuthError, type TokenRequest } from '../service/oauth'
import { defineHandler, json, MAX_BODY_BYTES } from './route'

/** The token path on {auth_url}. */
export const OAUTH_TOKEN_PATH = '/oauth/token'

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }

async function readTokenRequest(request: Request): Promise<TokenRequest> {
  const text = await request.text()
  if (text.length > MAX_BODY_BYTES) throw new OAuthError(400, 'invalid_request', 'Request body is too large')
  const type = request.headers.get('content-type') ?? ''
  let fields: Record<string, unknown> = {}
  if (type.includes('application/json')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new OAuthError(400, 'invalid_request', 'Body is not valid JSON')
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new OAuthError(400, 'invalid_request', 'Body must be a JSON object')
    fields = parsed as Record<string, unknown>
  } else {
    // RFC 6749 §4.4.2: application/x-www-form-urlencoded (the default).
    for (const [key, value] of new URLSearchParams(text)) fields[key] = value
  }
  // RFC 6749 §2.3.1: client credentials may come as HTTP Basic instead.
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')
  if (basic) {
    let decoded: string
    try {
      decoded = atob(basic[1] as string)
    } catch {
      throw new OAuthError(401, 'invalid_client', 'Malformed Basic credentials')
    }
    const colon = decoded.indexOf(':')
    if (colon < 0) throw new OAuthError(401, 'invalid_client', 'Malformed Basic credentials')
    try {
      fields.client_id = decodeURIComponent(decoded.slice(0, colon))
      fields.client_secret = decodeURIComponent(decoded.slice(colon + 1))
    } catch {
      throw new OAuthError(401, 'invalid_client', 'Malformed Basic credentials')
    }
  }
  return fields
}

/** Handlers of the identity provider. */
export function oauthHandlers(core: MockCore): HttpHandler[] {
  const { state } = core
  return [
    defineHandler('POST', OAUTH_TOKEN_PATH, async (request) => {
      try {
        state.clock.runDue()
        return json(issueToken(state, await readTokenRequest(request)), 200, NO_STORE)
      } catch (error) {
        if (error instanceof OAuthError) {
          const headers: Record<string, string> = { ...NO_STORE }
          if (error.status === 401) headers['www-authenticate'] = 'Basic realm="linekit-mock"'
          return json(error.body(), error.status, headers)
        }
        console.error('[linekit/mocks] unexpected error in the token endpoint', error)
        return json(
          { error: 'server_error', error_description: 'Internal error in the mock identity provider' },
          500,
          NO_STORE,
        )
      }
    }),
  ]
}
