/**
 * zod/mini schemas for every resource, request, query, response, error body and event of the
 * service (`docs/service-interface.md`). Types are inferred from them and exported under
 * the PascalCase name without "Schema".
 *
 * Conventions:
 * - Response schemas are `looseObject`s: the real service adds fields, so unknown keys pass
 *   through, but required fields must be present and well typed.
 * - Request and query schemas enforce the spec's rules (bounds, mutual exclusions) so the
 *   client can refuse a request the service would answer with 400, and the mock can answer
 *   exactly those 400s. Unknown request keys are stripped, not rejected.
 * - Query schemas accept the strings of `URLSearchParams` (numbers are coerced).
 * - No phone parsing here: these schemas ship to browsers that only display numbers, which
 *   need no phone metadata. Group-recipient normalization lives in `groupSendNormalized.ts` (libphonenumber).
 */
import * as z from 'zod/mini'
import {
  bubbleEffectSchema,
  callLogStatusSchema,
  directionSchema,
  dispositionSchema,
  effectSchema,
  mintErrorCodeSchema,
  reactionSchema,
  runStatusSchema,
  screenEffectSchema,
  serviceSchema,
} from './enums'
// `lineIdSchema` and `voiceTokenRequestSchema` live in webhooks.ts with the other schemas linekit/server needs.
import { lineIdSchema } from './webhooks'

// ───────────────────────────── shared pieces ─────────────────────────────

// The limits live in a zod-free module so browser code can import one without the schemas.
import {
  MAX_CUSTOM_FIELDS_CHARS,
  MAX_FLOW_ID_CHARS,
  MAX_GROUP_RECIPIENTS,
  MAX_PAGE_SIZE,
  MAX_PAGE_WINDOW,
  MIN_GROUP_RECIPIENTS,
} from './limits'
export {
  MAX_CUSTOM_FIELDS_CHARS,
  MAX_FLOW_ID_CHARS,
  MAX_GROUP_RECIPIENTS,
  MAX_PAGE_SIZE,
  MAX_PAGE_WINDOW,
  MIN_GROUP_RECIPIENTS,
}

const nonEmpty = () => z.string().check(z.minLength(1))

/** A `pb_line_id` where the spec says "string (UUID)" without a version. */
const pbLineIdSchema = z.uuid('must be a line id (UUID) from the lines listing')

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

function serializedLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? Infinity
  } catch {
    return Infinity // cycles, BigInt: not serializable, so not acceptable
  }
}

