/**
 * The endpoint registry: one entry per operation of the service. The server proxy builds its
 * allowlist from it, `scripts/openapi.ts` generates `openapi.json` from it, the mock routes by
 * it and the client calls through it.
 */
import type * as z from 'zod/mini'
import {
  answerCallRequestSchema,
  answerCallResponseSchema,
  availabilityRequestSchema,
  availabilityResponseSchema,
  callLogsListResponseSchema,
  callLogsQuerySchema,
  callStatusQuerySchema,
  callStatusResponseSchema,
  cancelRunRequestSchema,
  cancelRunResponseSchema,
  contactResponseSchema,
  contactsListResponseSchema,
  contactsQuerySchema,
  createContactRequestSchema,
  declineCallRequestSchema,
  declineCallResponseSchema,
  effectsResponseSchema,
  endCallRequestSchema,
  endCallResponseSchema,
  enrollRequestSchema,
  enrollResponseSchema,
  groupSendRequestSchema,
  groupSendResponseSchema,
  linesResponseSchema,
  messageRecordSchema,
  messagesListResponseSchema,
  messagesQuerySchema,
  reactionRequestSchema,
  reactionResponseSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  startCallRequestSchema,
  startCallResponseSchema,
  typingRequestSchema,
  typingResponseSchema,
  updateContactRequestSchema,
  voiceTokenRequestSchema,
  voiceTokenResponseSchema,
  workflowsResponseSchema,
} from './schemas'

/** Ids of every endpoint; also the client's method names. */
export type EndpointId =
  | 'sendMessage'
  | 'sendGroupMessage'
  | 'getMessages'
  | 'getMessage'
  | 'getLines'
  | 'checkAvailability'
  | 'createContact'
  | 'updateContact'
  | 'listContacts'
  | 'listWorkflows'
  | 'enrollFlow'
  | 'cancelRun'
  | 'getEffects'
  | 'sendTyping'
  | 'sendReaction'
  | 'startCall'
  | 'answerCall'
  | 'declineCall'
  | 'endCall'
  | 'getCallStatus'
  | 'getCallLogs'
  | 'mintVoiceToken'

/** One operation of the service. */
export interface Endpoint {
  id: EndpointId
  method: 'GET' | 'POST'
  /** Path relative to the host; `:name` marks a path parameter. */
  path: string
  /** `base` = {base_url} (messaging API); `app` = {app_url} (voice-token mint). */
  host: 'base' | 'app'
  /** The body (POST) or query (GET) schema. */
  request?: z.ZodMiniType
  /** The 200 body schema. */
  response: z.ZodMiniType
  /** Path parameter names, in order (e.g. `['message_handle']`). */
  pathParams?: readonly string[]
  /** Declared status codes, 200 included. */
  statuses: readonly number[]
  /** The request field that names one of the caller's lines (for per-user line checks). */
  lineField?: 'lineId' | 'pb_line_id'
  /** True when the spec shows no method/path/shape and linekit chose one (ASSUMPTIONS.md). */
  assumed?: boolean
  /**
   * True when repeating the request cannot duplicate a side effect (GETs, the mint, the
   * availability check). Sends are retry-safe only with an `idempotencyKey`.
   */
  idempotent: boolean
  /** Whether the error body is the mint's `{ error, code }` or the messaging `{ error, code?, hint? }`. */
  errorShape: 'mint' | 'messaging'
  summary: string
}

// spec: Errors — "Declared status codes on the messaging operations: 400, 401, 403, 404, 409, 429, 500, 502."
const MESSAGING = [200, 400, 401, 403, 404, 409, 429, 500, 502] as const
// spec: answer/decline status codes (also applied to the other audio-call operations)
const AUDIO = [200, 400, 401, 403, 404, 409, 429, 500, 502, 503] as const

