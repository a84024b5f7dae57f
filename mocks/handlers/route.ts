/**
 * The one wrapper every service route goes through: due timers → fault injection → latency →
 * auth → rate limit → request parsing (the `linekit/api` schemas) → the domain rule → JSON.
 * Errors thrown as `MockHttpError` become the messaging error body `{ error, code, hint }`;
 * anything else is a bug and becomes a 500 with the same body shape.
 */
import { delay } from 'msw'
import type { z } from 'zod/mini'
import { jsonNestsDeeper, MAX_JSON_DEPTH } from '../../src/api/jsonDepth'
import { endpointsById, type EndpointId } from '../../src/api'
import { authenticate, bearer, type Caller } from '../service/auth'
import { fail, MockHttpError } from '../service/serviceErrors'
import { takeHttpFault } from '../service/faults'
import type { MockCore } from '../service/index'
import type { Fault, MockState } from '../service/mockState'
import { errorResponse, json } from './jsonResponses'
import { endpointRoute, type MockRoute, type RouteMethod, type RouteRunner } from './mockRouter'

/** Biggest request body the mock reads (bigger → 413). */
export const MAX_BODY_BYTES = 1_000_000

function faultResponse(fault: Fault): Response {
  if (fault.text !== undefined)
    return new Response(fault.text, { status: fault.status, headers: { 'content-type': 'text/html' } })
  const body = fault.body ?? {
    error: `Injected fault: HTTP ${fault.status}`,
    code: fault.status >= 500 ? 'internal_error' : 'injected_fault',
    hint: 'Set through POST /__mock/faults.',
  }
  return json(body, fault.status)
}

/** What a route's resolver receives. */
interface RouteArgs {
  request: Request
  url: URL
  params: Readonly<Record<string, string>>
  state: MockState
  /** Set when the route requires auth. */
  caller: Caller
}

/** The parsed request of an endpoint: its query for a GET, its JSON body otherwise. */
export type EndpointInput<Id extends EndpointId> = (typeof endpointsById)[Id] extends {
  request: infer S extends z.ZodMiniType
}
  ? z.output<S>
  : undefined

/** What an endpoint route's resolver receives: also `input()`, the request parsed by the endpoint's schema. */
interface EndpointRouteArgs<Id extends EndpointId> extends RouteArgs {
  /**
   * The request checked by the registry's schema (400 with the contract's body when it does not
   * fit). A function, so that a route can refuse first for what the service checks first.
   */
  input: () => Promise<EndpointInput<Id>>
}

/** Options every route takes. */
interface RouteOptions {
  /** Require a bearer credential. @default true */
  auth?: boolean
  /** Name of the limiter to apply per credential; `null` for none. @default 'messaging' */
  rateLimit?: string | null
}
/** A route of the mock's own (not a service endpoint) that takes the same pipeline. */
type OwnRouteSpec = RouteOptions & { method: RouteMethod; path: string }

/** RFC 9728 protected-resource metadata of the whole API, relative to the origin. */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource'

/**
 * Runs `authenticate`; a 401 gets the RFC 6750 / RFC 9728 challenge MCP clients discover OAuth
 * from: `WWW-Authenticate: Bearer realm, resource_metadata="<metadata URL>", scope="mcp"`
 * (plus `error="invalid_token"` when a credential was sent). spec: Authentication 1 — every
 * endpoint takes an API key or an OAuth token with scope `mcp`.
 */
function withBearerChallenge(url: URL, path: string, authorization: string | null, authenticate: () => Caller): Caller {
  try {
    return authenticate()
  } catch (error) {
    if (!(error instanceof MockHttpError) || error.status !== 401) throw error
    // The MCP endpoint has its own (path-aware) metadata document; the rest of the API the root one.
    const metadata = `${url.origin}${PROTECTED_RESOURCE_METADATA_PATH}${path === '/api/mcp' ? path : ''}`
    // RFC 6750 §3.1: no error code when the request carried no bearer credential at all.
    const invalid = bearer(authorization) !== undefined
    const challenge =
      `Bearer realm="linekit-mock", resource_metadata="${metadata}", scope="mcp"` +
      (invalid ? ', error="invalid_token", error_description="The credential is not a valid API key or mcp token"' : '')
    throw new MockHttpError(error.status, error.code, error.message, error.hint, error.extra, {
      ...error.headers,
      'www-authenticate': challenge,
    })
  }
}

/** The messaging API limiter: 60/min per key (spec: Limits), adjustable in settings. */
function messagingLimiter(state: MockState) {
  return state.limiter('messaging', () => state.settings.rateLimitPerMinute)
}

/**
 * A service route: the endpoint named once (its method, path and request schema are the
 * registry's), or a route of the mock's own, wrapped in the shared pipeline.
 *
 * @example
 * route(core, 'sendMessage', async ({ state, caller, input }) => sendMessage(state, caller.account, await input()))
 */
