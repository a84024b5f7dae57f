import { createPersistentMap, type PersistentMap } from '../../provider/persistentMap'

/** What the kit remembers of a group it sent to: the contract lists no group or its members. */
export interface KnownGroup {
  /** E.164 participants, as the group-send response listed them (`recipients`). */
  participants: string[]
  /** The name given when the group was created, if any. */
  name?: string
  /** The line the group lives on. */
  lineId?: string
}

/**
 * Groups by chat identifier (`to_number` of their messages). Filled when a group send's message
 * is found in the messages list; read by the group thread (its composer sends to the same
 * participant set, so the service reuses the thread) and the conversation list (names).
 */
export const groupRegistry: PersistentMap<KnownGroup> = createPersistentMap('linekit:groups:v1', 500)