/** Every endpoint of the service. */
export const endpoints = [
  {
    id: 'sendMessage',
    method: 'POST',
    path: '/send-api-message',
    host: 'base',
    request: sendMessageRequestSchema,
    response: sendMessageResponseSchema,
    statuses: MESSAGING,
    lineField: 'lineId',
    idempotent: false,
    errorShape: 'messaging',
    summary: 'Send one message from a line (native chat, else SMS).',
  },
  {
    id: 'sendGroupMessage',
    method: 'POST',
    path: '/send-group-message',
    host: 'base',
    request: groupSendRequestSchema,
    response: groupSendResponseSchema,
    // spec: POST /send-group-message rule 4
    statuses: [200, 400, 401, 403, 409, 429, 500],
    lineField: 'lineId',
    idempotent: false,
    errorShape: 'messaging',
    summary: 'Send one message to a group of 2 to 32 recipients in a single thread.',
  },
  {
    id: 'getMessages',
    method: 'GET',
    path: '/get-messages-api',
    host: 'base',
    request: messagesQuerySchema,
    response: messagesListResponseSchema,
    statuses: MESSAGING,
    lineField: 'pb_line_id',
    idempotent: true,
    errorShape: 'messaging',
    summary: 'List inbound and outbound messages in one feed.',
  },
  {
    id: 'getMessage',
    method: 'GET',
    path: '/get-message-api/:message_handle',
    host: 'base',
    pathParams: ['message_handle'],
    response: messageRecordSchema,
    statuses: MESSAGING,
    idempotent: true,
    errorShape: 'messaging',
    summary: 'Fetch one message by its pbm_ handle.',
  },
  {
    id: 'getLines',
    method: 'GET',
    path: '/get-lines',
    host: 'base',
    response: linesResponseSchema,
    statuses: MESSAGING,
    idempotent: true,
    errorShape: 'messaging',
    summary: 'List the lines (an array, or a trial descriptor on trial accounts).',
  },
  {
    id: 'checkAvailability',
    method: 'POST',
    path: '/api-check-native-availability',
    host: 'base',
    request: availabilityRequestSchema,
    response: availabilityResponseSchema,
    statuses: MESSAGING,
    idempotent: true,
    errorShape: 'messaging',
    summary: 'Check whether a number can receive on the native-chat channel.',
  },
  {
    id: 'createContact',
    method: 'POST',
    path: '/create-external-contact',
    host: 'base',
    request: createContactRequestSchema,
    response: contactResponseSchema,
    statuses: MESSAGING,
    idempotent: false,
    errorShape: 'messaging',
    summary: 'Create a contact, or upsert by phone number.',
  },
  {
    id: 'updateContact',
    method: 'POST',
    path: '/update-external-contact',
    host: 'base',
    request: updateContactRequestSchema,
    response: contactResponseSchema,
    statuses: MESSAGING,
    assumed: true,
    idempotent: false,
    errorShape: 'messaging',
    summary: 'Update a contact by contactId; customFields is replaced wholesale.',
  },
  {
    id: 'listContacts',
    method: 'GET',
    path: '/get-external-contacts',
    host: 'base',
    request: contactsQuerySchema,
    response: contactsListResponseSchema,
    statuses: MESSAGING,
    assumed: true,
    idempotent: true,
    errorShape: 'messaging',
    summary: 'List native contacts.',
  },
  {
    id: 'listWorkflows',
    method: 'GET',
    path: '/get-flows',
    host: 'base',
    response: workflowsResponseSchema,
    statuses: MESSAGING,
    assumed: true,
    idempotent: true,
    errorShape: 'messaging',
    summary: 'List Workflows (the source of flowId).',
  },
  {
    id: 'enrollFlow',
    method: 'POST',
    path: '/enroll-flow',
    host: 'base',
    request: enrollRequestSchema,
    response: enrollResponseSchema,
    statuses: MESSAGING,
    lineField: 'pb_line_id',
    idempotent: false,
    errorShape: 'messaging',
    summary: 'Enroll a contact into a published Workflow, starting a run.',
  },
  {
    id: 'cancelRun',
    method: 'POST',
    path: '/cancel-flow-run',
    host: 'base',
    request: cancelRunRequestSchema,
    response: cancelRunResponseSchema,
    statuses: MESSAGING,
    assumed: true,
    idempotent: false,
    errorShape: 'messaging',
    summary: 'Cancel a Workflow run.',
  },
  {
    id: 'getEffects',
    method: 'GET',
    path: '/get-effects',
    host: 'base',
    response: effectsResponseSchema,
    statuses: MESSAGING,
    assumed: true,
    idempotent: true,
    errorShape: 'messaging',
    summary: 'List the send effects (bubble and screen).',
  },
  {
    id: 'sendTyping',
    method: 'POST',
    path: '/send-typing-indicator',
    host: 'base',
    request: typingRequestSchema,
    response: typingResponseSchema,
    statuses: MESSAGING,
    lineField: 'lineId',
    idempotent: false,
    errorShape: 'messaging',
    summary: 'Show the typing indicator to a recipient (native chat only).',
  },
  {
    id: 'sendReaction',
    method: 'POST',
    path: '/send-reaction',
    host: 'base',
    request: reactionRequestSchema,
    response: reactionResponseSchema,
    statuses: MESSAGING,
    idempotent: false,
    errorShape: 'messaging',
    summary: 'Send (or retract) a tapback reaction to a received message.',
  },
  {
    id: 'startCall',
    method: 'POST',
    path: '/start-audiocall-call-api',
    host: 'base',
    request: startCallRequestSchema,
    response: startCallResponseSchema,
    statuses: AUDIO,
    lineField: 'pb_line_id',
    idempotent: false,
    errorShape: 'messaging',
    summary: 'Place an outbound audio call; returns rtc credentials (or null).',
  },
  {
    id: 'answerCall',
    method: 'POST',
    path: '/answer-audiocall-call-api',
    host: 'base',
    request: answerCallRequestSchema,
    response: answerCallResponseSchema,
    statuses: AUDIO,
    idempotent: false,
    errorShape: 'messaging',
    summary: 'Answer a ringing inbound audio call.',
  },
  {
    id: 'declineCall',
    method: 'POST',
    path: '/decline-audiocall-call-api',
    host: 'base',
    request: declineCallRequestSchema,
    response: declineCallResponseSchema,
    statuses: AUDIO,
    idempotent: false,
    errorShape: 'messaging',
    summary: 'Decline a ringing inbound audio call.',
  },
  {
    id: 'endCall',
    method: 'POST',
    path: '/end-audiocall-call-api',
    host: 'base',
    request: endCallRequestSchema,
    response: endCallResponseSchema,
    statuses: AUDIO,
    assumed: true,
    idempotent: false,
    errorShape: 'messaging',
    summary: 'Hang up an audio call.',
  },
  {
    id: 'getCallStatus',
    method: 'GET',
    path: '/get-audiocall-call-status-api',
    host: 'base',
    request: callStatusQuerySchema,
    response: callStatusResponseSchema,
    statuses: AUDIO,
    assumed: true,
    idempotent: true,
    errorShape: 'messaging',
    summary: 'Read the call_status of an audio call (reconciles missed webhooks).',
  },
  {
    id: 'getCallLogs',
    method: 'GET',
    path: '/get-call-logs-api',
    host: 'base',
    request: callLogsQuerySchema,
    response: callLogsListResponseSchema,
    // spec: GET /get-call-logs-api status codes
    statuses: [200, 400, 401, 429, 500],
    lineField: 'pb_line_id',
    idempotent: true,
    errorShape: 'messaging',
    summary: "List the user's outbound dialer call logs.",
  },
  {
    id: 'mintVoiceToken',
    method: 'POST',
    path: '/api/v1/dialer/token',
    host: 'app',
    request: voiceTokenRequestSchema,
    response: voiceTokenResponseSchema,
    // spec: POST {app_url}/api/v1/dialer/token status codes
    statuses: [200, 400, 401, 402, 403, 404, 429, 500, 503],
    lineField: 'lineId',
    // minting twice only yields two valid tokens: safe to repeat
    idempotent: true,
    errorShape: 'mint',
    summary: 'Mint a short-lived voice token for one line (server-to-server only).',
  },
] as const satisfies readonly Endpoint[]

