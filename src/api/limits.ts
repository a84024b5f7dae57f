/**
 * The service's numeric limits (spec: Limits), and linekit/server's own for its message search:
 * one place for each number, used by the schemas that enforce it, the server and mock that
 * apply it, and the components that keep input within it. Plain values, so those components
 * need no schema. `schemas.ts` re-exports them.
 */

/** spec: Limits — page size 1 to 100, default 100. */
export const MAX_PAGE_SIZE = 100
/** spec: Limits — offset + limit at most 2000. */
export const MAX_PAGE_WINDOW = 2000
/** spec: Limits — `customFields` at most 10,000 characters serialized. */
export const MAX_CUSTOM_FIELDS_CHARS = 10_000
/** spec: Limits — group recipients 2 to 32. */
export const MIN_GROUP_RECIPIENTS = 2
export const MAX_GROUP_RECIPIENTS = 32
/** spec: Limits — `flowId` 1 to 64 characters. */
export const MAX_FLOW_ID_CHARS = 64

/** linekit/server's message search (`GET <prefix>/search`, not a service endpoint): longest phrase, in characters. */
export const MAX_SEARCH_QUERY = 100
/** linekit/server's message search: most messages in one answer. */
export const MAX_SEARCH_RESULTS = 50
