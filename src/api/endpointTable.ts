/**
 * The endpoint table without schemas: ids, methods, paths, hosts, declared statuses and line
 * fields. Zod-free, so linekit/server can build its allowlist from it without bundling every
 * schema; `endpoints.ts` attaches the request and response schemas.
 */
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

/** Routes linekit/server serves itself, with no endpoint of the service behind them (`inboundCalls.ts`, `search.ts`). */
export type KitRouteId = 'listInboundCalls' | 'searchMessages'

/** One operation of the service, as data (no schemas). */
export interface EndpointInfo {
  id: EndpointId
  method: 'GET' | 'POST'
  /** Path relative to the host; `:name` marks a path parameter. */
  path: string
  /** `base` = {base_url} (messaging API); `app` = {app_url} (voice-token mint). */
  host: 'base' | 'app'
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
}

// spec: Errors — "Declared status codes on the messaging operations: 400, 401, 403, 404, 409, 429, 500, 502."
const MESSAGING = [200, 400, 401, 403, 404, 409, 429, 500, 502] as const
// spec: answer/decline status codes (also applied to the other audio-call operations)
const AUDIO = [200, 400, 401, 403, 404, 409, 429, 500, 502, 503] as const

/** Every endpoint of the service, without its schemas (see `endpoints.ts`). */
export const endpointTable = [
  {
    id: 'sendMessage',
    method: 'POST',
    path: '/send-api-message',
    host: 'base',
    statuses: MESSAGING,
    lineField: 'lineId',
    idempotent: false,
    errorShape: 'messaging',
  },
  {
    id: 'sendGroupMessage',
    method: 'POST',
    path: '/send-group-message',
    host: 'base',
    // spec: POST /send-group-message rule 4
    statuses: [200, 400, 401, 403, 409, 429, 500],
    lineField: 'lineId',
    idempotent: false,
    errorShape: 'messaging',
  },
  {
    id: 'getMessages',
    method: 'GET',
    path: '/get-messages-api',
    host: 'base',
    statuses: MESSAGING,
    lineField: 'pb_line_id',
    idempotent: true,
    errorShape: 'messaging',
  },
  {
    id: 'getMessage',
    method: 'GET',
    path: '/get-message-api/:message_handle',
    host: 'base',
    pathParams: ['message_handle'],
    statuses: MESSAGING,
    idempotent: true,
    errorShape: 'messaging',
  },
  {
    id: 'getLines',
    method: 'GET',
    path: '/get-lines',
    host: 'base',
    statuses: MESSAGING,
    idempotent: true,
    errorShape: 'messaging',
  },
  {
    id: 'checkAvailability',
    method: 'POST',
    path: '/api-check-native-availability',
    host: 'base',
    statuses: MESSAGING,
    idempotent: true,
    errorShape: 'messaging',
  },
  {
    id: 'createContact',
    method: 'POST',
    path: '/create-external-contact',
    host: 'base',
    statuses: MESSAGING,
    idempotent: false,
    errorShape: 'messaging',
  },
  {
    id: 'updateContact',
    method: 'POST',
    path: '/update-external-contact',
    host: 'base',
    statuses: MESSAGING,
    assumed: true,
    idempotent: false,
    errorShape: 'messaging',
  },
  {
    id: 'listContacts',
    method: 'GET',
    path: '/get-external-contacts',
    host: 'base',
    statuses: MESSAGING,
    assumed: true,
    idempotent: true,
    errorShape: 'messaging',
  },
  {
    id: 'listWorkflows',
    method: 'GET',
    path: '/get-flows',
    host: 'base',
    statuses: MESSAGING,
    assumed: true,
    idempotent: true,
    errorShape: 'messaging',
  },
  {
    id: 'enrollFlow',
    method: 'POST',
    path: '/enroll-flow',
    host: 'base',
    statuses: MESSAGING,
    lineField: 'pb_line_id',
    idempotent: false,
    errorShape: 'messaging',
  },
  {
    id: 'cancelRun',
    method: 'POST',
    path: '/cancel-flow-run',
    host: 'base',
    statuses: MESSAGING,
    assumed: true,
    idempotent: false,
    errorShape: 'messaging',
  },
  {
    id: 'getEffects',
    method: 'GET',
    path: '/get-effects',
    host: 'base',
    statuses: MESSAGING,
    assumed: true,
    idempotent: true,
    errorShape: 'messaging',
  },
  {
    id: 'sendTyping',
    method: 'POST',
    path: '/send-typing-indicator',
    host: 'base',
    statuses: MESSAGING,
    lineField: 'lineId',
    idempotent: false,
    errorShape: 'messaging',
  },
  {
    id: 'sendReaction',
    method: 'POST',
    path: '/send-reaction',
    host: 'base',
    statuses: MESSAGING,
    idempotent: false,
    errorShape: 'messaging',
  },
  {
    id: 'startCall',
    method: 'POST',
    path: '/start-audiocall-call-api',
    host: 'base',
    statuses: AUDIO,
    lineField: 'pb_line_id',
    idempotent: false,
    errorShape: 'messaging',
  },
  {
    id: 'answerCall',
    method: 'POST',
    path: '/answer-audiocall-call-api',
    host: 'base',
    statuses: AUDIO,
    idempotent: false,
    errorShape: 'messaging',
  },
  {
    id: 'declineCall',
    method: 'POST',
    path: '/decline-audiocall-call-api',
    host: 'base',
    statuses: AUDIO,
    idempotent: false,
    errorShape: 'messaging',
  },
  {
    id: 'endCall',
    method: 'POST',
    path: '/end-audiocall-call-api',
    host: 'base',
    statuses: AUDIO,
    assumed: true,
    idempotent: false,
    errorShape: 'messaging',
  },
  {
    id: 'getCallStatus',
    method: 'GET',
    path: '/get-audiocall-call-status-api',
    host: 'base',
    statuses: AUDIO,
    assumed: true,
    idempotent: true,
    errorShape: 'messaging',
  },
  {
    id: 'getCallLogs',
    method: 'GET',
    path: '/get-call-logs-api',
    host: 'base',
    // spec: GET /get-call-logs-api status codes
    statuses: [200, 400, 401, 429, 500],
    lineField: 'pb_line_id',
    idempotent: true,
    errorShape: 'messaging',
  },
  {
    id: 'mintVoiceToken',
    method: 'POST',
    path: '/api/v1/dialer/token',
    host: 'app',
    // spec: POST {app_url}/api/v1/dialer/token status codes
    statuses: [200, 400, 401, 402, 403, 404, 429, 500, 503],
    lineField: 'lineId',
    // minting twice only yields two valid tokens: safe to repeat
    idempotent: true,
    errorShape: 'mint',
  },
] as const satisfies readonly EndpointInfo[]
