/**
 * The voice-token mint. spec: POST {app_url}/api/v1/dialer/token, Voice token response,
 * Errors — dialer mint table, Limits (30 mints per minute per key, 900 s lifetime, 10 calls per
 * token, daily minutes reset at midnight UTC).
 *
 * Errors are thrown as {@link MockHttpError} without a hint, so the body is exactly the mint's
 * `{ error, code }` plus the extra fields (cap: used/included/cap/periodEnd; 429: retryAfterSeconds).
 */
import type { MintErrorCode } from '../../src/api/enums'
import { mintErrorStatus } from '../../src/api/enums'
import { voiceTokenRequestSchema } from '../../src/api/schemas'
import { MockHttpError } from './serviceErrors'
import type { MockState } from './mockState'
import type { Account, ApiKey, Line, VoiceTokenRecord } from './stateRecords'

/** spec: Voice token response — `ttlSeconds` currently 900; `expiresAt` always 15 min after minting. */
export const VOICE_TOKEN_TTL_SECONDS = 900
/** spec: Voice token response — `maxCallsPerToken` currently 10. */
export const MAX_CALLS_PER_TOKEN = 10
/** spec: Limits — 30 mints per minute per API key (separate from the messaging 60). */
export const MINTS_PER_MINUTE = 30
/** Choice (README): `allowance.state` is `soft` from this share of the included minutes on. */
const SOFT_THRESHOLD = 0.8

/** A minted token. */
interface VoiceToken extends VoiceTokenRecord {
  token: string
  accountId: string
  lineId: string
  mintedAt: number
  expiresAt: number
  /** Outbound calls placed with it (control API: simulated dialer SDK). */
  callsPlaced: number
}

/** The voice-tokens map with the mock's full type (only this module writes it). */
function voiceTokensOf(state: MockState): Map<string, VoiceToken> {
  return state.voiceTokens as Map<string, VoiceToken>
}

/** A mint error with the mint's body shape. */
export function mintError(
  code: MintErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): MockHttpError {
  return new MockHttpError(mintErrorStatus[code], code, message, undefined, extra, headers)
}

/** The next midnight UTC after `now`. spec: allowance.periodEnd — reset at midnight UTC. */
function nextUtcMidnight(now: number): number {
  const d = new Date(now)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)
}

/** The allowance object. spec: Voice token response `allowance`. */
interface AllowanceView {
  state: 'ok' | 'soft'
  used: number
  included: number
  cap: number | null
  pct: number
  periodEnd: string
  line: { used: number; cap: number | null; capped: boolean } | null
}

/** Whether the line used its own daily cap. spec: allowance.line.capped. */
export function lineCapped(line: Line): boolean {
  return line.dailyCapMinutes !== null && line.usedMinutesToday >= line.dailyCapMinutes
}

/** The workspace and line standing at `now`. */
function allowanceOf(account: Account, line: Line, now: number): AllowanceView {
  const { usedMinutes: used, includedMinutes: included, capMinutes: cap } = account.dialer
  const pct = included > 0 ? Math.round((used / included) * 100) : used > 0 ? 100 : 0
  return {
    state: included > 0 && used >= included * SOFT_THRESHOLD ? 'soft' : included <= 0 && used > 0 ? 'soft' : 'ok',
    used,
    included,
    cap,
    pct,
    periodEnd: new Date(nextUtcMidnight(now)).toISOString(),
    line: { used: line.usedMinutesToday, cap: line.dailyCapMinutes, capped: lineCapped(line) },
  }
}

/** The mint's 200 body. spec: Voice token response. */
interface VoiceTokenResponseView {
  token: string
  expiresAt: string
  ttlSeconds: number
  lineId: string
  inboundEnabled: boolean
  maxCallsPerToken: number
  allowance: AllowanceView | null
}

/** Result of {@link authenticateMintKey}: the key's record and account. */
export interface MintCaller {
  key: ApiKey
  account: Account
}

/** spec: mint — bearer API key; missing/revoked/wrong → 401 invalid_api_key; legacy → 403 api_key_unsupported. */
export function authenticateMintKey(state: MockState, authorization: string | null): MintCaller {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  const key = match ? state.apiKeys.get(match[1] as string) : undefined
  const account = key ? state.accounts.get(key.accountId) : undefined
  if (!key || key.revoked || !account) {
    throw mintError('invalid_api_key', 'Missing, revoked or wrong API key')
  }
  if (key.legacy) {
    throw mintError(
      'api_key_unsupported',
      'This legacy API key cannot mint voice tokens; create a new key in the web application settings',
    )
  }
  return { key, account }
}

/**
 * POST {app_url}/api/v1/dialer/token for an authenticated caller. `body` is the parsed JSON
 * (or `undefined` when the body was not JSON). Order of checks (README): 401/403 key → 400
 * body (no rate-limit slot) → 429 → line → account → line eligibility → caps.
 */
