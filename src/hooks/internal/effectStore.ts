import type { Effect } from '../../api/values'
import { createPersistentMap, type PersistentMap } from '../../provider/persistentMap'

/**
 * The send effect of messages this user sent with one, by message handle. A message record has
 * no effect field (spec: Message record), so the kit remembers it when the send is matched to its
 * record (useThread), to show it on the bubble.
 */
export const effectStore: PersistentMap<Effect> = createPersistentMap('linekit:effects:v1')
