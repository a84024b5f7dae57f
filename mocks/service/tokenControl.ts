/**
 * The in-process control API for the two token issuers: OAuth clients of the identity provider,
 * and faults of the voice-token mint (a proxy's non-JSON 502/503, or the mint's own 503/500).
 * `handlers/tokenControlRoutes.ts` serves it at `/__mock/oauth/clients` and `/__mock/faults/mint`.
 */
import { endpointsById } from '../../src/api'
import { findAccount, type AccountRef } from './accountRefs'
import { addFault } from './faults'
import { createOAuthClient, oauthClients, type OAuthClient } from './identityProvider'
import type { Fault, MockState } from './mockState'
import { fail } from './serviceErrors'

/** Kinds of mint faults (`POST /__mock/faults/mint`). */
export const mintFaultKinds = ['proxy502', 'proxy503', 'unavailable', 'internal'] as const
export type MintFaultKind = (typeof mintFaultKinds)[number]

/** `control.oauth` and `control.mintFault`. */
export interface TokenControl {
  oauth: {
    /** Registers a client-credentials client for an account. */
    createClient(ref?: AccountRef & { scopes?: string[] | undefined }): OAuthClient
    clients(): OAuthClient[]
  }
  /** Arms a mint fault: a proxy's non-JSON 502/503, or the mint's own 503/500. */
  mintFault(input: { kind: MintFaultKind; count?: number | undefined }): Fault
}

/** What each kind of mint fault answers. */
function mintFaultAnswer(kind: MintFaultKind): { status: number; text?: string; body?: unknown } {
  switch (kind) {
    case 'proxy502':
      return { status: 502, text: '<html><body><h1>502 Bad Gateway</h1></body></html>' }
    case 'proxy503':
      return { status: 503, text: '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>' }
    case 'unavailable':
      return {
        status: 503,
        body: { error: 'The dialer is temporarily unavailable; retry with backoff', code: 'dialer_unavailable' },
      }
    case 'internal':
      return { status: 500, body: { error: 'Internal error', code: 'internal_error' } }
    default:
      throw fail(400, 'invalid_request', `kind must be one of ${mintFaultKinds.join(', ')}`)
  }
}

/** Creates `control.oauth` and `control.mintFault` over `state`. */
export function createTokenControl(state: MockState): TokenControl {
  return {
    oauth: {
      createClient(ref = {}) {
        return createOAuthClient(state, findAccount(state, ref).id, ref.scopes)
      },
      clients: () => [...oauthClients(state).values()],
    },
    mintFault(input) {
      const { method, path } = endpointsById.mintVoiceToken
      return addFault(state, { path, method, count: input.count, ...mintFaultAnswer(input.kind) })
    },
  }
}