export function mintVoiceToken(state: MockState, caller: MintCaller, body: unknown): VoiceTokenResponseView {
  const parsed = voiceTokenRequestSchema.safeParse(body)
  // spec: invalid_line_id — lineId missing or not from the lines listing; refused before a rate-limit slot is used.
  if (!parsed.success)
    throw mintError('invalid_line_id', 'lineId is missing or is not a line id (UUID v4) from the lines listing')

  const limiter = state.limiter('mint', MINTS_PER_MINUTE)
  const slot = limiter.take(caller.key.key)
  if (!slot.ok) {
    // spec: 429 body carries retryAfterSeconds; a Retry-After header carries the same number.
    throw mintError(
      'rate_limited',
      'Too many voice-token mints for this API key',
      { retryAfterSeconds: slot.retryAfterSeconds },
      { 'Retry-After': String(slot.retryAfterSeconds) },
    )
  }

  const { account } = caller
  const line = state.lines.get(parsed.data.lineId)
  // spec: line_not_found — also for other workspaces' lines.
  if (!line || line.accountId !== account.id)
    throw mintError('line_not_found', "lineId is not one of this workspace's lines")

  const plan = account.dialer
  if (plan.paywalled) throw mintError('account_paywalled', 'The account is past due')
  if (!account.features.dialerAddon)
    throw mintError('dialer_subscription_required', 'The dialer add-on is not active on this workspace')
  if (!plan.provisioned)
    throw mintError('dialer_not_provisioned', 'Business registration is not yet approved for calling')
  if (!plan.configured) throw mintError('dialer_misconfigured', 'Calling is not fully configured for this workspace')
  // spec: shared and trial lines are refused.
  if (line.shared || line.trial || account.trial)
    throw mintError('line_not_eligible', 'Shared and trial lines cannot place dialer calls')
  if (line.inboundOnly) throw mintError('line_inbound_only', 'This line receives calls but cannot place them')

  const now = state.clock.now()
  const periodEnd = new Date(nextUtcMidnight(now)).toISOString()
  if (plan.planReadable) {
    // spec: dialer_cap_reached — workspace or line used today's minutes; body carries used, included, cap, periodEnd.
    if (plan.capMinutes !== null && plan.usedMinutes >= plan.capMinutes) {
      throw mintError('dialer_cap_reached', "The workspace used today's dialer minutes", {
        used: plan.usedMinutes,
        included: plan.includedMinutes,
        cap: plan.capMinutes,
        periodEnd,
        scope: 'workspace',
      })
    }
    // spec: allowance.line.capped — the next mint for a capped line is 402 even if the workspace has minutes.
    if (lineCapped(line)) {
      throw mintError('dialer_cap_reached', 'This line used its daily dialer cap', {
        used: line.usedMinutesToday,
        included: plan.includedMinutes,
        cap: line.dailyCapMinutes,
        periodEnd,
        scope: 'line',
      })
    }
  }

  const token: VoiceToken = {
    token: `vt_${state.ids.token('', 40)}`,
    accountId: account.id,
    lineId: line.lineId,
    mintedAt: now,
    expiresAt: now + VOICE_TOKEN_TTL_SECONDS * 1000,
    callsPlaced: 0,
  }
  voiceTokensOf(state).set(token.token, token)
  return {
    token: token.token,
    expiresAt: new Date(token.expiresAt).toISOString(),
    ttlSeconds: VOICE_TOKEN_TTL_SECONDS,
    lineId: line.lineId,
    // spec: inboundEnabled — true only when the line has an inbound number and someone is in its ring set.
    inboundEnabled: line.inboundNumber !== null && line.ringSet.length > 0,
    maxCallsPerToken: MAX_CALLS_PER_TOKEN,
    // spec: allowance null only when the plan could not be read; the token is still valid.
    allowance: plan.planReadable ? allowanceOf(account, line, now) : null,
  }
}

/** Control API / dialer simulation: checks a token can place one more call and counts it. */
export function useVoiceToken(state: MockState, tokenValue: string): VoiceToken {
  const token = voiceTokensOf(state).get(tokenValue)
  if (!token) throw mintError('invalid_api_key', 'Unknown voice token')
  if (state.clock.now() >= token.expiresAt) {
    throw new MockHttpError(401, 'token_expired', 'The voice token expired (15 minutes after minting)')
  }
  if (token.callsPlaced >= MAX_CALLS_PER_TOKEN) {
    throw new MockHttpError(
      429,
      'token_exhausted',
      `A voice token places at most ${MAX_CALLS_PER_TOKEN} calls`,
      'Mint a new token.',
    )
  }
  token.callsPlaced += 1
  return token
}

/** Resets every workspace's and line's dialer minutes (midnight UTC). */
function resetDailyMinutes(state: MockState): void {
  for (const account of state.accounts.values()) account.dialer.usedMinutes = 0
  for (const line of state.lines.values()) line.usedMinutesToday = 0
}

/**
 * Arms a timer on the mock clock at every UTC midnight that resets dialer minutes.
 * spec: Limits — daily dialer minutes reset at midnight UTC. Survives resets (the clock does).
 * Returns a function that stops it.
 */
export function attachDailyReset(state: MockState): () => void {
  let stopped = false
  let timer = 0
  const arm = (from: number) => {
    timer = state.clock.setTimer(nextUtcMidnight(from), (dueAt) => {
      if (stopped) return
      resetDailyMinutes(state)
      arm(dueAt)
    })
  }
  arm(state.clock.now())
  return () => {
    stopped = true
    state.clock.clearTimer(timer)
  }
}
