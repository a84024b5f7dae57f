/**
 * The one wire format of linekit/server's event stream (`GET <prefix>/events`), shared by the
 * server that writes it (server-helpers) and the browser that reads it (src/events).
 */
import type { MessageRecord } from './schemas'
import type {
  AudioCallAnsweredEvent,
  AudioCallEndedEvent,
  AudioCallRingingEvent,
  CrmMessageWebhookPayload,
  MessageWebhookPayload,
} from './webhooks'

/** The event names of the stream: the SSE `event:` field and the frame's `type`. */
export const linekitEventTypes = [
  'message',
  'message.record',
  'audiocall.inbound.ringing',
  'audiocall.inbound.answered',
  'audiocall.inbound.ended',
] as const

export type LinekitEventType = (typeof linekitEventTypes)[number]

/** The webhook payload each event type carries, as the service delivered it. */
export interface LinekitEventDataMap {
  /** Plain or CRM-variant message webhook payload (extra CRM fields pass through). */
  message: MessageWebhookPayload | CrmMessageWebhookPayload
  /**
   * A message record linekit/server's read model learned from the messages list and no webhook
   * announced (a lost delivery): the record as the service lists it (spec: Message record).
   */
  'message.record': MessageRecord
  'audiocall.inbound.ringing': AudioCallRingingEvent
  'audiocall.inbound.answered': AudioCallAnsweredEvent
  'audiocall.inbound.ended': AudioCallEndedEvent
}

/**
 * The JSON of one SSE frame's `data:` line. `lineId` is the line the event belongs to (`null` on
 * the server when it could not be resolved; such events reach no browser).
 */
export type LinekitEventFrame = {
  [T in LinekitEventType]: { type: T; lineId: string | null; data: LinekitEventDataMap[T] }
}[LinekitEventType]

/** True for the event names linekit understands (unknown names are ignored, not errors). */
export function isLinekitEventType(type: string): type is LinekitEventType {
  return (linekitEventTypes as readonly string[]).includes(type)
}

/**
 * One SSE frame: `id:` (resume with `Last-Event-ID`), `event:` and the {@link LinekitEventFrame}
 * as JSON (JSON.stringify never emits a raw newline, so `data:` stays one line).
 */
export function encodeEventFrame(id: string, frame: LinekitEventFrame): string {
  const data = JSON.stringify({ type: frame.type, lineId: frame.lineId, data: frame.data })
  return `id: ${id}\nevent: ${frame.type}\ndata: ${data}\n\n`
}
