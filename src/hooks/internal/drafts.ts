import { useCallback, useLayoutEffect, useSyncExternalStore, type RefObject } from 'react'
import { phoneKey } from '../../provider/phoneKey'
import { createPersistentMap, type PersistentMap } from './persistentMap'

/**
 * Unsent text per thread, keyed `*|<normalized phone number or group chat id>`. The contract has
 * no drafts, so the kit keeps them in this browser (`localStorage`, like read marks): a draft
 * survives switching threads and a reload, and is dropped when it is sent or emptied.
 */
export const drafts: PersistentMap<string> = createPersistentMap('linekit:draft:v1', 500)

/**
 * The key of a thread's draft: the person (or group), however the thread was opened — from its
 * row, a search result, a notification or as the default, with a line or without — so the text
 * typed in one is found in the others. Keys of older versions (`<lineId>|<number as given>`) are
 * read as this one and replaced by it on the next keystroke.
 */
export const draftKey = (thread: string) => `*|${phoneKey(thread)}`

const threadOf = (key: string) => phoneKey(key.slice(key.indexOf('|') + 1))

/** Older keys of the same thread (another line, the number written another way). */
function legacyKeys(key: string): string[] {
  const thread = threadOf(key)
  return Object.keys(drafts.snapshot()).filter((k) => k !== key && threadOf(k) === thread)
}

function readDraft(key: string): string {
  const own = drafts.get(key)
  if (own !== undefined) return own
  const [legacy] = legacyKeys(key)
  return legacy === undefined ? '' : (drafts.get(legacy) ?? '')
}

/** The draft of `key` as React state: `[text, setText]`; setting '' forgets it. */
export function useDraft(key: string): [string, (text: string) => void] {
  const text = useSyncExternalStore(
    drafts.subscribe,
    () => readDraft(key),
    () => '',
  )
  const setText = useCallback(
    (next: string) => {
      for (const legacy of legacyKeys(key)) drafts.delete(legacy)
      if (next === '') drafts.delete(key)
      else drafts.set(key, next)
    },
    [key],
  )
  return [text, setText]
}

/**
 * Puts the caret after a restored draft's last character when its thread opens, so what the
 * agent types next continues the draft instead of landing in front of it.
 */
export function useCaretAtEnd(container: RefObject<HTMLElement | null>, key: string) {
  useLayoutEffect(() => {
    const box = container.current?.querySelector('textarea')
    if (box) box.setSelectionRange(box.value.length, box.value.length)
  }, [container, key])
}
