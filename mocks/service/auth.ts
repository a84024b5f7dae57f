/**
 * Authentication. spec: Authentication — `Authorization: Bearer <API_KEY>` or an OAuth access
 * token carrying scope `mcp`; missing or invalid credentials → 401.
 */
import { fail } from './serviceErrors'
import type { MockState } from './mockState'
import type { Account, ApiKey } from './stateRecords'

/** Who is calling. */
export interface Caller {
  account: Account
  /** The API key used, or undefined for an OAuth access token. */
  apiKey: ApiKey | undefined
  /** The credential string (rate limits are kept per credential). */
  credential: string
  kind: 'apiKey' | 'accessToken'
}

/** The bearer credential of an `Authorization` header, or undefined. */
export function bearer(header: string | null | undefined): string | undefined {
  if (!header) return undefined
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1]
}

const unauthorized = (message: string) =>
  fail(401, 'unauthorized', message, 'Send Authorization: Bearer <API key> (or an OAuth access token with scope mcp).')

/** Resolves the caller of a request, or throws 401. */
export function authenticate(state: MockState, authorization: string | null | undefined): Caller {
  const credential = bearer(authorization)
  if (credential === undefined) throw unauthorized('Missing API key')
  const apiKey = state.apiKeys.get(credential)
  if (apiKey && !apiKey.revoked) {
    const account = state.accounts.get(apiKey.accountId)
    if (account) return { account, apiKey, credential, kind: 'apiKey' }
  }
  const token = state.accessTokens.get(credential)
  if (token && token.scopes.includes('mcp') && (token.expiresAt === null || token.expiresAt > state.clock.now())) {
    const account = state.accounts.get(token.accountId)
    if (account) return { account, apiKey: undefined, credential, kind: 'accessToken' }
  }
  throw unauthorized('Invalid API key')
}
