/**
 * `linekit/api`: the service contract as zod/mini schemas, the endpoint registry, a typed
 * client, `LinekitError` and phone-number normalization. No React; runs in Node and browsers.
 */
export * from './enums'
export * from './schemas'
export { endpoints, endpointsById, endpointPath, matchEndpoint } from './endpoints'
export type { Endpoint, EndpointId } from './endpoints'
export { tryNormalizePhone, normalizePhone, normalizeGroupNumbers, PhoneNumberError } from './phone'
export type { PhoneResult, PhoneError, PhoneErrorCode, GroupNumbersResult, CountryCode } from './phone'
export { groupSendRequestNormalizedSchema, createGroupSendRequestNormalizedSchema } from './groupSendNormalized'
export { linekitEventTypes, isLinekitEventType, encodeEventFrame } from './events'
export type { LinekitEventType, LinekitEventDataMap, LinekitEventFrame } from './events'
export { createLinekitClient } from './client'
export type { LinekitClient, LinekitClientOptions, RequestOptions, SendOptions } from './client'
export {
  LinekitError,
  linekitErrorFromResponse,
  linekitErrorFromBody,
  parseRetryAfter,
  codeForStatus,
  isRetrySafe,
} from './errors'
export type { LinekitErrorInit, ErrorContext } from './errors'
