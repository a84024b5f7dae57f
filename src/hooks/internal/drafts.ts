import { useCallback, useContext, useLayoutEffect, useMemo, useSyncExternalStore, type RefObject } from 'react'
import { LinekitContext } from '../../provider/context'
import { phoneKey } from '../../provider/phoneKey'
import type { OptimisticMessage } from '../../provider/sendTypes'
import { createPersistentMap, type PersistentMap } from '../../provider/persistentMap'

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

const noDrafts: Readonly<Record<string, string>> = {}
const noSends: readonly OptimisticMessage[] = []
const noSubscription = () => () => {}

/** What a thread holds that the agent typed and the service does not have yet. */
export interface ThreadUnsent {
  /** The draft in its composer. */
  draft?: string
  /** The newest of its messages sent but not accepted yet (waiting, or refused). */
  unsent?: string
}

/**
 * What each thread holds unsent, by thread (its number through `phoneKey`, or its group's chat
 * id), followed live: drafts as the agent types, sends as they wait and go. The thread list marks
 * these rows.
 */
export function useUnsentByThread(): ReadonlyMap<string, ThreadUnsent> {
  const texts = useSyncExternalStore(drafts.subscribe, drafts.snapshot, () => noDrafts)
  const engine = useContext(LinekitContext)?.sendEngine
  const sends = useSyncExternalStore(
    engine?.subscribe ?? noSubscription,
    engine?.getSnapshot ?? (() => noSends),
    () => noSends,
  )
  return useMemo(() => {
    const byThread = new Map<string, ThreadUnsent>()
    const at = (thread: string) => {
      let entry = byThread.get(thread)
      if (!entry) byThread.set(thread, (entry = {}))
      return entry
    }
    for (const [key, text] of Object.entries(texts)) {
      if (text.trim() === '') continue
      const entry = at(threadOf(key))
      // The current key wins over an older one of the same thread.
      if (entry.draft === undefined || key.startsWith('*|')) entry.draft = text
    }
    for (const m of sends) {
      // One on its way is not marked (it would flash on every send): only one that waits or failed.
      if (m.accepted || (m.state === 'pending' && m.wait === undefined)) continue
      const text = m.body.message
      if (text) at(phoneKey(m.phone)).unsent = text
    }
    return byThread
  }, [texts, sends])
}
