/**
 * A minimal OAuth 2.0 token endpoint for the identity provider host. spec: Authentication 1
 * and 5 — the API accepts an OAuth access token carrying scope `mcp`; endpoints, grant types
 * and scopes other than `mcp` are not shown. @assumed (src/api/ASSUMPTIONS.md: Hosts and auth):
 * `POST {auth_url}/oauth/token`, client credentials, form or JSON body, response
 * `{ access_token, token_type: 'Bearer', expires_in: 3600, scope }`.
 *
 * Issued tokens go into `state.accessTokens`; `service/auth.ts` accepts them only when they
 * carry `mcp` and have not expired (mock clock). Errors follow RFC 6749 §5.2.
 */
import type { MockState } from './mockState'
import { seedAccountIds } from './seed'

/** A registered OAuth client. */
export interface OAuthClient {
  clientId: string
  clientSecret: string
  accountId: string
  /** Scopes the client may ask for. */
  scopes: string[]
}

/** The seeded client of the production account (mocks/README.md). */
export const seedOAuthClient = {
  clientId: 'lk_mock_client',
  clientSecret: 'lk_mock_client_secret',
} as const

/** Scopes the mock knows. Only `mcp` grants API access (spec: Authentication 1). */
export const oauthScopes = ['mcp', 'profile'] as const

/** Lifetime of issued access tokens. @assumed (ASSUMPTIONS.md). */
export const ACCESS_TOKEN_TTL_SECONDS = 3600

/** An RFC 6749 §5.2 error. */
export class OAuthError extends Error {
  readonly status: number
  readonly error: string
  constructor(status: number, error: string, description: string) {
    super(description)
    this.name = 'OAuthError'
    this.status = status
    this.error = error
  }

  /** `{ error, error_description }`. */
  body(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.message }
  }
}

// Clients live beside the state; a reset (new generation) restores the seeded client only.
const registries = new WeakMap<MockState, { generation: number; clients: Map<string, OAuthClient> }>()

/** The clients registered on `state` (the seeded one after every reset). */
export function oauthClients(state: MockState): Map<string, OAuthClient> {
  let registry = registries.get(state)
  if (!registry || registry.generation !== state.generation) {
    const clients = new Map<string, OAuthClient>()
    clients.set(seedOAuthClient.clientId, {
      ...seedOAuthClient,
      accountId: seedAccountIds.production,
      scopes: [...oauthScopes],
    })
    registry = { generation: state.generation, clients }
    registries.set(state, registry)
  }
  return registry.clients
}

/** Control API: registers a client for an account. */
export function createOAuthClient(
  state: MockState,
  accountId: string,
  scopes: readonly string[] = oauthScopes,
): OAuthClient {
  const client: OAuthClient = {
    clientId: `lk_mock_client_${state.ids.token('', 12)}`,
    clientSecret: state.ids.token('lk_mock_secret_', 24),
    accountId,
    scopes: [...scopes],
  }
  oauthClients(state).set(client.clientId, client)
  return client
}

/** Fields of a token request (form or JSON), plus HTTP Basic client credentials. */
export interface TokenRequest {
  grant_type?: unknown
  client_id?: unknown
  client_secret?: unknown
  scope?: unknown
}

/** The token response. */
interface TokenResponse {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  scope: string
}

/** Issues an access token for the client-credentials grant, or throws {@link OAuthError}. */
export function issueToken(state: MockState, input: TokenRequest): TokenResponse {
  if (input.grant_type === undefined || input.grant_type === '')
    throw new OAuthError(400, 'invalid_request', 'grant_type is required')
  if (input.grant_type !== 'client_credentials') {
    throw new OAuthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported by the mock')
  }
  const client = typeof input.client_id === 'string' ? oauthClients(state).get(input.client_id) : undefined
  if (!client || input.client_secret !== client.clientSecret || !state.accounts.has(client.accountId)) {
    throw new OAuthError(401, 'invalid_client', 'Unknown client or wrong client_secret')
  }
  if (input.scope !== undefined && typeof input.scope !== 'string')
    throw new OAuthError(400, 'invalid_request', 'scope must be a space-separated string')
  // Choice (README): without a scope the client gets `mcp`.
  const requested = (input.scope ?? 'mcp').split(' ').filter((s) => s !== '')
  if (requested.length === 0 || requested.some((s) => !client.scopes.includes(s))) {
    throw new OAuthError(400, 'invalid_scope', `Allowed scopes for this client: ${client.scopes.join(' ')}`)
  }
  const scopes = [...new Set(requested)]
  const token = state.ids.token('lk_mock_at_', 32)
  state.accessTokens.set(token, {
    token,
    accountId: client.accountId,
    scopes,
    expiresAt: state.clock.now() + ACCESS_TOKEN_TTL_SECONDS * 1000,
  })
  return { access_token: token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, scope: scopes.join(' ') }
}
