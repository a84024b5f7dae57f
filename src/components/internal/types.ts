/**
 * Types the components share. Message/line/… shapes come from `src/api`; `ThreadItem` mirrors
 * the data-layer contract (`useThread`) so presentational pieces can be used and tested alone.
 */
import type { MessageRecord, SendMessageRequest } from '../../api/schemas'

export type { MessageRecord, SendMessageRequest }

/** A stored message in a thread. */
export interface ThreadMessageItem {
  kind: 'message'
  key: string
  message: MessageRecord
}

/** A send the user made that the service has not confirmed (or refused). */
export interface ThreadOptimisticItem {
  kind: 'optimistic'
  key: string
  localId: string
  body: SendMessageRequest
  state: 'pending' | 'failed'
  error?: unknown
  retry: () => void
  discard: () => void
  createdAt: string | number | Date
}

/** One row of a 1:1 thread, oldest → newest (contract: `useThread().items`). */
export type ThreadItem = ThreadMessageItem | ThreadOptimisticItem
