/**
 * The shape of an endpoint definition. Each operation of the service is written once, in two
 * modules named by its id:
 * - `<id>Route.ts`, its route (`defineRoute`): method, path, host, declared statuses, idempotency,
 *   error shape and how the request names a line — what the client needs to call it and
 *   linekit/server needs to allow and scope it;
 * - `<id>.ts`, the endpoint (`defineEndpoint`): the route plus its request and response schemas
 *   and a summary — what validates and documents it.
 * The client imports routes only: a browser page that calls its own server carries no schema,
 * in every bundler (one that keeps whole modules as well).
 */
import type * as z from 'zod/mini'

/**
 * How a request is kept within the caller's lines (linekit/server's policy for the route). The
 * line is named by:
 * - `body`: a body field (`lineId` or `pb_line_id`); omitted and not `required`, the server fills
 *   in the user's line when there is one to choose;
 * - `query`: a query parameter (`pb_line_id`), the same way;
 * - `response`: the 200 answer's `line_id` (a message record): another user's record is a 404;
 * - `call`: the `call_uuid` of the body (POST) or query (GET), whose line the server learned;
 * - `message`: the body's `messageHandle`, whose record is read first;
 * - `run`: the body's `runId`, known only if it was enrolled through the server;
 * - `lines`: nothing; the answer (the lines listing) is filtered to the user's lines;
 * - `none`: no line is involved (contacts and workflows are account-wide in the service).
 */
export type LinePolicy =
  | { in: 'body'; field: 'lineId' | 'pb_line_id'; required: boolean }
  | { in: 'query'; field: 'pb_line_id' }
  | { in: 'response' }
  | { in: 'call' }
  | { in: 'message' }
  | { in: 'run' }
  | { in: 'lines' }
  | { in: 'none' }

/** One operation of the service, as data, without its schemas. */
export interface EndpointRoute<Id extends string = string> {
  /** Also the client's method name. */
  id: Id
  method: 'GET' | 'POST'
  /** Path relative to the host; `:name` marks a path parameter. */
  path: string
  /** `base` = {base_url} (messaging API); `app` = {app_url} (voice-token mint). */
  host: 'base' | 'app'
  /** Declared status codes, 200 included. */
  statuses: readonly number[]
  /**
   * True when repeating the request cannot duplicate a side effect (GETs, the mint, the
   * availability check). A send is retry-safe only with an `idempotencyKey`.
   */
  idempotent: boolean
  /** The body takes an `idempotencyKey` (the sends); the client's per-call option sets it. */
  idempotencyKey?: boolean
  /**
   * The query parameters a GET takes, the keys of its request schema: linekit/server forwards
   * these and drops any other. Absent: the GET takes no query.
   */
  query?: readonly string[]
  /** Whether the error body is the mint's `{ error, code }` or the messaging `{ error, code?, hint? }`. */
  errorShape: 'mint' | 'messaging'
  /** True when the spec shows no method, path or shape and linekit chose one (ASSUMPTIONS.md). */
  assumed?: boolean
  /** How the request names one of the caller's lines. */
  line: LinePolicy
  /**
   * The reads a 2xx answer leaves out of date with nothing to announce it (no webhook): each cache
   * of them drops them, linekit/server's read model (routes/proxy.ts) and the page's query cache
   * (hooks/mutationOptions.ts).
   */
  invalidates?: readonly InvalidatedRead[]
}

/**
 * Reads an action's answer can leave out of date. Each is a key of a table in both caches that
 * says how to drop it, so a new one fails to type-check until both do.
 */
export type InvalidatedRead = 'getCallLogs'

/** The request and response schemas of an endpoint. */
export interface EndpointSchemas {
  /** The body (POST) or query (GET) schema. */
  readonly request?: z.ZodMiniType
  /** The 200 body schema. */
  readonly response: z.ZodMiniType
  /**
   * Error statuses whose body is not the endpoint's usual error body (the messaging or the mint
   * error body), with the schema of the body the contract shows for them.
   */
  readonly errorBodies?: Readonly<Partial<Record<number, z.ZodMiniType>>>
}

/** An endpoint: its route, its schemas and what follows from them. */
export type Endpoint<
  R extends EndpointRoute = EndpointRoute,
  S extends EndpointSchemas & { summary: string } = EndpointSchemas & { summary: string },
> = R &
  S & {
    /** Path parameter names, in order (e.g. `['message_handle']`), read from `path`. */
    pathParams?: readonly string[]
  }

// spec: Errors — "Declared status codes on the messaging operations: 400, 401, 403, 404, 409, 429, 500, 502."
export const MESSAGING = [200, 400, 401, 403, 404, 409, 429, 500, 502] as const
// spec: answer/decline status codes (also applied to the other audio-call operations)
export const AUDIO = [200, 400, 401, 403, 404, 409, 429, 500, 502, 503] as const

/** An endpoint's route, typed as written (a typed identity). */
export function defineRoute<const R extends EndpointRoute>(route: R): R {
  return route
}

/** The `:name` parameters of a path, in order. */
export function pathParamsOf(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string)
}

/**
 * An endpoint: its route with its schemas and its one-line summary (for the OpenAPI document).
 * Each endpoint file calls it once, marked `@__PURE__`: only the registry (`index.ts`) reads the
 * result, so a page that imports the routes alone (the client) leaves the call out, and with it
 * the schemas.
 */
export function defineEndpoint<const R extends EndpointRoute, S extends EndpointSchemas & { summary: string }>(
  route: R,
  schemas: S,
): Endpoint<R, S> {
  const params = pathParamsOf(route.path)
  return {
    ...route,
    ...schemas,
    ...(params.length > 0 ? { pathParams: params } : {}),
  }
}

/** Fill a path's `:name` parameters (URI-encoded). */
export function endpointPath(
  endpoint: Pick<EndpointRoute, 'path'>,
  params: Readonly<Record<string, string>> = {},
): string {
  return endpoint.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new TypeError(`missing path parameter ${name} for ${endpoint.path}`)
    return encodeURIComponent(value)
  })
}
