/** What the provider listens to: live events (the stream's frames) and the source they come from. */
import type { LinekitEventDataMap, LinekitEventType } from '../api/events'

export type { LinekitEventDataMap, LinekitEventType } from '../api/events'

/**
 * One live event: a webhook the app's backend received, as relayed to the browser — the stream's
 * frame (`LinekitEventFrame` of `linekit/api`) with its `id` (opaque; resumes with
 * `Last-Event-ID`). `lineId` may be absent on events an in-memory source emits.
 */
export type LinekitEvent = {
  [T in LinekitEventType]: {
    id: string
    type: T
    /** The line the event belongs to, when the server said so. */
    lineId?: string | null
    data: LinekitEventDataMap[T]
  }
}[LinekitEventType]

/** The event of one type. */
export type LinekitEventOf<T extends LinekitEventType> = Extract<LinekitEvent, { type: T }>

/**
 * Connection state of an events source. `reconnecting` after a drop; the next `open` after a
 * `reconnecting` is a reconnect, on which the provider reconciles (events may have been lost).
 */
export type LinekitEventSourceStatus = 'connecting' | 'open' | 'reconnecting' | 'closed'

/** Where the provider gets live events from: the SSE stream, or an in-memory source in tests. */
export interface LinekitEventSource {
  /** Listen to every event; returns the unsubscribe function. */
  subscribe(listener: (event: LinekitEvent) => void): () => void
  /** Listen to status changes; called at once with the current status. Returns unsubscribe. */
  onStatus(listener: (status: LinekitEventSourceStatus) => void): () => void
  /** Current status. */
  readonly status: LinekitEventSourceStatus
  /** Stop for good (no reconnect). */
  close(): void
}
