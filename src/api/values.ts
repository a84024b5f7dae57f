/**
 * The enumerations and code tables of the service contract (`docs/service-interface.md`):
 * message channels, directions, reactions, send effects, run and call statuses, the mint's error
 * codes and the SDK codes they map to. Plain values, so code that shows or compares them (the
 * components) needs no schema; `enums.ts` builds the zod enums the schemas check them with.
 */
/** Message channels. spec: Message record — `RCS` is inbound-only. */
export const services = ['nativechat', 'SMS', 'RCS'] as const
export type Service = (typeof services)[number]

/** Message and call directions. */
export const directions = ['inbound', 'outbound'] as const
export type Direction = (typeof directions)[number]

/** Tapback reactions. spec: POST /send-reaction. */
export const reactions = ['love', 'like', 'dislike', 'laugh', 'emphasize', 'question'] as const
export type Reaction = (typeof reactions)[number]

/** Bubble send effects (native-chat only). spec: POST /send-api-message `effect`. */
export const bubbleEffects = ['slam', 'loud', 'gentle', 'invisible-ink'] as const
export type BubbleEffect = (typeof bubbleEffects)[number]

/** Screen send effects (native-chat only). spec: POST /send-api-message `effect`. */
export const screenEffects = [
  'confetti',
  'balloons',
  'hearts',
  'lasers',
  'fireworks',
  'echo',
  'spotlight',
  'shooting-star',
  'celebration',
] as const
export type ScreenEffect = (typeof screenEffects)[number]

/** Every send effect, bubble first then screen. */
export const effects = [...bubbleEffects, ...screenEffects] as const
export type Effect = (typeof effects)[number]

/** Workflow run statuses (uppercase). spec: Workflow (flow) and run. */
export const runStatuses = ['ACTIVE', 'SLEEPING', 'WAITING_REPLY', 'COMPLETED', 'CANCELLED', 'FAILED'] as const
export type RunStatus = (typeof runStatuses)[number]

/** AI-assigned call dispositions. spec: CallLog object. */
export const dispositions = [
  'answered',
  'voicemail',
  'busy',
  'no_answer',
  'wrong_number',
  'not_interested',
  'callback_requested',
  'meeting_scheduled',
  'information_provided',
  'no_speech',
  'unknown',
] as const
export type Disposition = (typeof dispositions)[number]

/**
 * Known call-log statuses. spec: CallLog `status` — "list is open-ended", so
 * `callLogStatusSchema` (enums.ts) accepts any string; this tuple is for display only.
 */
export const callLogStatuses = ['completed', 'no-answer', 'busy', 'failed', 'canceled'] as const
/** A known call-log status, or any other string the service adds later. */
export type CallLogStatus = (typeof callLogStatuses)[number] | (string & {})

/** Terminal statuses of an inbound audio call. spec: `audiocall.inbound.ended`. */
export const inboundCallEndStatuses = ['ended', 'declined', 'no_answer', 'voicemail', 'busy', 'failed'] as const
export type InboundCallEndStatus = (typeof inboundCallEndStatuses)[number]

/**
 * Known `call_status` values of the call-status endpoint. @assumed (ASSUMPTIONS.md: the spec
 * names only `ringing`); the schema accepts any string.
 */
export const callStatuses = [
  'ringing',
  'answered',
  'ended',
  'declined',
  'no_answer',
  'voicemail',
  'busy',
  'failed',
] as const
/** A known call status, or any other string. */
export type CallStatus = (typeof callStatuses)[number] | (string & {})

/**
 * Statuses known to end a call: the inbound `ended` event's (spec: Audio-call events) and the
 * call log's (spec: CallLog `status` — for the dialer's outbound calls).
 */
const endingCallStatuses: ReadonlySet<string> = new Set<string>([...inboundCallEndStatuses, ...callLogStatuses])

/**
 * What a `call_status` says for certain. spec: "Values of `call_status` other than `ringing`: not
 * shown" — so only a value the contract names moves a call: `ringing`, `answered` (the answered
 * event), and the ending statuses above. Any other value is `unknown`: the call is still in progress
 * as far as anyone can tell, never ended on its word.
 */
export function callStatusPhase(status: string): 'ringing' | 'answered' | 'ended' | 'unknown' {
  if (status === 'ringing' || status === 'answered') return status
  return endingCallStatuses.has(status) ? 'ended' : 'unknown'
}

/** Error codes of the voice-token mint. spec: POST {app_url}/api/v1/dialer/token. */
export const mintErrorCodes = [
  'invalid_api_key',
  'invalid_line_id',
  'line_not_found',
  'line_inbound_only',
  'line_not_eligible',
  'dialer_subscription_required',
  'account_paywalled',
  'dialer_cap_reached',
  'dialer_not_provisioned',
  'api_key_unsupported',
  'rate_limited',
  'dialer_misconfigured',
  'internal_error',
  'dialer_unavailable',
] as const
export type MintErrorCode = (typeof mintErrorCodes)[number]

/** SDK codes the mint errors map to. spec: Errors — dialer mint mapping table. */
export const sdkErrorCodes = [
  'token_unavailable',
  'line_unavailable',
  'subscription_required',
  'account_paywalled',
  'cap_reached',
  'not_provisioned',
  'rate_limited',
] as const
export type SdkErrorCode = (typeof sdkErrorCodes)[number]

/**
 * Mint error code → SDK code, exactly the spec's table (spec: Errors). `internal_error` is a
 * declared mint code absent from the table; it maps to `token_unavailable` like the other 5xx.
 */
export const mintErrorToSdkCode: Readonly<Record<MintErrorCode, SdkErrorCode>> = {
  invalid_api_key: 'token_unavailable',
  invalid_line_id: 'line_unavailable',
  line_not_found: 'line_unavailable',
  line_inbound_only: 'line_unavailable',
  line_not_eligible: 'line_unavailable',
  dialer_subscription_required: 'subscription_required',
  account_paywalled: 'account_paywalled',
  dialer_cap_reached: 'cap_reached',
  dialer_not_provisioned: 'not_provisioned',
  api_key_unsupported: 'token_unavailable',
  rate_limited: 'rate_limited',
  dialer_misconfigured: 'token_unavailable',
  internal_error: 'token_unavailable',
  dialer_unavailable: 'token_unavailable',
}

/** Status the mint declares for each code (spec: dialer mint status codes). Used by the mock. */
export const mintErrorStatus: Readonly<Record<MintErrorCode, number>> = {
  invalid_api_key: 401,
  invalid_line_id: 400,
  line_not_found: 404,
  line_inbound_only: 403,
  line_not_eligible: 403,
  dialer_subscription_required: 403,
  account_paywalled: 402,
  dialer_cap_reached: 402,
  dialer_not_provisioned: 404,
  api_key_unsupported: 403,
  rate_limited: 429,
  dialer_misconfigured: 500,
  internal_error: 500,
  dialer_unavailable: 503,
}
