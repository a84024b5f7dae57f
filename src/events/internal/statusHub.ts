import type { LinekitEvent, LinekitEventSourceStatus } from '../LinekitEventSource'

/** Listener bookkeeping shared by the event sources. */
export function createHub(initial: LinekitEventSourceStatus) {
  const listeners = new Set<(event: LinekitEvent) => void>()
  const statusListeners = new Set<(status: LinekitEventSourceStatus) => void>()
  let status = initial
  return {
    get status() {
      return status
    },
    subscribe(listener: (event: LinekitEvent) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    onStatus(listener: (status: LinekitEventSourceStatus) => void) {
      statusListeners.add(listener)
      listener(status)
      return () => void statusListeners.delete(listener)
    },
    emit(event: LinekitEvent) {
      for (const listener of [...listeners]) {
        try {
          listener(event)
        } catch (error) {
          // One faulty listener must not starve the others (nor kill the stream reader).
          console.error('[linekit] event listener threw', error)
        }
      }
    },
    setStatus(next: LinekitEventSourceStatus) {
      if (next === status) return
      status = next
      for (const listener of [...statusListeners]) listener(next)
    },
  }
}
