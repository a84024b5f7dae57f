/**
 * `createLinekitClient`: one typed method per endpoint of the service, derived from the routes
 * (`endpoints/routes.ts`) and typed by the registry. With `schemas` (the registry `endpointsById`),
 * each method validates its input before sending (no request is made for input the service would
 * reject with 400) and parses the response; without, it sends and returns the JSON as is, and the
 * service (through linekit/server) is the one that checks. The routes carry no schema: a browser
 * page that only talks to its own server carries no zod.
 */
import type * as z from 'zod/mini'
import type { HeaderValues, LinekitClient, RequestOptions, SendOptions } from './clientTypes'
import type { EndpointRoute, EndpointSchemas } from './endpoints/define'
import { endpointPath, pathParamsOf } from './endpoints/define'
import { kitMintPath, kitRoutes, routes } from './endpoints/routes'
import type { EndpointId, KitRouteId } from './endpoints/routes'
import { LinekitError, isRetrySafe, linekitErrorFromResponse } from './errors'

export type { EndpointSchemas }
export type { EndpointMethod, KitRouteMethods, LinekitClient, RequestOptions, SendOptions } from './clientTypes'

/** Options of {@link createLinekitClient}. */
export interface LinekitClientOptions {
  /**
   * Messaging API root: the service's `{base_url}` on a server, or the app's linekit/server
   * prefix in a browser (e.g. `/api/linekit`).
   */
  baseUrl: string
  /**
   * Voice-token mint host `{app_url}` (server-side use against the real service). When absent
   * the mint is `<baseUrl>/dialer/token` (the linekit/server route, ASSUMPTIONS.md).
   */
  appUrl?: string
  /** Fetch implementation. @default globalThis.fetch (looked up per call, so MSW can patch it) */
  fetch?: typeof fetch
  /** Headers for every request (e.g. `Authorization`); a function is called per request. */
  headers?: HeaderValues | (() => HeaderValues | Promise<HeaderValues>)
  /** Abort a request (including reading its body) after this many ms. @default 30000 */
  timeoutMs?: number
  /**
   * Sent on every state-changing request so linekit/server's CSRF check passes for same-app
   * callers (a custom header cannot be set cross-site without a CORS preflight). `false` omits it.
   * @default { name: 'x-linekit-csrf', value: '1' }
   */
  csrfHeader?: { name: string; value: string } | false
  /**
   * Schemas to check every call against: pass `endpointsById` from `linekit/api` where nothing
   * else validates (a script or server talking to the service directly). A browser talking to
   * linekit/server can leave it out: the service answers bad input with a 400 the client turns
   * into a {@link LinekitError}, and the page carries no zod. @default undefined (no checks)
   */
  schemas?: { readonly [K in EndpointId | KitRouteId]?: EndpointSchemas }
}

/** What {@link createLinekitClient}'s request function needs to know of a route. */
type RouteInfo = Pick<EndpointRoute, 'method' | 'path' | 'idempotent' | 'errorShape' | 'idempotencyKey' | 'query'> & {
  id: EndpointId | KitRouteId
  host?: EndpointRoute['host']
}

const DEFAULT_TIMEOUT_MS = 30_000

/**
 * What a path parameter must look like before it becomes a path segment. spec: message handles
 * start with pbm_ (group handles are pbg_ and have no record route).
 */
const paramRules: Record<string, { pattern: RegExp; message: string }> = {
  message_handle: { pattern: /^pbm_./, message: 'message handle must start with pbm_' },
}

const trimSlash = (s: string) => s.replace(/\/+$/, '')

/** Readable one-line summary of zod issues: `numbers: …; message: …`. */
function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join('; ')
}

function invalidRequest(endpoint: EndpointId | KitRouteId, message: string, issues?: unknown): LinekitError {
  return new LinekitError({ status: 0, code: 'invalid_request', message, body: issues, endpoint, retrySafe: false })
}

function toQueryString(query: object | undefined): string {
  if (query === undefined) return ''
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    params.append(key, String(value))
  }
  const s = params.toString()
  return s === '' ? '' : `?${s}`
}

/**
 * Create a client for the service (or for a linekit/server proxy).
 *
 * @example
 * const client = createLinekitClient({ baseUrl: '/api/linekit' })
 * const { data } = await client.getMessages({ limit: 50, direction: 'inbound' })
 */
