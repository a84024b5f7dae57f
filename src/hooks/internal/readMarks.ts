import { createPersistentMap, type PersistentMap } from './persistentMap'

/**
 * When the user last read each thread: `created_at` of the newest message they saw, keyed
 * `<lineId>|<thread>`. The contract has no read state, so the kit keeps it in this browser
 * (`localStorage`, followed by every tab through the `storage` event).
 */
export const readMarks: PersistentMap<string> = createPersistentMap('linekit:read:v1', 5000)
