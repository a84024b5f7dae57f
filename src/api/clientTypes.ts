/**
 * The client's types, derived from the registry: one method per endpoint, its input and answer
 * typed by the endpoint's schemas, plus the routes linekit/server serves itself.
 */
import type * as z from 'zod/mini'
import type { endpointsById } from './endpoints'
import type { EndpointId } from './endpoints/routes'
import type { InboundCallsQuery, InboundCallsResponse } from './inboundCalls'
import type { MessageSearchQuery, MessageSearchResponse } from './search'
import type { GroupsQuery, GroupsResponse } from './groups'

/**
 * What `new Headers(…)` accepts. Spelled from the `Headers` constructor rather than the DOM's
 * `HeadersInit`, which a Node-only project (no DOM lib) does not have: linekit/server's types
 * must build there with `skipLibCheck` off.
 */
export type HeaderValues = ConstructorParameters<typeof Headers>[0]

/** Per-call options. */
export interface RequestOptions {
  /** Cancels the request; the rejection is the signal's abort reason, not a LinekitError. */
  signal?: AbortSignal
  /** Extra headers for this call. */
  headers?: HeaderValues
  /** Let the request outlive the page (`fetch`'s `keepalive`), e.g. ending a call on `pagehide`. @default false */
  keepalive?: boolean
}

/** Per-call options of the sends (the endpoints whose body takes an `idempotencyKey`). */
export interface SendOptions extends RequestOptions {
  /**
   * Sets the body's `idempotencyKey` (1–200 characters; spec: the service ignores other
   * lengths). With a key, a failed send is `retrySafe`; without one it never is.
   */
  idempotencyKey?: string
}

type Answer<E> = E extends { response: infer S extends z.ZodMiniType } ? Promise<z.infer<S>> : never

/**
 * The method of one endpoint:
 * - a send: `(body, { idempotencyKey, …options })`;
 * - another POST: `(body, options)`;
 * - a GET with a path parameter: `(value, options)` (e.g. the message handle);
 * - a GET with a query: `(query, options)`, the query optional when every parameter is;
 * - a GET without input: `(options)`.
 */
export type EndpointMethod<E> = E extends { method: 'POST'; request: infer S extends z.ZodMiniType }
  ? (body: z.infer<S>, options?: E extends { idempotencyKey: true } ? SendOptions : RequestOptions) => Answer<E>
  : E extends { path: `${string}/:${string}` }
    ? (value: string, options?: RequestOptions) => Answer<E>
    : E extends { request: infer S extends z.ZodMiniType }
      ? object extends z.infer<S>
        ? (query?: z.infer<S>, options?: RequestOptions) => Answer<E>
        : (query: z.infer<S>, options?: RequestOptions) => Answer<E>
      : (options?: RequestOptions) => Answer<E>

/** The methods of the routes linekit/server serves itself from its read model (the service has none). */
export interface KitRouteMethods {
  /**
   * `GET <baseUrl>/calls/inbound`: the user's recent inbound calls, newest first, from
   * linekit/server's read model (a route of linekit/server and of `linekit/mocks`). 404 when the
   * server keeps no read model.
   */
  listInboundCalls(query?: InboundCallsQuery, options?: RequestOptions): Promise<InboundCallsResponse>
  /**
   * `GET <baseUrl>/search?q=`: the user's messages containing a phrase, newest first, from
   * linekit/server's read model, with where the model's window starts (`since`). 404 when the
   * server keeps no read model.
   */
  searchMessages(query: MessageSearchQuery, options?: RequestOptions): Promise<MessageSearchResponse>
  /**
   * `GET <baseUrl>/groups`: the groups linekit/server learned from the group sends it forwarded,
   * with their members and name (the service lists neither). 404 when the server keeps no read
   * model.
   */
  listGroups(query?: GroupsQuery, options?: RequestOptions): Promise<GroupsResponse>
}

/**
 * The typed client: one method per endpoint of the registry (named by its id; the endpoint's file
 * `src/api/endpoints/<id>.ts` documents it), plus the routes of linekit/server.
 */
export type LinekitClient = { [K in EndpointId]: EndpointMethod<(typeof endpointsById)[K]> } & KitRouteMethods
