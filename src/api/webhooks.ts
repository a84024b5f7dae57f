/**
 * The schemas linekit/server needs at run time: webhook deliveries (message and audio-call
 * events) and the voice-token request. A module of their own because bundlers keep every
 * top-level `z.object(...)` of a module they import from: linekit/server would otherwise carry
 * all of `schemas.ts`. `schemas.ts` re-exports them.
 */
import * as z from 'zod/mini'
import { directions, inboundCallEndStatuses } from './values'

// Defined here rather than in enums.ts (which re-exports them) so this module does not pull in
// every other enum schema.
export const directionSchema = z.enum(directions)
export const inboundCallEndStatusSchema = z.enum(inboundCallEndStatuses)

/** A line id where the spec requires UUID v4 (`lineId` on sends, typing, mint). */
export const lineIdSchema = z.uuidv4('must be a UUID v4 line id from the lines listing')

/** spec: POST {app_url}/api/v1/dialer/token body. */
export const voiceTokenRequestSchema = z.object({ lineId: lineIdSchema })
export type VoiceTokenRequest = z.infer<typeof voiceTokenRequestSchema>

/** spec: Message webhook payload. */
export const messageWebhookPayloadSchema = z.looseObject({
  message: z.string(),
  destination: z.string(),
  receivedAt: z.string(),
  direction: directionSchema,
  messageId: z.number(),
  guid: z.string(),
  linePhoneNumber: z.string(),
})
export type MessageWebhookPayload = z.infer<typeof messageWebhookPayloadSchema>

/** CRM-variant message webhook payload. */
export const crmMessageWebhookPayloadSchema = z.looseObject({
  ...messageWebhookPayloadSchema.shape,
  contactPhoneNumber: z.string(),
  /** Legacy alias of `receivedAt`. */
  dateReceived: z.string(),
  crmContactId: z.number(),
  crmContactIdText: z.string(),
})
export type CrmMessageWebhookPayload = z.infer<typeof crmMessageWebhookPayloadSchema>

/** `audiocall.inbound.ringing`: once per call. */
export const audioCallRingingEventSchema = z.looseObject({
  event: z.literal('audiocall.inbound.ringing'),
  call_uuid: z.string(),
  direction: z.literal('inbound'),
  from: z.string(),
  pb_line_id: z.string(),
  linePhoneNumber: z.string(),
  ringingAt: z.string(),
  receivedAt: z.string(),
})
export type AudioCallRingingEvent = z.infer<typeof audioCallRingingEventSchema>

/** `audiocall.inbound.answered`: answered by anyone (API, mobile or web app). */
export const audioCallAnsweredEventSchema = z.looseObject({
  event: z.literal('audiocall.inbound.answered'),
  call_uuid: z.string(),
  from: z.string(),
  pb_line_id: z.string(),
  linePhoneNumber: z.string(),
  answeredAt: z.string(),
  receivedAt: z.string(),
})
export type AudioCallAnsweredEvent = z.infer<typeof audioCallAnsweredEventSchema>

/** `audiocall.inbound.ended`: terminal state reached. */
export const audioCallEndedEventSchema = z.looseObject({
  event: z.literal('audiocall.inbound.ended'),
  call_uuid: z.string(),
  status: inboundCallEndStatusSchema,
  from: z.string(),
  pb_line_id: z.string(),
  linePhoneNumber: z.string(),
  /** Null when never answered. */
  answeredAt: z.nullable(z.string()),
  endedAt: z.string(),
  receivedAt: z.string(),
})
export type AudioCallEndedEvent = z.infer<typeof audioCallEndedEventSchema>

/** Any inbound audio-call event, discriminated on `event`. */
export const audioCallEventSchema = z.discriminatedUnion('event', [
  audioCallRingingEventSchema,
  audioCallAnsweredEventSchema,
  audioCallEndedEventSchema,
])
export type AudioCallEvent = z.infer<typeof audioCallEventSchema>
