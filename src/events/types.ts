import type { AudioCallAnsweredEvent, AudioCallEndedEvent, AudioCallRingingEvent, MessageWebhookPayload } from '../api'

/** The event names of the linekit/server stream (ASSUMPTIONS.md: linekit/server event stream). */
export type LinekitEventType =
  'message' | 'audiocall.inbound.ringing' | 'audiocall.inbound.answered' | 'audiocall.inbound.ended'

/** The webhook payload carried by each event type. */
export interface LinekitEventDataMap {
  /** Plain or CRM-variant message webhook payload (extra CRM fields pass through). */
  message: MessageWebhookPayload
  'audiocall.inbound.ringing': AudioCallRingingEvent
  'audiocall.inbound.answered': AudioCallAnsweredEvent
  'audiocall.inbound.ended': AudioCallEndedEvent
}

/**
 * One live event: a webhook the app's backend received, as relayed to the browser.
 * `id` is opaque (used to resume with `Last-Event-ID`); `data` is the webhook payload as received.
 */
export type LinekitEvent = {
  [T in LinekitEventType]: {
    id: string
    type: T
    /** The line the event belongs to, when the server said so. */
    lineId?: string
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

const eventTypes: readonly string[] = [
  'message',
  'audiocall.inbound.ringing',
  'audiocall.inbound.answered',
  'audiocall.inbound.ended',
]

/** True for the event names linekit understands (unknown names are ignored, not errors). */
export function isLinekitEventType(type: string): type is LinekitEventType {
  return eventTypes.includes(type)
}