/** spec: send / create contact — `customFields` is a plain object, ≤ 10,000 characters serialized. */
export const customFieldsSchema = z.record(z.string(), z.unknown()).check(
  z.refine(isPlainObject, 'customFields must be a plain object'),
  z.refine(
    (v) => serializedLength(v) <= MAX_CUSTOM_FIELDS_CHARS,
    `customFields must be at most ${MAX_CUSTOM_FIELDS_CHARS} characters when serialized`,
  ),
)
export type CustomFields = z.infer<typeof customFieldsSchema>

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/
/** An ISO 8601 date or date-time (query bounds). spec: call logs — "Invalid date returns 400". */
export const isoDateQuerySchema = z
  .string()
  .check(z.refine((s) => ISO_DATE.test(s) && !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date'))

/** Integer from a number or a query-string value. */
const queryInt = (min: number, max?: number) =>
  z.pipe(
    z.coerce.number(),
    max === undefined ? z.int().check(z.minimum(min)) : z.int().check(z.minimum(min), z.maximum(max)),
  )

const pageQueryShape = {
  /** spec: Limits — 1 to 100, default 100. */
  limit: z.optional(queryInt(1, MAX_PAGE_SIZE)),
  /** spec: >= 0, default 0. */
  offset: z.optional(queryInt(0)),
}

/** spec: Limits — offset + limit <= 2000 (limit defaults to 100, offset to 0). */
const pageWindowCheck = z.refine<{ limit?: number | undefined; offset?: number | undefined }>(
  (q) => (q.offset ?? 0) + (q.limit ?? MAX_PAGE_SIZE) <= MAX_PAGE_WINDOW,
  { message: `offset + limit must be at most ${MAX_PAGE_WINDOW}`, path: ['offset'] },
)

const hasText = (s: string | undefined) => typeof s === 'string' && s.trim().length > 0

// ───────────────────────────── messages ─────────────────────────────

/** One message, as listed and as fetched singly. spec: Message record. */
export const messageRecordSchema = z.looseObject({
  /** Opaque, starts with `pbm_`. */
  message_handle: z.string(),
  content: z.string(),
  from_number: z.string(),
  /** For outbound group messages, the group's chat identifier (begins `chat`), not E.164. */
  to_number: z.string(),
  line_id: z.string(),
  service: serviceSchema,
  direction: directionSchema,
  /** Open-ended (`delivered` in the spec's example). */
  status: z.string(),
  created_at: z.string(),
  sent_at: z.string(),
  media_attachment_url: z.nullable(z.string()),
  voice_attachment_url: z.nullable(z.string()),
})
export type MessageRecord = z.infer<typeof messageRecordSchema>

/** spec: Pagination object. */
export const paginationSchema = z.looseObject({
  limit: z.number(),
  offset: z.number(),
  total: z.number(),
})
export type Pagination = z.infer<typeof paginationSchema>

/** `GET /get-messages-api` response. */
export const messagesListResponseSchema = z.looseObject({
  status: z.literal('OK'),
  data: z.array(messageRecordSchema),
  pagination: paginationSchema,
})
export type MessagesListResponse = z.infer<typeof messagesListResponseSchema>

/** `GET /get-messages-api` query. spec: GET /get-messages-api. */
export const messagesQuerySchema = z
  .object({
    ...pageQueryShape,
    order_by: z.optional(z.enum(['createdAt', 'sentAt'])),
    order_direction: z.optional(z.enum(['asc', 'desc'])),
    service: z.optional(serviceSchema),
    direction: z.optional(directionSchema),
    /** Encoded line id; the only supported way to filter by line. */
    pb_line_id: z.optional(nonEmpty()),
    /** External sender; inbound-only. */
    from_number: z.optional(nonEmpty()),
    /** External recipient; outbound-only. */
    to_number: z.optional(nonEmpty()),
    created_at_gte: z.optional(isoDateQuerySchema),
    created_at_lte: z.optional(isoDateQuerySchema),
    sent_at_gte: z.optional(isoDateQuerySchema),
    sent_at_lte: z.optional(isoDateQuerySchema),
  })
  .check(
    pageWindowCheck,
    // spec: from_number "inbound-only; with direction=outbound returns 400"
    z.refine((q) => !(q.from_number !== undefined && q.direction === 'outbound'), {
      message: 'from_number filters inbound messages; it cannot be combined with direction=outbound',
      path: ['from_number'],
    }),
    // spec: to_number "outbound-only; with direction=inbound returns 400"
    z.refine((q) => !(q.to_number !== undefined && q.direction === 'inbound'), {
      message: 'to_number filters outbound messages; it cannot be combined with direction=inbound',
      path: ['to_number'],
    }),
  )
export type MessagesQuery = z.infer<typeof messagesQuerySchema>

/** Path parameter of `GET /get-message-api/{message_handle}`: must start with `pbm_`. */
export const messageHandleSchema = z.string().check(z.regex(/^pbm_.+/, 'message handle must start with pbm_'))

/** `POST /send-api-message` body. spec: POST /send-api-message. */
export const sendMessageRequestSchema = z
  .object({
    /** Recipient; the service normalizes it to E.164. */
    phone: nonEmpty(),
    /** Required unless an attachment is supplied. */
    message: z.optional(z.string()),
    /** Sender line (UUID v4). Rejected on trial accounts. */
    lineId: z.optional(lineIdSchema),
    mediaAttachmentUrl: z.optional(z.url()),
    audioAttachmentUrl: z.optional(z.url()),
    enableAiVoiceMemo: z.optional(z.boolean()),
    /** Default true. */
    shouldAutoCreateContact: z.optional(z.boolean()),
    firstName: z.optional(z.string()),
    lastName: z.optional(z.string()),
    email: z.optional(z.email()),
    customFields: z.optional(customFieldsSchema),
    /** 1–200 characters take effect; other lengths are silently ignored by the service (not rejected). */
    idempotencyKey: z.optional(z.string()),
    /** Native-chat only; an SMS destination returns 400. */
    effect: z.optional(effectSchema),
  })
  .check(
    // spec: `message` — "Required unless mediaAttachmentUrl or audioAttachmentUrl is supplied"
    z.refine((b) => hasText(b.message) || b.mediaAttachmentUrl !== undefined || b.audioAttachmentUrl !== undefined, {
      message: 'message is required unless mediaAttachmentUrl or audioAttachmentUrl is supplied',
      path: ['message'],
    }),
  )
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>

/** `POST /send-api-message` response. spec: Send-message response. */
export const sendMessageResponseSchema = z.looseObject({
  success: z.boolean(),
  status: z.enum(['done', 'processing']),
  message: z.string(),
  /** `nativechat` when delivered on native chat; null while processing. Other values not shown. */
  messageType: z.nullable(z.string()),
  phone: z.string(),
  devicePhoneNumber: z.nullable(z.string()),
  mediaAttachmentUrl: z.nullable(z.string()),
  audioAttachmentUrl: z.nullable(z.string()),
  /** Present and true only on a replay. */
  deduped: z.optional(z.boolean()),
})
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>

/**
 * `POST /send-group-message` body, structural rules only (spec: POST /send-group-message).
 * The "2 to 32 after normalization and de-duplication" rule needs phone parsing: this schema
 * checks only that at least 2 entries are given. The service applies the exact rule;
 * `groupSendRequestNormalizedSchema` (`groupSendNormalized.ts`, `linekit/phone`) applies it before
 * a send.
 */
export const groupSendRequestSchema = z
  .object({
    /** 2 to 32 recipients after normalization to E.164 and de-duplication. */
    numbers: z.array(nonEmpty()).check(z.minLength(MIN_GROUP_RECIPIENTS, 'a group needs at least 2 recipients')),
    message: z.optional(z.string()),
    mediaAttachmentUrl: z.optional(z.url()),
    audioAttachmentUrl: z.optional(z.url()),
    enableAiVoiceMemo: z.optional(z.boolean()),
    /** Honored only when the group is created. */
    groupName: z.optional(z.string()),
    /** On reuse must match the group's line. Rejected on trial accounts. */
    lineId: z.optional(lineIdSchema),
    idempotencyKey: z.optional(z.string()),
  })
  .check(
    // spec: media and audio attachments are mutually exclusive on group sends
    z.refine((b) => !(b.mediaAttachmentUrl !== undefined && b.audioAttachmentUrl !== undefined), {
      message: 'a group message carries at most one attachment (mediaAttachmentUrl or audioAttachmentUrl)',
      path: ['audioAttachmentUrl'],
    }),
    z.refine((b) => hasText(b.message) || b.mediaAttachmentUrl !== undefined || b.audioAttachmentUrl !== undefined, {
      message: 'message is required unless an attachment is supplied',
      path: ['message'],
    }),
  )
export type GroupSendRequest = z.infer<typeof groupSendRequestSchema>

/** `POST /send-group-message` response. spec: Group-send response. */
export const groupSendResponseSchema = z.looseObject({
  success: z.boolean(),
  status: z.literal('queued'),
  /** Opaque, prefix `pbg_`; null on a replayed or deduplicated request. */
  groupId: z.nullable(z.string()),
  created: z.boolean(),
  groupStatus: z.enum(['creating', 'active']),
  /** Always null here; the resolved service is read from the messages list. */
  service: z.null(),
  recipients: z.array(z.string()),
  devicePhoneNumber: z.nullable(z.string()),
  mediaAttachmentUrl: z.nullable(z.string()),
  audioAttachmentUrl: z.nullable(z.string()),
})
export type GroupSendResponse = z.infer<typeof groupSendResponseSchema>

/** `POST /send-typing-indicator` body. */
export const typingRequestSchema = z.object({
  /** Must already have a conversation on the sending line. */
  phoneNumber: nonEmpty(),
  lineId: z.optional(lineIdSchema),
})
export type TypingRequest = z.infer<typeof typingRequestSchema>

/** `POST /send-typing-indicator` response: `ERROR` within a 200 is a device failure, not to be retried. */
export const typingResponseSchema = z.looseObject({
  status: z.enum(['SENT', 'ERROR']),
  number: z.string(),
  error_message: z.nullable(z.string()),
})
export type TypingResponse = z.infer<typeof typingResponseSchema>

/** `POST /send-reaction` body. */
export const reactionRequestSchema = z.object({
  messageHandle: nonEmpty(),
  reaction: reactionSchema,
  /** Default false; true retracts a previous reaction of the same type. */
  remove: z.optional(z.boolean()),
  /** Default 0. */
  partIndex: z.optional(z.int().check(z.minimum(0))),
})
export type ReactionRequest = z.infer<typeof reactionRequestSchema>

/** `POST /send-reaction` response. */
export const reactionResponseSchema = z.looseObject({
  status: z.enum(['SENT', 'ERROR']),
  messageHandle: z.string(),
  reaction: reactionSchema,
  remove: z.boolean(),
  error_message: z.nullable(z.string()),
})
export type ReactionResponse = z.infer<typeof reactionResponseSchema>

/** `GET /get-effects` response. @assumed shape (ASSUMPTIONS.md). */
export const effectsResponseSchema = z.looseObject({
  bubble: z.array(bubbleEffectSchema),
  screen: z.array(screenEffectSchema),
})
export type EffectsResponse = z.infer<typeof effectsResponseSchema>

// ───────────────────────────── lines and availability ─────────────────────────────

/** A line. spec shows only `lineId`; the optional fields are @assumed (ASSUMPTIONS.md). */
export const lineSchema = z.looseObject({
  lineId: z.string(),
  phoneNumber: z.optional(z.string()),
  name: z.optional(z.string()),
  shared: z.optional(z.boolean()),
  audioCallEnabled: z.optional(z.boolean()),
  inboundOnly: z.optional(z.boolean()),
  inboundNumber: z.optional(z.nullable(z.string())),
  ringSet: z.optional(z.array(z.string())),
})
export type Line = z.infer<typeof lineSchema>

/** Trial accounts may receive this instead of an array. `message`/`lines` are @assumed. */
export const trialLinesSchema = z.looseObject({
  trial: z.literal(true),
  message: z.optional(z.string()),
  lines: z.optional(z.array(lineSchema)),
})
export type TrialLines = z.infer<typeof trialLinesSchema>

/** `GET /get-lines` response: an array (production) or a trial descriptor. */
export const linesResponseSchema = z.union([z.array(lineSchema), trialLinesSchema])
export type LinesResponse = z.infer<typeof linesResponseSchema>

/** `POST /api-check-native-availability` body. */
export const availabilityRequestSchema = z.object({ phone: nonEmpty() })
export type AvailabilityRequest = z.infer<typeof availabilityRequestSchema>

/** Availability result. Only `available` is relied on; the rest is @assumed. */
export const availabilityResponseSchema = z.looseObject({
  available: z.boolean(),
  phone: z.optional(z.string()),
  service: z.optional(z.enum(['nativechat', 'SMS'])),
})
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>

// ───────────────────────────── contacts ─────────────────────────────

/** spec: Contact object. Requests use `phone`; responses use `phoneNumber`. */
export const contactSchema = z.looseObject({
  id: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  phoneNumber: z.string(),
  email: z.nullable(z.string()),
  customFields: z.nullable(z.record(z.string(), z.unknown())),
  note: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Contact = z.infer<typeof contactSchema>

/** `POST /create-external-contact` body (create or upsert by phone). */
export const createContactRequestSchema = z.object({
  phone: nonEmpty(),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  /** An empty string leaves a stored email unchanged (spec: upsert rule 2). */
  email: z.optional(z.string()),
  /** Shallow-merged on upsert. */
  customFields: z.optional(customFieldsSchema),
})
export type CreateContactRequest = z.infer<typeof createContactRequestSchema>

/** `POST /update-external-contact` body. @assumed (ASSUMPTIONS.md); `null` clears a field, `customFields` is replaced wholesale. */
export const updateContactRequestSchema = z.object({
  contactId: nonEmpty(),
  firstName: z.optional(z.nullable(z.string())),
  lastName: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
  note: z.optional(z.nullable(z.string())),
  customFields: z.optional(z.nullable(customFieldsSchema)),
})
export type UpdateContactRequest = z.infer<typeof updateContactRequestSchema>

/** Create and update response: `{ contact }` (no status envelope). */
export const contactResponseSchema = z.looseObject({ contact: contactSchema })
export type ContactResponse = z.infer<typeof contactResponseSchema>

/** `GET /get-external-contacts` query. @assumed (ASSUMPTIONS.md). */
export const contactsQuerySchema = z.object({ ...pageQueryShape, phone: z.optional(nonEmpty()) }).check(pageWindowCheck)
export type ContactsQuery = z.infer<typeof contactsQuerySchema>

/** List contacts response: `{ contacts, pagination }`. */
export const contactsListResponseSchema = z.looseObject({
  contacts: z.array(contactSchema),
  pagination: paginationSchema,
})
export type ContactsListResponse = z.infer<typeof contactsListResponseSchema>

// ───────────────────────────── workflows ─────────────────────────────

/** A Workflow. spec shows only `flowId`; the rest is @assumed. */
export const workflowSchema = z.looseObject({
  flowId: z.string(),
  name: z.optional(z.string()),
  published: z.optional(z.boolean()),
  firstStep: z.optional(z.enum(['wait', 'question', 'action'])),
})
export type Workflow = z.infer<typeof workflowSchema>

/** `GET /get-flows` response. @assumed. */
export const workflowsResponseSchema = z.looseObject({ flows: z.array(workflowSchema) })
export type WorkflowsResponse = z.infer<typeof workflowsResponseSchema>

/** `POST /enroll-flow` body. */
export const enrollRequestSchema = z.object({
  /** Opaque, 1 to 64 characters. */
  flowId: z.string().check(z.minLength(1), z.maxLength(MAX_FLOW_ID_CHARS)),
  phoneNumber: nonEmpty(),
  /** When omitted a line is chosen and pinned for the whole run. */
  pb_line_id: z.optional(pbLineIdSchema),
})
export type EnrollRequest = z.infer<typeof enrollRequestSchema>

/** `POST /enroll-flow` response: the run after its first step. */
export const enrollResponseSchema = z.looseObject({
  success: z.boolean(),
  runId: z.number(),
  status: runStatusSchema,
  currentNodeId: z.string(),
  pb_line_id: z.string(),
})
export type EnrollResponse = z.infer<typeof enrollResponseSchema>

/** `POST /cancel-flow-run` body. @assumed. */
export const cancelRunRequestSchema = z.object({ runId: z.int().check(z.minimum(0)) })
export type CancelRunRequest = z.infer<typeof cancelRunRequestSchema>

/** `POST /cancel-flow-run` response. @assumed. */
export const cancelRunResponseSchema = z.looseObject({
  success: z.boolean(),
  runId: z.number(),
  status: runStatusSchema,
})
export type CancelRunResponse = z.infer<typeof cancelRunResponseSchema>

// ───────────────────────────── audio calls ─────────────────────────────

/** Real-time audio credentials for the third-party SDK. spec: `rtc`. */
export const rtcCredentialsSchema = z.looseObject({
  appId: z.string(),
  channelName: z.string(),
  token: z.string(),
  uid: z.number(),
})
export type RtcCredentials = z.infer<typeof rtcCredentialsSchema>

/** `POST /start-audiocall-call-api` body. */
export const startCallRequestSchema = z.object({
  pb_line_id: pbLineIdSchema,
  phone_number: nonEmpty(),
})
export type StartCallRequest = z.infer<typeof startCallRequestSchema>

/** `POST /start-audiocall-call-api` response; `rtc` null means the call rings but cannot be joined. */
export const startCallResponseSchema = z.looseObject({
  status: z.literal('OK'),
  call_uuid: z.string(),
  rtc: z.nullable(rtcCredentialsSchema),
})
export type StartCallResponse = z.infer<typeof startCallResponseSchema>

/**
 * A `call_uuid` as sent: not blank (spec: answer and decline — 400 for an invalid or missing
 * `call_uuid`; a blank one names no call). The client, linekit/server and the mock share it.
 */
export const callUuidSchema = z.string().check(z.minLength(1), z.regex(/\S/, 'call_uuid must not be blank'))
const callUuidBody = () => z.object({ call_uuid: callUuidSchema })

/** `POST /answer-audiocall-call-api` body. */
export const answerCallRequestSchema = callUuidBody()
export type AnswerCallRequest = z.infer<typeof answerCallRequestSchema>

/** `POST /answer-audiocall-call-api` response; `rtc` can still be null. */
export const answerCallResponseSchema = z.looseObject({
  success: z.boolean(),
  call_uuid: z.string(),
  rtc: z.nullable(rtcCredentialsSchema),
})
export type AnswerCallResponse = z.infer<typeof answerCallResponseSchema>

/** `POST /decline-audiocall-call-api` body. */
export const declineCallRequestSchema = callUuidBody()
export type DeclineCallRequest = z.infer<typeof declineCallRequestSchema>

/** `POST /decline-audiocall-call-api` response. */
export const declineCallResponseSchema = z.looseObject({ success: z.boolean(), call_uuid: z.string() })
export type DeclineCallResponse = z.infer<typeof declineCallResponseSchema>

/** `POST /end-audiocall-call-api` body. @assumed. */
export const endCallRequestSchema = callUuidBody()
export type EndCallRequest = z.infer<typeof endCallRequestSchema>

/** `POST /end-audiocall-call-api` response. @assumed. */
export const endCallResponseSchema = z.looseObject({ success: z.boolean(), call_uuid: z.string() })
export type EndCallResponse = z.infer<typeof endCallResponseSchema>

/** `GET /get-audiocall-call-status-api` query. @assumed. */
export const callStatusQuerySchema = callUuidBody()
export type CallStatusQuery = z.infer<typeof callStatusQuerySchema>

/**
 * `GET /get-audiocall-call-status-api` response. spec: it "returns a `call_status`"; the response
 * shape is not shown, so only `call_status` (an open-ended string, see `callStatusPhase`) is
 * required. The other fields are the mock's (@assumed): read when present, never needed.
 */
export const callStatusResponseSchema = z.looseObject({
  status: z.optional(z.string()),
  call_uuid: z.optional(z.string()),
  call_status: z.string(),
  direction: z.optional(directionSchema),
  pb_line_id: z.optional(z.nullable(z.string())),
  from: z.optional(z.string()),
  to: z.optional(z.string()),
  answeredAt: z.optional(z.nullable(z.string())),
  endedAt: z.optional(z.nullable(z.string())),
})
export type CallStatusResponse = z.infer<typeof callStatusResponseSchema>

/** spec: CallLog object. */
export const callLogSchema = z.looseObject({
  id: z.string(),
  line_id: z.nullable(z.string()),
  from_number: z.string(),
  to_number: z.string(),
  /** Open-ended; known values in `callLogStatuses`. */
  status: callLogStatusSchema,
  /** Null until classified. */
  disposition: z.nullable(dispositionSchema),
  transcript: z.nullable(z.string()),
  duration_seconds: z.nullable(z.number()),
  answered_at: z.nullable(z.string()),
  ended_at: z.nullable(z.string()),
  recording_url: z.nullable(z.string()),
})
export type CallLog = z.infer<typeof callLogSchema>

/** `GET /get-call-logs-api` query. */
export const callLogsQuerySchema = z
  .object({
    ...pageQueryShape,
    /** Sort by created_at; default desc. */
    call_log_timestamp: z.optional(z.enum(['asc', 'desc'])),
    pb_line_id: z.optional(pbLineIdSchema),
    answered_at_gte: z.optional(isoDateQuerySchema),
    answered_at_lte: z.optional(isoDateQuerySchema),
  })
  .check(pageWindowCheck)
export type CallLogsQuery = z.infer<typeof callLogsQuerySchema>

/** `GET /get-call-logs-api` response. */
export const callLogsListResponseSchema = z.looseObject({
  status: z.literal('OK'),
  data: z.array(callLogSchema),
  pagination: paginationSchema,
})
export type CallLogsListResponse = z.infer<typeof callLogsListResponseSchema>

// ───────────────────────────── voice-token mint ─────────────────────────────

// The request body (`voiceTokenRequestSchema`) is in webhooks.ts with the other schemas linekit/server needs.

/** Plan standing at mint time. spec: Voice token response `allowance`. */
export const allowanceSchema = z.looseObject({
  /** `hard` is never returned with 200. */
  state: z.enum(['ok', 'soft']),
  used: z.number(),
  included: z.number(),
  cap: z.nullable(z.number()),
  pct: z.number(),
  periodEnd: z.string(),
  line: z.nullable(
    z.looseObject({
      used: z.number(),
      cap: z.nullable(z.number()),
      capped: z.boolean(),
    }),
  ),
})
export type Allowance = z.infer<typeof allowanceSchema>

/** spec: Voice token response. */
export const voiceTokenResponseSchema = z.looseObject({
  token: z.string(),
  expiresAt: z.string(),
  ttlSeconds: z.number(),
  lineId: z.string(),
  inboundEnabled: z.boolean(),
  maxCallsPerToken: z.number(),
  /** Null only when the plan could not be read; the token is still valid. */
  allowance: z.nullable(allowanceSchema),
})
export type VoiceTokenResponse = z.infer<typeof voiceTokenResponseSchema>

// ───────────────────────────── errors ─────────────────────────────

/** Mint error body `{ error, code }` plus extra fields (402 cap: used/included/cap/periodEnd; 429: retryAfterSeconds). */
export const mintErrorBodySchema = z.looseObject({
  error: z.string(),
  code: mintErrorCodeSchema,
  retryAfterSeconds: z.optional(z.number()),
  used: z.optional(z.number()),
  included: z.optional(z.number()),
  cap: z.optional(z.nullable(z.number())),
  periodEnd: z.optional(z.string()),
})
export type MintErrorBody = z.infer<typeof mintErrorBodySchema>

/** Messaging error body `{ error, code?, hint? }`; `error` is a string (historically) or an object. */
export const messagingErrorBodySchema = z.looseObject({
  error: z.union([z.string(), z.record(z.string(), z.unknown())]),
  code: z.optional(z.string()),
  hint: z.optional(z.string()),
})
export type MessagingErrorBody = z.infer<typeof messagingErrorBodySchema>

/** 409 on group send: the group already lives on a different line, named by `devicePhoneNumber`. */
export const groupConflictBodySchema = z.looseObject({
  ...messagingErrorBodySchema.shape,
  devicePhoneNumber: z.string(),
})
export type GroupConflictBody = z.infer<typeof groupConflictBodySchema>

// ───────────────────────────── webhooks and events ─────────────────────────────

// In their own module so linekit/server can validate deliveries without bundling every schema.
export * from './webhooks'

// ───────────────────────────── OAuth ─────────────────────────────

/** `POST {auth_url}/oauth/token` response. @assumed (ASSUMPTIONS.md: Hosts and auth). */
export const oauthTokenResponseSchema = z.looseObject({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  scope: z.optional(z.string()),
})
export type OauthTokenResponse = z.infer<typeof oauthTokenResponseSchema>
