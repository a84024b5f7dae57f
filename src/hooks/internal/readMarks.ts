import { createPersistentMap, type PersistentMap } from '../../provider/persistentMap'

/**
 * When the user last read each thread: `created_at` of the newest message they saw, keyed
 * `<lineId>|<thread>`. The contract has no read state, so the kit keeps it in this browser
 * (`localStorage`, followed by every tab through the `storage` event).
 */
export const readMarks: PersistentMap<string> = createPersistentMap('linekit:read:v1', 5000)

/**
 * Where each thread was read up to before it was last opened from the conversation list (which
 * moves the mark on open): the thread view puts its "New" divider there. In memory only; the
 * thread view drops the entry once it has marked what the user saw.
 */
export const marksBeforeOpen = new Map<string, string | undefined>()
