/**
 * Whether the agent muted the ring of inbound calls: one setting for the page and its other tabs
 * (kept in localStorage, followed through `storage` events), honoured by `<InboundCallBanner>`'s
 * ring and `useNotifications`' ringtone alike, so one "Mute ringtone" silences both.
 */
const KEY = 'linekit:ring-muted:v1'
const listeners = new Set<() => void>()

const read = (): boolean => {
  try {
    return localStorage.getItem(KEY) === '1'
  } catch {
    return false
  }
}

export const ringMute = {
  get: read,
  set(next: boolean): void {
    try {
      if (next) localStorage.setItem(KEY, '1')
      else localStorage.removeItem(KEY)
    } catch {
      // Private mode or storage full: nothing is kept, the ring stays as it was.
    }
    for (const listener of [...listeners]) listener()
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    window.addEventListener('storage', listener)
    return () => {
      listeners.delete(listener)
      window.removeEventListener('storage', listener)
    }
  },
}
