/**
 * `linekit/api`: the service contract as zod/mini schemas, the endpoint registry, a typed
 * client and `LinekitError`. No React; runs in Node and browsers. Phone-number normalization is
 * `linekit/phone` (libphonenumber's metadata stays out of every page that only shows numbers).
 */
export * from './enums'
export * from './schemas'
export { endpoints, endpointsById, endpointPath, matchEndpoint } from './endpoints'
export type { Endpoint, EndpointId, EndpointMatch, EndpointRoute, KitRouteId, LinePolicy } from './endpoints'
export {
  inboundCallsQuerySchema,
  inboundCallItemSchema,
  inboundCallsResponseSchema,
  MAX_INBOUND_CALLS,
} from './inboundCalls'
export type { InboundCallsQuery, InboundCallItem, InboundCallsResponse } from './inboundCalls'
export { messageSearchQuerySchema, messageSearchResponseSchema, MAX_SEARCH_QUERY, MAX_SEARCH_RESULTS } from './search'
export type { MessageSearchQuery, MessageSearchResponse } from './search'
export { groupsQuerySchema, groupsResponseSchema } from './groups'
export type { GroupsQuery, GroupItem, GroupsResponse } from './groups'
export { linekitEventTypes, isLinekitEventType, encodeEventFrame } from './events'
export type { LinekitEventType, LinekitEventDataMap, LinekitEventFrame } from './events'
export { createLinekitClient } from './client'
export type {
  EndpointMethod,
  EndpointSchemas,
  KitRouteMethods,
  LinekitClient,
  LinekitClientOptions,
  RequestOptions,
  SendOptions,
} from './client'
export {
  LinekitError,
  linekitErrorFromResponse,
  linekitErrorFromBody,
  parseRetryAfter,
  codeForStatus,
  isRetrySafe,
} from './errors'
export type { LinekitErrorInit, ErrorContext } from './errors'
