/**
 * Route: the identity provider's token endpoint, `POST {auth_url}/oauth/token`
 * (@assumed: src/api/ASSUMPTIONS.md). Client credentials in the body (form or JSON) or as HTTP
 * Basic; RFC 6749 error bodies `{ error, error_description }`.
 */
import type { MockCore } from '../service/index'
import { issueToken, OAuthError, oauthScopes, type TokenRequest } from '../service/identityProvider'
import { json } from './jsonResponses'
import { MAX_BODY_BYTES, PROTECTED_RESOURCE_METADATA_PATH } from './route'
import { MCP_PATH } from './mcpRoutes'
import type { MockRoute } from './mockRouter'

/** The token path on {auth_url}. */
const OAUTH_TOKEN_PATH = '/oauth/token'

/** The authorization endpoint RFC 8414 metadata must name; it only explains that it is not supported. */
const OAUTH_AUTHORIZE_PATH = '/oauth/authorize'

/** RFC 8414 authorization-server metadata, relative to the issuer's origin. */
const AUTHORIZATION_SERVER_METADATA_PATH = '/.well-known/oauth-authorization-server'

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

/**
 * RFC 9728 protected-resource metadata. The MCP server has a path-aware document (`resource`
 * = `{base_url}/api/mcp`); the root one describes the whole API, which takes the same tokens
 * (spec: Authentication 1). The authorization server is the mock's identity provider, served
 * on the same origin (any host, like every route).
 */
function protectedResource(request: Request, resourcePath: string): Response {
  const origin = new URL(request.url).origin
  return json({
    resource: `${origin}${resourcePath}`,
    authorization_servers: [origin],
    scopes_supported: ['mcp'],
    bearer_methods_supported: ['header'],
    resource_name: 'linekit mock service',
  })
}

/** Routes of the identity provider and the OAuth discovery documents. */
export function oauthRoutes(core: MockCore): MockRoute[] {
  const { state } = core
  return [
    {
      method: 'GET',
      path: `${PROTECTED_RESOURCE_METADATA_PATH}${MCP_PATH}`,
      run: async (request) => protectedResource(request, MCP_PATH),
    },
    { method: 'GET', path: PROTECTED_RESOURCE_METADATA_PATH, run: async (request) => protectedResource(request, '') },
    // RFC 8414 authorization-server metadata: what a stock MCP client needs to find the token endpoint.
    {
      method: 'GET',
      path: AUTHORIZATION_SERVER_METADATA_PATH,
      run: async (request) => {
        const origin = new URL(request.url).origin
        return json({
          issuer: origin,
          token_endpoint: `${origin}${OAUTH_TOKEN_PATH}`,
          // Required by RFC 8414 (and MCP clients) even when unused: it answers 400 below.
          authorization_endpoint: `${origin}${OAUTH_AUTHORIZE_PATH}`,
          response_types_supported: [],
          grant_types_supported: ['client_credentials'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          scopes_supported: [...oauthScopes],
        })
      },
    },
    {
      method: 'GET',
      path: OAUTH_AUTHORIZE_PATH,
      run: async () =>
        json(
          {
            error: 'unsupported_response_type',
            error_description:
              'The mock identity provider has no interactive authorization: use grant_type=client_credentials at /oauth/token.',
          },
          400,
          NO_STORE,
        ),
    },
    {
      method: 'POST',
      path: OAUTH_TOKEN_PATH,
      run: async (request) => {
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
      },
    },
  ]
}
