'use client'
/** The Dialer's notices: the day's allowance, and why a mint or a start failed, with what to do next. */
import type { ReactNode } from 'react'
import type { Allowance, VoiceTokenResponse } from '../../../api/schemas'
import { LinekitError } from '../../../api/errors'
import { serviceSaid } from '../../shared/errorMessages'
import { callErrorKind, isCallErrorRetryable } from '../../shared/callError'
import { formatDateTime } from '../../shared/format'
import { describeMintError, nextMidnightUtc } from './mintError'
import { useCountdown } from '../../shared/useCountdown'
import type { DialerStrings } from './dialerStrings'

/** The day's calling minutes from the voice token (spec: Voice token response — allowance). */
export function AllowanceSummary(props: {
  allowance: Allowance | null | undefined
  token: VoiceTokenResponse | undefined
  remainingCalls: number | undefined
  strings: DialerStrings
  locale: string | undefined
}) {
  const { allowance, token, strings: texts, locale } = props
  if (!token) return null
  if (!allowance) {
    return (
      <p className="lk-Dialer-allowance" data-state="unknown">
        {texts.allowanceUnknown}
      </p>
    )
  }
  const pct = Math.max(0, Math.min(100, allowance.pct))
  return (
    <div className="lk-Dialer-allowance" data-state={allowance.state} role="group" aria-label={texts.allowanceTitle}>
      <div className="lk-Dialer-allowance-row">
        <span>{texts.allowanceTitle}: </span>
        <span>{texts.allowanceUsed(allowance.used, allowance.included, allowance.pct)}</span>
      </div>
      <progress className="lk-Dialer-allowance-bar" max={100} value={pct} aria-label={texts.allowanceTitle} />
      {allowance.state === 'soft' ? (
        <p className="lk-Dialer-warning" data-kind="soft">
          {texts.allowanceSoft}
        </p>
      ) : null}
      <ul className="lk-Dialer-allowance-details">
        {allowance.cap !== null ? <li>{texts.allowanceCap(allowance.cap)}</li> : null}
        {allowance.line ? (
          <li data-kind="line">{texts.allowanceLine(allowance.line.used, allowance.line.cap)}</li>
        ) : null}
        <li>{texts.allowanceResets(formatDateTime(allowance.periodEnd, locale))}</li>
        {props.remainingCalls !== undefined ? (
          <li data-kind="calls-left">{texts.callsLeft(props.remainingCalls)}</li>
        ) : null}
      </ul>
      {allowance.line?.capped ? (
        <p className="lk-Dialer-warning" data-kind="line-capped">
          {texts.allowanceLineCapped}
        </p>
      ) : null}
    </div>
  )
}

/** Explains a voice-token mint failure by its SDK code, with what to do next. */
export function MintErrorNotice(props: {
  error: LinekitError
  strings: DialerStrings
  locale: string | undefined
  now: () => number
  onRetry: () => void
}) {
  const { error, strings: texts, locale, now, onRetry } = props
  const view = describeMintError(error)
  const left = useCountdown(view.retryAfterSeconds, error)
  let action: ReactNode
  switch (view.code) {
    case 'cap_reached':
      action = texts.mint.cap_reached.action(formatDateTime(view.resetsAt ?? nextMidnightUtc(now()), locale))
      break
    case 'rate_limited':
      action = texts.mint.rate_limited.action(left)
      break
    case 'token_unavailable':
      action =
        view.serviceCode === 'api_key_unsupported' || view.serviceCode === 'invalid_api_key'
          ? texts.mint.token_unavailable.actionKey
          : view.serviceCode === 'dialer_misconfigured'
            ? texts.mint.token_unavailable.actionConfig
            : texts.mint.token_unavailable.action
      break
    default:
      action = texts.mint[view.code].action
  }
  const retryable =
    view.retryable && !(view.code === 'token_unavailable' && view.serviceCode === 'dialer_misconfigured')
  return (
    <div
      className="lk-Dialer-error"
      role="alert"
      data-source="mint"
      data-code={view.code}
      data-service-code={view.serviceCode}
    >
      <p className="lk-Dialer-error-title">{texts.mint[view.code].title}</p>
      <p className="lk-Dialer-error-action">{action}</p>
      {view.code === 'cap_reached' && view.used !== undefined && view.included !== undefined ? (
        <p className="lk-Dialer-note">
          {texts.allowanceUsed(
            view.used,
            view.included,
            view.included ? Math.round((view.used / view.included) * 100) : 100,
          )}
        </p>
      ) : null}
      {retryable ? (
        <button type="button" onClick={onRetry} disabled={view.code === 'rate_limited' && left > 0}>
          {texts.retry}
        </button>
      ) : null}
    </div>
  )
}

/**
 * Explains a failed `start-audiocall` by what the contract names (`callErrorKind`): 403
 * `AUDIOCALL_NOT_ENABLED` (no retry), 429 with its wait, the device's 502/503 (retryable), and
 * linekit/server's own 502/504 (the service, not the phone). Anything else says what the service
 * said, never its hint or internals.
 */
export function StartErrorNotice(props: { error: unknown; strings: DialerStrings; onRetry: () => void }) {
  const { error, strings: texts, onRetry } = props
  const e = LinekitError.is(error) ? error : undefined
  const { kind, retryAfterSeconds } = callErrorKind(error)
  const left = useCountdown(kind === 'rate_limited' ? retryAfterSeconds : undefined, error)
  let message: string
  let action: string | undefined
  switch (kind) {
    case 'device_error':
      message = texts.start.deviceError
      action = texts.start.deviceAction
      break
    case 'device_unreachable':
      message = texts.start.deviceUnreachable
      action = texts.start.deviceAction
      break
    case 'service_unreachable':
      message = texts.start.serviceUnreachable
      break
    case 'rate_limited':
      message = retryAfterSeconds !== undefined ? texts.start.rateLimited(left) : texts.start.rateLimitedSoon
      break
    case 'not_enabled':
      message = texts.start.notEnabled
      break
    case 'offline':
      message = texts.start.network
      break
    default: {
      const said = serviceSaid(error)
      message = said ? `${texts.start.generic} ${texts.start.serviceSaid(said)}` : texts.start.generic
    }
  }
  const retry = kind === 'other' ? e?.status !== undefined && e.status >= 500 : isCallErrorRetryable(kind)
  return (
    <div
      className="lk-Dialer-error"
      role="alert"
      data-source="start"
      data-code={e?.code ?? 'unknown'}
      data-status={e?.status}
    >
      <p className="lk-Dialer-error-title">{message}</p>
      {action ? <p className="lk-Dialer-error-action">{action}</p> : null}
      {retry ? (
        <button type="button" onClick={onRetry} disabled={kind === 'rate_limited' && left > 0}>
          {texts.retry}
        </button>
      ) : null}
    </div>
  )
}
