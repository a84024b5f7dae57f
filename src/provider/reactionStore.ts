import type { Reaction } from '../api/values'
import { createPersistentMap, type PersistentMap } from './persistentMap'

/**
 * The tapbacks the user sent, by message handle. The contract lists no reactions (spec: POST
 * /send-reaction answers for one reaction; no endpoint reads them back), so the kit keeps what
 * this user sent and the service accepted, in this browser.
 */
export const reactionStore: PersistentMap<Reaction[]> = createPersistentMap('linekit:reactions:v1')

/** Records an accepted add or removal. */
export function recordReaction(handle: string, reaction: Reaction, remove: boolean): void {
  const current = reactionStore.get(handle) ?? []
  const next = remove ? current.filter((r) => r !== reaction) : [...current.filter((r) => r !== reaction), reaction]
  if (next.length === 0) reactionStore.delete(handle)
  else reactionStore.set(handle, next)
}
