/**
 * The bodies linekit/server is sent, checked with the `linekit/api` schemas: webhook payloads
 * (spec: Events — message webhooks, audio-call events) and the mint's `{ lineId }`.
 */
import {
  audioCallEventSchema,
  crmMessageWebhookPayloadSchema,
  messageWebhookPayloadSchema,
  voiceTokenRequestSchema,
} from '../../src/api/webhooks'
import type { AudioCallEvent, CrmMessageWebhookPayload, MessageWebhookPayload } from '../../src/api'

type ClassifiedWebhook =
  | { kind: 'audiocall'; payload: AudioCallEvent }
  | { kind: 'message'; payload: MessageWebhookPayload | CrmMessageWebhookPayload }

/**
 * Validates a webhook body with the `linekit/api` schemas. Audio-call events carry `event`;
 * message webhooks (plain or CRM variant) do not. Returns null for anything else.
 */
export function classifyWebhook(payload: unknown): ClassifiedWebhook | null {
  if (payload && typeof payload === 'object' && 'event' in payload) {
    const audio = audioCallEventSchema.safeParse(payload)
    return audio.success ? { kind: 'audiocall', payload: audio.data } : null
  }
  const crm = crmMessageWebhookPayloadSchema.safeParse(payload)
  if (crm.success) return { kind: 'message', payload: crm.data }
  const plain = messageWebhookPayloadSchema.safeParse(payload)
  return plain.success ? { kind: 'message', payload: plain.data } : null
}

/** The mint body's `lineId` when valid (spec: a line id from the lines listing), else null. */
export function parseVoiceTokenRequest(body: unknown): string | null {
  const parsed = voiceTokenRequestSchema.safeParse(body)
  return parsed.success ? parsed.data.lineId : null
}
