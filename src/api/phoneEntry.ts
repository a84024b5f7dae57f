/**
 * `linekit/phone`: phone-number normalization to E.164 on libphonenumber-js (min metadata,
 * ≈30 KB gzip). Its own entry point so that `linekit/api` (the client and schemas every page
 * loads) never carries the metadata; import it where numbers are typed, or on the server.
 */
export { tryNormalizePhone, normalizePhone, normalizeGroupNumbers, PhoneNumberError } from './phone'
export type { PhoneResult, PhoneError, PhoneErrorCode, GroupNumbersResult, CountryCode } from './phone'
export { groupSendRequestNormalizedSchema, createGroupSendRequestNormalizedSchema } from './groupSendNormalized'
