/**
 * A small string-keyed map kept in `localStorage` under one key, shared by every hook that reads
 * it in this tab and followed across tabs through the `storage` event. What the contract has no
 * field or endpoint for (read marks, sent reactions, send effects, group participants) the kit
 * keeps here, on the user's browser. Without storage (SSR, private mode) it lives in memory.
 */
export interface PersistentMap<V> {
  get(key: string): V | undefined
  /** The whole map; a new object after every change (a `useSyncExternalStore` snapshot). */
  snapshot(): Readonly<Record<string, V>>
  set(key: string, value: V): void
  delete(key: string): void
  subscribe(listener: () => void): () => void
}

const storage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

/** Creates the map stored under `storageKey`; `limit` keeps the newest entries only. */
export function createPersistentMap<V>(storageKey: string, limit = 2000): PersistentMap<V> {
  let data: Record<string, V> = {}
  // The stored text `data` was read from (or written as): another part of the app may change the
  // key in this tab too, with no event to say so (a sign-out clearing storage must not leave the
  // last user's drafts on screen), so each read compares it with what storage holds now.
  let source: string | null | undefined
  const listeners = new Set<() => void>()
  const stored = (): string | null => {
    try {
      return storage()?.getItem(storageKey) ?? null
    } catch {
      return null
    }
  }
  const parse = (raw: string | null): Record<string, V> => {
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : {}
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, V>) : {}
    } catch {
      return {}
    }
  }
  const current = () => {
    const raw = stored()
    if (raw !== source) {
      source = raw
      data = parse(raw)
    }
    return data
  }
  const emit = () => {
    for (const l of listeners) l()
  }
  const write = (next: Record<string, V>) => {
    const keys = Object.keys(next)
    if (keys.length > limit) for (const k of keys.slice(0, keys.length - limit)) delete next[k]
    data = next
    try {
      storage()?.setItem(storageKey, JSON.stringify(next))
    } catch {
      // Full or unavailable: the value still holds for this tab, until storage itself changes.
    }
    source = stored()
    emit()
  }
  const onStorage = (e: StorageEvent) => {
    if (e.key !== storageKey && e.key !== null) return
    current()
    emit()
  }
  return {
    get: (key) => current()[key],
    snapshot: current,
    set: (key, value) => {
      const next = { ...current() }
      delete next[key] // re-inserted last: the newest entries survive the limit
      next[key] = value
      write(next)
    },
    delete: (key) => {
      if (!(key in current())) return
      const next = { ...current() }
      delete next[key]
      write(next)
    },
    subscribe: (listener) => {
      if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage)
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage)
      }
    },
  }
}
