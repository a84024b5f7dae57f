import type { LinekitError } from '../../../api/errors'
import type { SdkErrorCode } from '../../../api/values'

/** How the UI should present a mint failure. */
interface MintErrorView {
  /** The SDK code of the spec's mapping table (`data-code`). */
  code: SdkErrorCode
  /** The service's code (`dialer_cap_reached`, …) for the finer wording. */
  serviceCode: string
  status: number
  /** When the daily minutes reset (cap reached): ISO 8601. */
  resetsAt?: string
  used?: number
  included?: number
  cap?: number | null
  /** Seconds to wait (rate limited). */
  retryAfterSeconds?: number
  /** Whether the user can simply try again (rate limit after the wait, 5xx, non-JSON proxy errors). */
  retryable: boolean
}

function num(record: Record<string, unknown> | undefined, key: string): number | undefined {
  const v = record?.[key]
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined
}

/** Reads a mint `LinekitError` into a {@link MintErrorView}. spec: Errors — dialer mint mapping table. */
export function describeMintError(error: LinekitError): MintErrorView {
  const body =
    typeof error.body === 'object' && error.body !== null ? (error.body as Record<string, unknown>) : undefined
  const code: SdkErrorCode = error.sdkCode ?? 'token_unavailable'
  const view: MintErrorView = {
    code,
    serviceCode: error.code,
    status: error.status,
    retryable: code === 'rate_limited' || error.status >= 502 || error.status === 0 || error.code === 'internal_error',
  }
  if (code === 'cap_reached') {
    // spec: 402 dialer_cap_reached — body also carries used, included, cap, periodEnd.
    const periodEnd = body?.['periodEnd']
    if (typeof periodEnd === 'string') view.resetsAt = periodEnd
    const used = num(body, 'used')
    const included = num(body, 'included')
    if (used !== undefined) view.used = used
    if (included !== undefined) view.included = included
    const cap = body?.['cap']
    if (typeof cap === 'number' || cap === null) view.cap = cap
  }
  if (code === 'rate_limited') view.retryAfterSeconds = error.retryAfterSeconds ?? num(body, 'retryAfterSeconds') ?? 60
  return view
}

/** Next midnight UTC after `now`: the reset time when a cap error carries no `periodEnd`. spec: Limits — resets at midnight UTC. */
export function nextMidnightUtc(now: number = Date.now()): string {
  const d = new Date(now)
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString()
}