export function createLinekitClient(options: LinekitClientOptions): LinekitClient {
  const baseUrl = trimSlash(options.baseUrl)
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS

  function urlFor(route: RouteInfo, path: string): string {
    // The mint lives on {app_url}; a browser reaches it through linekit/server's own route.
    if (route.host === 'app') {
      return options.appUrl !== undefined ? `${trimSlash(options.appUrl)}${path}` : `${baseUrl}${kitMintPath}`
    }
    return `${baseUrl}${path}`
  }

  async function call(
    endpoint: RouteInfo,
    input: { body?: unknown; query?: object; path?: string },
    requestOptions: RequestOptions | undefined,
    keyed = false,
  ): Promise<unknown> {
    const id = endpoint.id
    const idempotent = endpoint.idempotent || keyed
    const url = urlFor(endpoint, input.path ?? endpoint.path) + toQueryString(input.query)

    const headers = new Headers(typeof options.headers === 'function' ? await options.headers() : options.headers)
    new Headers(requestOptions?.headers).forEach((value, key) => headers.set(key, value))
    if (!headers.has('accept')) headers.set('accept', 'application/json')
    if (input.body !== undefined) headers.set('content-type', 'application/json')
    const csrf = options.csrfHeader ?? { name: 'x-linekit-csrf', value: '1' }
    if (csrf && endpoint.method !== 'GET' && !headers.has(csrf.name)) headers.set(csrf.name, csrf.value)

    // One controller for the caller's signal and the timeout; the timeout also covers the body.
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const userSignal = requestOptions?.signal
    const onAbort = () => controller.abort(userSignal?.reason)
    if (userSignal?.aborted) onAbort()
    else userSignal?.addEventListener('abort', onAbort, { once: true })

    const fail = (error: unknown): never => {
      if (userSignal?.aborted) throw userSignal.reason ?? error
      if (timedOut) {
        throw new LinekitError({
          status: 0,
          code: 'timeout',
          message: `${endpoint.method} ${endpoint.path} timed out after ${timeoutMs} ms`,
          retrySafe: isRetrySafe(0, 'timeout', { idempotent }),
          endpoint: id,
          cause: error,
        })
      }
      if (LinekitError.is(error)) throw error
      throw new LinekitError({
        status: 0,
        code: 'network_error',
        message: `${endpoint.method} ${endpoint.path} failed: ${error instanceof Error ? error.message : String(error)}`,
        retrySafe: isRetrySafe(0, 'network_error', { idempotent }),
        endpoint: id,
        cause: error,
      })
    }

    try {
      const fetchImpl = options.fetch ?? globalThis.fetch
      let response: Response
      try {
        response = await fetchImpl(url, {
          method: endpoint.method,
          headers,
          body: input.body === undefined ? undefined : JSON.stringify(input.body),
          signal: controller.signal,
          ...(requestOptions?.keepalive ? { keepalive: true } : {}),
        })
      } catch (error) {
        return fail(error)
      }

      if (!response.ok) {
        let error: LinekitError
        try {
          error = await linekitErrorFromResponse(response, {
            endpoint: id,
            errorShape: endpoint.errorShape,
            idempotent,
          })
        } catch (e) {
          return fail(e)
        }
        if (timedOut || userSignal?.aborted) return fail(error)
        throw error
      }

      let text: string
      try {
        text = await response.text()
      } catch (error) {
        return fail(error)
      }
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        throw new LinekitError({
          status: response.status,
          code: 'invalid_response',
          message: `${endpoint.method} ${endpoint.path} answered ${response.status} without a JSON body`,
          body: text,
          endpoint: id,
        })
      }
      const schema = options.schemas?.[id]?.response
      if (schema === undefined) return json
      const parsed = schema.safeParse(json)
      if (!parsed.success) {
        throw new LinekitError({
          status: response.status,
          code: 'invalid_response',
          message: `${endpoint.method} ${endpoint.path} answered with an unexpected shape: ${describeIssues(parsed.error.issues)}`,
          body: json,
          endpoint: id,
        })
      }
      return parsed.data
    } finally {
      clearTimeout(timer)
      userSignal?.removeEventListener('abort', onAbort)
    }
  }

  /** Refuses a path parameter that is not one (it becomes a path segment), schemas or not. */
  function checkParam(id: EndpointId | KitRouteId, name: string, value: unknown): void {
    const rule = paramRules[name]
    if (typeof value !== 'string' || (rule !== undefined && !rule.pattern.test(value)))
      throw invalidRequest(id, rule?.message ?? `${name} must be a string`)
  }

  /** Validate with the endpoint's request schema, if given; throws `invalid_request` before any fetch. */
  function validate(id: EndpointId | KitRouteId, input: unknown): void {
    const schema = options.schemas?.[id]?.request
    if (schema === undefined) return
    const result = schema.safeParse(input ?? {})
    if (!result.success) throw invalidRequest(id, describeIssues(result.error.issues), result.error.issues)
  }

  /** Puts the per-call key into the body, unless the body already has one. */
  function withKey<B extends { idempotencyKey?: string | undefined }>(body: B, opts?: SendOptions): B {
    return opts?.idempotencyKey !== undefined && body.idempotencyKey === undefined
      ? { ...body, idempotencyKey: opts.idempotencyKey }
      : body
  }
  // spec: idempotencyKey — 1 to 200 characters take effect; others are ignored by the service,
  // so only a key in bounds makes a retry safe.
  const keyed = (body: { idempotencyKey?: string | undefined }) =>
    typeof body.idempotencyKey === 'string' && body.idempotencyKey.length >= 1 && body.idempotencyKey.length <= 200

  /** The method of one route (its shape: `EndpointMethod` in clientTypes.ts). */
  function methodOf(route: RouteInfo) {
    const { id } = route
    if (route.idempotencyKey) {
      return async (body: { idempotencyKey?: string }, opts?: SendOptions) => {
        const b = withKey(body, opts)
        validate(id, b)
        return call(route, { body: b }, opts, keyed(b))
      }
    }
    if (route.method === 'POST') {
      return async (body: object, opts?: RequestOptions) => {
        validate(id, body)
        return call(route, { body }, opts)
      }
    }
    const [param] = pathParamsOf(route.path)
    if (param !== undefined) {
      return async (value: string, opts?: RequestOptions) => {
        checkParam(id, param, value)
        return call(route, { path: endpointPath(route, { [param]: value }) }, opts)
      }
    }
    if (route.query) {
      return async (query?: object, opts?: RequestOptions) => {
        validate(id, query)
        return call(route, { query }, opts)
      }
    }
    return async (opts?: RequestOptions) => call(route, {}, opts)
  }

  const client: Record<string, unknown> = {}
  for (const route of [...routes, ...kitRoutes] as readonly RouteInfo[]) client[route.id] = methodOf(route)
  // Built per route at run time; each method has the shape its type (`EndpointMethod`) names, as
  // the client tests check for every endpoint.
  return client as unknown as LinekitClient
}
