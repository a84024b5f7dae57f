import { createHub } from './internal/statusHub'
import type { LinekitEvent, LinekitEventSource, LinekitEventSourceStatus } from './LinekitEventSource'

/** An in-memory events source for tests and stories. */
export interface MemoryEventSource extends LinekitEventSource {
  /** Deliver an event to every subscriber (an `id` is generated when omitted). */
  emit(event: Omit<LinekitEvent, 'id'> & { id?: string }): void
  /** Simulate the connection state, e.g. `reconnecting` then `open` to test reconciliation. */
  setStatus(status: LinekitEventSourceStatus): void
}

/**
 * An events source that delivers what you `emit`, synchronously. Starts `open`.
 *
 * @example
 * const events = createMemoryEventSource()
 * render(<LinekitProvider client={client} events={events}>…</LinekitProvider>)
 * events.emit({ type: 'audiocall.inbound.ringing', data: ringingPayload })
 */
export function createMemoryEventSource(options: { status?: LinekitEventSourceStatus } = {}): MemoryEventSource {
  const hub = createHub(options.status ?? 'open')
  let seq = 0
  return {
    get status() {
      return hub.status
    },
    subscribe: hub.subscribe,
    onStatus: hub.onStatus,
    emit(event) {
      if (hub.status === 'closed') return
      seq += 1
      hub.emit({ ...event, id: event.id ?? `mem-${seq}` } as LinekitEvent)
    },
    setStatus: hub.setStatus,
    close() {
      hub.setStatus('closed')
    },
  }
}