export function route<Id extends EndpointId>(
  core: MockCore,
  endpoint: Id | (RouteOptions & { endpoint: Id }),
  resolve: (args: EndpointRouteArgs<Id>) => unknown,
): MockRoute
export function route(core: MockCore, spec: OwnRouteSpec, resolve: (args: RouteArgs) => unknown): MockRoute
export function route(
  core: MockCore,
  specOrId: EndpointId | (RouteOptions & { endpoint: EndpointId }) | OwnRouteSpec,
  resolve: (args: EndpointRouteArgs<EndpointId>) => unknown,
): MockRoute {
  const spec = typeof specOrId === 'string' ? { endpoint: specOrId } : specOrId
  const { state } = core
  const requireAuth = spec.auth ?? true
  const limiterName = spec.rateLimit === undefined ? 'messaging' : spec.rateLimit
  const endpoint = 'endpoint' in spec ? endpointsById[spec.endpoint] : undefined
  const { method, path } = endpoint ?? (spec as OwnRouteSpec)
  const schema = endpoint && 'request' in endpoint ? (endpoint.request as z.ZodMiniType) : undefined
  const run: RouteRunner = async (request, params) => {
    try {
      state.clock.runDue()
      const url = new URL(request.url)
      const fault = takeHttpFault(state, method, path, url.pathname)
      if (fault) return faultResponse(fault)
      if (state.settings.latencyMs > 0) await delay(state.settings.latencyMs)
      let caller = undefined as unknown as Caller
      if (requireAuth) {
        caller = withBearerChallenge(url, path, request.headers.get('authorization'), () =>
          authenticate(state, request.headers.get('authorization')),
        )
        if (limiterName !== null) {
          const limiter = limiterName === 'messaging' ? messagingLimiter(state) : state.limiters.get(limiterName)
          const result = limiter?.take(caller.credential)
          if (result && !result.ok) {
            // spec: Limits — 60 requests per minute per key → 429 rate_limited with Retry-After.
            throw fail(
              429,
              'rate_limited',
              'Rate limit exceeded: 60 requests per minute per key',
              `Retry after ${result.retryAfterSeconds} seconds.`,
              { retryAfterSeconds: result.retryAfterSeconds },
              { 'retry-after': String(result.retryAfterSeconds) },
            )
          }
        }
      }
      const input = async () =>
        schema === undefined ? undefined : method === 'GET' ? parseQuery(url, schema) : parseBody(request, schema)
      const result = await resolve({ request, url, params, state, caller, input: input as never })
      return result instanceof Response ? result : json(result)
    } catch (error) {
      if (!(error instanceof MockHttpError)) console.error('[linekit/mocks] unexpected error', error)
      return errorResponse(error)
    }
  }
  return 'endpoint' in spec ? endpointRoute(spec.endpoint, run) : { method, path, run }
}

/**
 * The body as text, or `undefined` as soon as more than {@link MAX_BODY_BYTES} have come: the
 * size is checked while reading, so a huge body is never held in memory.
 */
export async function readTextCapped(request: Request): Promise<string | undefined> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > MAX_BODY_BYTES) return undefined
  if (!request.body) return ''
  const reader = request.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return text + decoder.decode()
    total += value.byteLength
    if (total > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined)
      return undefined
    }
    text += decoder.decode(value, { stream: true })
  }
}

/** Reads a JSON object body; 400 on invalid or too deeply nested JSON or a non-object, 413 when too big. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = await readTextCapped(request)
  if (text === undefined)
    throw fail(
      413,
      'payload_too_large',
      'Request body is too large',
      `Keep request bodies under ${MAX_BODY_BYTES} bytes.`,
    )
  if (text.trim() === '')
    throw fail(
      400,
      'invalid_request',
      'Request body is empty',
      'Send a JSON object with Content-Type: application/json.',
    )
  // spec: Errors — 400 for a malformed body: deeper structure would overflow whatever walks it.
  if (jsonNestsDeeper(text))
    throw fail(
      400,
      'invalid_request',
      `Request body nests deeper than ${MAX_JSON_DEPTH} levels`,
      'Send a flat JSON object.',
    )
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw fail(
      400,
      'invalid_json',
      'Request body is not valid JSON',
      'Send a JSON object with Content-Type: application/json.',
    )
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw fail(
      400,
      'invalid_request',
      'Request body must be a JSON object',
      'Send a JSON object with Content-Type: application/json.',
    )
  }
  return body as Record<string, unknown>
}

/** Fields whose schema failure has a more specific code than `invalid_request`. */
const FIELD_CODES: Record<string, string> = {
  lineId: 'invalid_line_id',
  pb_line_id: 'invalid_line_id',
  flowId: 'invalid_flow_id',
  effect: 'invalid_effect',
}

/** Parses `input` with a `linekit/api` schema or throws 400 naming the first problems. */
export function parseWith<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issues = result.error.issues.slice(0, 3)
  const message = issues
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : 'body'}: ${i.message}`)
    .join('; ')
    .slice(0, 500)
  const first = issues[0]?.path[0]
  const code = (typeof first === 'string' && FIELD_CODES[first]) || 'invalid_request'
  throw fail(
    400,
    code,
    `Invalid request: ${message}`,
    'Check the request against the service interface (field names, types and bounds).',
  )
}

/** Parses a JSON body with a schema. */
async function parseBody<S extends z.ZodMiniType>(request: Request, schema: S): Promise<z.output<S>> {
  return parseWith(schema, await readJsonObject(request))
}

/** Parses the query string with a schema (repeated names: the last value wins). */
export function parseQuery<S extends z.ZodMiniType>(url: URL, schema: S): z.output<S> {
  const query: Record<string, string> = {}
  for (const [key, value] of url.searchParams) query[key] = value
  return parseWith(schema, query)
}