/** The registry keyed by id. */
export const endpointsById = Object.fromEntries(endpoints.map((e) => [e.id, e])) as {
  [K in EndpointId]: Extract<(typeof endpoints)[number], { id: K }>
}

/** Fill `:name` path parameters (URI-encoded). */
export function endpointPath(endpoint: Pick<Endpoint, 'path'>, params: Readonly<Record<string, string>> = {}): string {
  return endpoint.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new TypeError(`missing path parameter ${name} for ${endpoint.path}`)
    return encodeURIComponent(value)
  })
}

/**
 * Find the endpoint a method and path (relative to the host, no query) belong to, or
 * `undefined`. Used by the proxy allowlist and the mock.
 */
export function matchEndpoint(
  method: string,
  path: string,
): { endpoint: (typeof endpoints)[number]; params: Record<string, string> } | undefined {
  const m = method.toUpperCase()
  for (const endpoint of endpoints) {
    if (endpoint.method !== m) continue
    const pattern = endpoint.path.split('/')
    const actual = path.split('/')
    if (pattern.length !== actual.length) continue
    const params: Record<string, string> = {}
    let ok = true
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i] ?? ''
      const a = actual[i] ?? ''
      if (p.startsWith(':')) {
        if (a === '') {
          ok = false
          break
        }
        try {
          params[p.slice(1)] = decodeURIComponent(a)
        } catch {
          ok = false
          break
        }
      } else if (p !== a) {
        ok = false
        break
      }
    }
    if (ok) return { endpoint, params }
  }
  return undefined
}
