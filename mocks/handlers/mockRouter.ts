/**
 * The mock's one request path: a router over its routes. The in-process `fetch` (and through it
 * the standalone server) asks it directly; the MSW handler asks it too, so `setupServer` /
 * `setupWorker` answer with the same routes and the same code.
 *
 * A route of the service is found by `matchEndpoint` (src/api/endpoints/index.ts): its method and path
 * are the registry's, written nowhere else. The mock's own routes (`/__mock/*`, MCP, OAuth) are
 * exact paths on any host, so `/foo/get-lines`, `/get-lines/` and `/x/__mock/reset` match nothing.
 */
import { http, type HttpHandler } from 'msw'
import { endpointsById, matchEndpoint, type EndpointId } from '../../src/api'
import { fail } from '../service/serviceErrors'
import { errorResponse } from './jsonResponses'

/** The HTTP methods of the mock's routes. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'

/** Answers one request; `params` are the route's path parameters, decoded. */
export type RouteRunner = (request: Request, params: Readonly<Record<string, string>>) => Promise<Response>

/** One route of the mock. */
export interface MockRoute {
  method: RouteMethod
  /** The path, `:name` for a parameter (e.g. `/get-message-api/:message_handle`, `/__mock/calls/:id/ring`). */
  path: string
  /** The service endpoint the route serves; method and path are then the registry's. */
  endpoint?: EndpointId
  run: RouteRunner
}

/** The route of a service endpoint, with the registry's method and path. */
export function endpointRoute(id: EndpointId, run: RouteRunner): MockRoute {
  const { method, path } = endpointsById[id]
  return { method, path, endpoint: id, run }
}

/** The one way a request finds its route. */
interface MockRouter {
  /** What answers `method pathname` (its path parameters bound), or undefined when no route has them. */
  find(method: string, pathname: string): ((request: Request) => Promise<Response>) | undefined
}

/** The 400 for a path parameter that is not valid percent-encoding. */
function malformedPath(): Promise<Response> {
  return Promise.resolve(
    errorResponse(
      fail(
        400,
        'invalid_request',
        'Malformed percent-encoding in the path',
        'Encode path parameters with encodeURIComponent.',
      ),
    ),
  )
}

/**
 * The control API names one item (a call, a call log, a webhook) by the path segment after its
 * collection, declared as `:id`: `/__mock/calls/:id/ring`, `/__mock/webhooks/:id`.
 */
function controlItem(pathname: string): { path: string; id: string } | undefined {
  const parts = pathname.split('/')
  const id = parts[3]
  if (parts[1] !== '__mock' || parts.length > 5 || id === undefined || id === '') return undefined
  parts[3] = ':id'
  return { path: parts.join('/'), id }
}

/** Builds the router; when two routes have the same method and path, the first one answers. */
export function createRouter(routes: readonly MockRoute[]): MockRouter {
  const byEndpoint = new Map<EndpointId, MockRoute>()
  const byPath = new Map<string, MockRoute>()
  for (const route of routes) {
    if (route.endpoint !== undefined) {
      if (!byEndpoint.has(route.endpoint)) byEndpoint.set(route.endpoint, route)
    } else if (!byPath.has(`${route.method} ${route.path}`)) byPath.set(`${route.method} ${route.path}`, route)
  }

  function find(rawMethod: string, pathname: string) {
    const method = rawMethod.toUpperCase()
    const matched = matchEndpoint(method, pathname)
    if (matched) {
      const route = byEndpoint.get(matched.endpoint.id)
      return route && ((request: Request) => route.run(request, matched.params))
    }
    // matchEndpoint takes a parameter that is not valid percent-encoding for no match; with every
    // '%' escaped it finds the route the request was meant for, which answers 400, not 404.
    if (pathname.includes('%')) {
      const meant = matchEndpoint(method, pathname.replace(/%/g, '%25'))
      if (meant && byEndpoint.has(meant.endpoint.id)) return malformedPath
    }
    const own = byPath.get(`${method} ${pathname}`)
    if (own) return (request: Request) => own.run(request, {})
    const item = controlItem(pathname)
    const itemRoute = item && byPath.get(`${method} ${item.path}`)
    if (!item || !itemRoute) return undefined
    let id: string
    try {
      id = decodeURIComponent(item.id)
    } catch {
      return malformedPath
    }
    return (request: Request) => itemRoute.run(request, { id })
  }

  return { find }
}

/**
 * The MSW handler of a router: it answers what the router has a route for and lets every other
 * request pass (a custom predicate: an MSW pattern `*<path>` would also match any path that
 * merely ends in it).
 */
export function mswHandler(router: MockRouter): HttpHandler {
  const find = (request: Request) => router.find(request.method, new URL(request.url).pathname)
  return http.all(
    ({ request }) => find(request) !== undefined,
    ({ request }) => find(request)?.(request),
  )
}
