/**
 * The endpoint registry: every operation of the service with its schemas, one file each
 * (`./<id>.ts`). The client's methods, `scripts/openapi.ts`, linekit/server's allowlist and the
 * mock are derived from it.
 */
import { sendMessage } from './sendMessage'
import { sendGroupMessage } from './sendGroupMessage'
import { getMessages } from './getMessages'
import { getMessage } from './getMessage'
import { getLines } from './getLines'
import { checkAvailability } from './checkAvailability'
import { createContact } from './createContact'
import { updateContact } from './updateContact'
import { listContacts } from './listContacts'
import { listWorkflows } from './listWorkflows'
import { enrollFlow } from './enrollFlow'
import { cancelRun } from './cancelRun'
import { getEffects } from './getEffects'
import { sendTyping } from './sendTyping'
import { sendReaction } from './sendReaction'
import { startCall } from './startCall'
import { answerCall } from './answerCall'
import { declineCall } from './declineCall'
import { endCall } from './endCall'
import { getCallStatus } from './getCallStatus'
import { getCallLogs } from './getCallLogs'
import { mintVoiceToken } from './mintVoiceToken'
import type { EndpointRoute } from './define'
import type { EndpointId } from './routes'

export type { EndpointId, KitRouteId } from './routes'
export type { Endpoint, EndpointRoute, InvalidatedRead, LinePolicy } from './define'
export { endpointPath } from './define'

/** Every endpoint of the service, in the order of `routes`. */
export const endpoints = [
  sendMessage,
  sendGroupMessage,
  getMessages,
  getMessage,
  getLines,
  checkAvailability,
  createContact,
  updateContact,
  listContacts,
  listWorkflows,
  enrollFlow,
  cancelRun,
  getEffects,
  sendTyping,
  sendReaction,
  startCall,
  answerCall,
  declineCall,
  endCall,
  getCallStatus,
  getCallLogs,
  mintVoiceToken,
] as const

/** The registry keyed by id. */
export const endpointsById = /* @__PURE__ */ Object.fromEntries(endpoints.map((e) => [e.id, e])) as {
  [K in EndpointId]: Extract<(typeof endpoints)[number], { id: K }>
}

/** A route a method and path belong to, with its path parameters (decoded). */
export interface EndpointMatch<R> {
  endpoint: R
  params: Record<string, string>
}

/**
 * Find the endpoint a method and path (relative to the host, no query) belong to, among the
 * registry or the given routes, or `undefined`. The one path matcher: linekit/server's allowlist
 * and the mock route by it.
 */
export function matchEndpoint(method: string, path: string): EndpointMatch<(typeof endpoints)[number]> | undefined
export function matchEndpoint<R extends Pick<EndpointRoute, 'method' | 'path'>>(
  method: string,
  path: string,
  among: readonly R[],
): EndpointMatch<R> | undefined
export function matchEndpoint(
  method: string,
  path: string,
  among: readonly Pick<EndpointRoute, 'method' | 'path'>[] = endpoints,
): EndpointMatch<Pick<EndpointRoute, 'method' | 'path'>> | undefined {
  const m = method.toUpperCase()
  const actual = path.split('/')
  for (const endpoint of among) {
    if (endpoint.method !== m) continue
    const params = matchPath(endpoint.path.split('/'), actual)
    if (params) return { endpoint, params }
  }
  return undefined
}

/** The parameters of `actual` against `pattern` (segments), or undefined when they differ. */
function matchPath(pattern: readonly string[], actual: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== actual.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] ?? ''
    const a = actual[i] ?? ''
    if (!p.startsWith(':')) {
      if (p !== a) return undefined
      continue
    }
    if (a === '') return undefined
    try {
      params[p.slice(1)] = decodeURIComponent(a)
    } catch {
      return undefined
    }
  }
  return params
}
