/**
 * The proxy's allowlist: every service endpoint the browser may reach through linekit/server,
 * with how it is kept within the user's lines. Anything not listed here is a 404; nothing is a
 * path pass-through. Paths and methods are the spec's and `src/api/ASSUMPTIONS.md`'s; a test
 * (routes.test.ts) keeps the table equal to the contract's messaging endpoints in `src/api`.
 */

/** How a route is scoped to the user's lines. */
export type LinePolicy =
  /** No line involved (contacts and workflows are account-wide in the service). */
  | { kind: 'open' }
  /** The body names the line in `field`; omitted → see `resolveOmittedLine`. */
  | { kind: 'bodyLine'; field: 'lineId' | 'pb_line_id'; required: boolean }
  /** The query names the line in `pb_line_id`; omitted → see `resolveOmittedLine`. */
  | { kind: 'queryLine'; field: 'pb_line_id' }
  /** The 200 response names the line in `line_id` (a message record); another user's line becomes a 404. */
  | { kind: 'responseLine' }
  /** `GET /get-lines`: the response is filtered to the user's lines. */
  | { kind: 'lines' }
  /**
   * The body (POST) or query (GET) names a call (`call_uuid`); its line is what the server learned
   * from the ringing webhook or the user's own call start (the call-status answer's shape is not shown).
   */
  | { kind: 'call' }
  /** The body names a message (`messageHandle`); its line is looked up through the single-message endpoint first. */
  | { kind: 'messageLookup' }
  /** `POST /cancel-flow-run`: the run's line is known only if it was enrolled through this server. */
  | { kind: 'run' }

export interface ProxyRoute {
  method: 'GET' | 'POST'
  /** Service path; `:message_handle` is the only path parameter. */
  path: string
  policy: LinePolicy
  /** Query parameters forwarded on GET (others are dropped; duplicates are refused). */
  query?: readonly string[]
}

const pagination = ['limit', 'offset'] as const

export const proxyRoutes: readonly ProxyRoute[] = [
  { method: 'POST', path: '/send-api-message', policy: { kind: 'bodyLine', field: 'lineId', required: false } },
  { method: 'POST', path: '/send-typing-indicator', policy: { kind: 'bodyLine', field: 'lineId', required: false } },
  { method: 'POST', path: '/send-reaction', policy: { kind: 'messageLookup' } },
  { method: 'POST', path: '/send-group-message', policy: { kind: 'bodyLine', field: 'lineId', required: false } },
  {
    method: 'GET',
    path: '/get-messages-api',
    policy: { kind: 'queryLine', field: 'pb_line_id' },
    query: [
      ...pagination,
      'order_by',
      'order_direction',
      'service',
      'direction',
      'pb_line_id',
      'from_number',
      'to_number',
      'created_at_gte',
      'created_at_lte',
      'sent_at_gte',
      'sent_at_lte',
    ],
  },
  { method: 'GET', path: '/get-message-api/:message_handle', policy: { kind: 'responseLine' } },
  { method: 'GET', path: '/get-lines', policy: { kind: 'lines' } },
  { method: 'POST', path: '/api-check-native-availability', policy: { kind: 'open' } },
  { method: 'POST', path: '/create-external-contact', policy: { kind: 'open' } },
  { method: 'POST', path: '/update-external-contact', policy: { kind: 'open' } },
  { method: 'GET', path: '/get-external-contacts', policy: { kind: 'open' }, query: [...pagination, 'phone'] },
  {
    method: 'POST',
    path: '/enroll-flow',
    policy: { kind: 'bodyLine', field: 'pb_line_id', required: false },
  },
  { method: 'GET', path: '/get-flows', policy: { kind: 'open' } },
  { method: 'POST', path: '/cancel-flow-run', policy: { kind: 'run' } },
  { method: 'GET', path: '/get-effects', policy: { kind: 'open' } },
  {
    method: 'POST',
    path: '/start-audiocall-call-api',
    policy: { kind: 'bodyLine', field: 'pb_line_id', required: true },
  },
  { method: 'POST', path: '/answer-audiocall-call-api', policy: { kind: 'call' } },
  { method: 'POST', path: '/decline-audiocall-call-api', policy: { kind: 'call' } },
  { method: 'POST', path: '/end-audiocall-call-api', policy: { kind: 'call' } },
  {
    method: 'GET',
    path: '/get-audiocall-call-status-api',
    policy: { kind: 'call' },
    query: ['call_uuid'],
  },
  {
    method: 'GET',
    path: '/get-call-logs-api',
    policy: { kind: 'queryLine', field: 'pb_line_id' },
    query: [...pagination, 'call_log_timestamp', 'pb_line_id', 'answered_at_gte', 'answered_at_lte'],
  },
]

/** Safe characters of a message handle segment (spec: opaque, starts with `pbm_`). */
export const handlePattern = /^pbm_[A-Za-z0-9_-]{1,200}$/
/** A path below the prefix: one or two plain segments, no dots, no escapes, no empty segments. */
const subPathPattern = /^\/[a-z0-9-]{1,64}(?:\/[A-Za-z0-9_-]{1,204})?$/

export interface MatchedRoute {
  route: ProxyRoute
  /** The path to call on the service, path parameter re-encoded. */
  upstreamPath: string
  handle?: string
}

/**
 * Finds the route for a sub-path (already stripped of the prefix) and method. Anything with
 * `..`, `%`, `//`, backslashes or another host never matches (the pattern allows none of them).
 */
export function matchProxyRoute(
  method: string,
  subPath: string,
  routes: readonly ProxyRoute[] = proxyRoutes,
): MatchedRoute | undefined {
  if (!subPathPattern.test(subPath)) return undefined
  const slash = subPath.indexOf('/', 1)
  const first = slash < 0 ? subPath : subPath.slice(0, slash)
  const rest = slash < 0 ? undefined : subPath.slice(slash + 1)
  for (const route of routes) {
    if (route.method !== method) continue
    if (rest === undefined) {
      if (route.path === first) return { route, upstreamPath: first }
    } else if (route.path === `${first}/:message_handle` && handlePattern.test(rest)) {
      return { route, upstreamPath: `${first}/${encodeURIComponent(rest)}`, handle: rest }
    }
  }
  return undefined
}

/** The methods the table serves at a sub-path, for a 405's `Allow` (none → the path is a 404). */
export function allowedMethods(subPath: string, routes: readonly ProxyRoute[] = proxyRoutes): ProxyRoute['method'][] {
  const methods = [...new Set(routes.map((route) => route.method))]
  return methods.filter((method) => matchProxyRoute(method, subPath, routes) !== undefined)
}
