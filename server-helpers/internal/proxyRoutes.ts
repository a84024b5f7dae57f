/**
 * The proxy's allowlist: every service endpoint the browser may reach through linekit/server,
 * with how it is kept within the user's lines. It is the registry's messaging endpoints
 * (`src/api/endpoints/`: method, path, line policy, query names), not a list of its own. Anything
 * not listed is a 404; nothing is a path pass-through.
 */
import { endpointPath, endpoints, matchEndpoint } from '../../src/api/endpoints'
import type { EndpointRoute, LinePolicy } from '../../src/api/endpoints'

export type { LinePolicy }

/** A route of the allowlist: an endpoint of the service on `{base_url}`. */
export type ProxyRoute = Pick<
  EndpointRoute<(typeof endpoints)[number]['id']>,
  'id' | 'method' | 'path' | 'line' | 'query' | 'idempotencyKey' | 'invalidates'
>

/** The endpoints on `{base_url}`; the mint (`{app_url}`) has a route of its own (`routes/mintRoute.ts`). */
export const proxyRoutes: readonly ProxyRoute[] = endpoints.filter((endpoint) => endpoint.host === 'base')

/** Safe characters of a message handle segment (spec: opaque, starts with `pbm_`). */
export const handlePattern = /^pbm_[A-Za-z0-9_-]{1,200}$/
/** A path below the prefix: one or two plain segments, no dots, no escapes, no empty segments. */
const subPathPattern = /^\/[a-z0-9-]{1,64}(?:\/[A-Za-z0-9_-]{1,204})?$/
/** What each path parameter must match before it goes into the service's path. */
const paramPatterns: Readonly<Record<string, RegExp>> = { message_handle: handlePattern }

export interface MatchedRoute {
  route: ProxyRoute
  /** The path to call on the service, path parameter re-encoded. */
  upstreamPath: string
  handle?: string
}

/**
 * Finds the route for a sub-path (already stripped of the prefix) and method. Anything with
 * `..`, `%`, `//`, backslashes or another host never matches (the pattern allows none of them),
 * nor does a path parameter that is not what its endpoint names (a `pbm_` message handle).
 */
export function matchProxyRoute(
  method: string,
  subPath: string,
  routes: readonly ProxyRoute[] = proxyRoutes,
): MatchedRoute | undefined {
  if (!subPathPattern.test(subPath)) return undefined
  const matched = matchEndpoint(method, subPath, routes)
  if (!matched || matched.endpoint.method !== method) return undefined
  const { endpoint: route, params } = matched
  for (const [name, value] of Object.entries(params)) if (!paramPatterns[name]?.test(value)) return undefined
  const handle = params['message_handle']
  return { route, upstreamPath: endpointPath(route, params), ...(handle !== undefined ? { handle } : {}) }
}

/** The methods the table serves at a sub-path, for a 405's `Allow` (none → the path is a 404). */
export function allowedMethods(subPath: string, routes: readonly ProxyRoute[] = proxyRoutes): ProxyRoute['method'][] {
  const methods = [...new Set(routes.map((route) => route.method))]
  return methods.filter((method) => matchProxyRoute(method, subPath, routes) !== undefined)
}
