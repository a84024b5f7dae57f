import { useCallback, useSyncExternalStore } from 'react'
import { createPersistentMap, type PersistentMap } from './persistentMap'

/**
 * Unsent text per thread, keyed `<lineId or *>|<phone number or group chat id>`. The contract has
 * no drafts, so the kit keeps them in this browser (`localStorage`, like read marks): a draft
 * survives switching threads and a reload, and is dropped when it is sent or emptied.
 */
export const drafts: PersistentMap<string> = createPersistentMap('linekit:draft:v1', 500)

/** The key of a thread's draft: its line when one is fixed, and the number or group chat id. */
export const draftKey = (thread: string, lineId?: string) => `${lineId ?? '*'}|${thread}`

/** The draft of `key` as React state: `[text, setText]`; setting '' forgets it. */
export function useDraft(key: string): [string, (text: string) => void] {
  const text = useSyncExternalStore(
    drafts.subscribe,
    () => drafts.get(key) ?? '',
    () => '',
  )
  const setText = useCallback((next: string) => (next === '' ? drafts.delete(key) : drafts.set(key, next)), [key])
  return [text, setText]
}
