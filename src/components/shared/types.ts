/**
 * Types the components share. Message shapes come from `src/api`; thread rows are the data
 * layer's own (`useThread`), imported as types only, so presentational pieces add nothing to a bundle.
 */
export type { MessageRecord } from '../../api/schemas'
export type { ThreadItem } from '../../hooks/useThread'
