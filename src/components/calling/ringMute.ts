/**
 * Whether the agent muted the ring of inbound calls: one setting for the page and its other tabs
 * (kept in localStorage), honoured by `<InboundCallBanner>`'s ring and `useNotifications`'
 * ringtone alike, so one "Mute ringtone" silences both.
 */
const KEY = 'linekit:ring-muted:v1'
const listeners = new Set<() => void>()

function read(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(KEY) === '1'
  } catch {
    return false
  }
}

let muted: boolean | undefined

export const ringMute = {
  get: (): boolean => (muted ??= read()),
  /** The server render has no storage: never muted. */
  getServer: (): boolean => false,
  set(next: boolean): void {
    muted = next
    try {
      if (next) localStorage.setItem(KEY, '1')
      else localStorage.removeItem(KEY)
    } catch {
      // Private mode or storage full: the setting holds for this page only.
    }
    for (const listener of [...listeners]) listener()
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    const onStorage = (event: StorageEvent) => {
      if (event.key !== KEY && event.key !== null) return
      muted = read()
      listener()
    }
    if (typeof window !== 'undefined') window.addEventListener('storage', onStorage)
    return () => {
      listeners.delete(listener)
      if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage)
    }
  },
}
