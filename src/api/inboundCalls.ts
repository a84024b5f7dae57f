/**
 * `GET <prefix>/calls/inbound`: a linekit/server route, not an endpoint of the service. It lists
 * the user's recent inbound calls from the server's read model (kept from the audio-call
 * webhooks and call-status polls), so a page that opens after a call rang still shows it. The
 * fields are the audio-call events' own names (spec: Audio-call events).
 */
import * as z from 'zod/mini'

/** How many calls one answer holds at most. */
export const MAX_INBOUND_CALLS = 100

/** Query of `GET <prefix>/calls/inbound`. */
export const inboundCallsQuerySchema = z.object({
  /** One of the user's lines; omitted: every line of the user. */
  lineId: z.optional(z.uuid('must be a line id (UUID) from the lines listing')),
  /** 1 to 100, default 50. */
  limit: z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(MAX_INBOUND_CALLS)))),
})
export type InboundCallsQuery = z.infer<typeof inboundCallsQuerySchema>

/** One inbound call as the server's read model knows it. */
export const inboundCallItemSchema = z.object({
  call_uuid: z.string(),
  pb_line_id: z.string(),
  /** The caller (E.164). */
  from: z.string(),
  linePhoneNumber: z.string(),
  /** `ended` stands for every terminal state; which one is `status`. */
  state: z.enum(['ringing', 'answered', 'ended']),
  /** The terminal status of `audiocall.inbound.ended` (`ended`, `declined`, `no_answer`, …); null while live or unknown. */
  status: z.nullable(z.string()),
  ringingAt: z.nullable(z.string()),
  answeredAt: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
})
export type InboundCallItem = z.infer<typeof inboundCallItemSchema>

/** Answer of `GET <prefix>/calls/inbound`: newest first. */
export const inboundCallsResponseSchema = z.object({ data: z.array(inboundCallItemSchema) })
export type InboundCallsResponse = z.infer<typeof inboundCallsResponseSchema>
