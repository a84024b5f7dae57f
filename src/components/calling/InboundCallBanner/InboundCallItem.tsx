'use client'
import type { AudioEngine } from '../../../rtc'
import type { InboundCallRecord } from '../../../events/inboundCallStore'
import { AudioControls } from '../AudioControls/AudioControls'
import { CallTimer } from '../../shared/CallTimer'
import { audioStringsOf } from '../AudioControls/audioEngineParts'
import { formatDateTime } from '../../shared/format'
import type { InboundCallBannerStrings } from './inboundCallBannerStrings'
import type { InboundCallView, UseInboundCallBannerResult } from './useInboundCallBanner'

/** One call of the banner: who, on which line, its state here, and Answer / Decline / Hang up. */
export function InboundCallItem({
  view,
  current,
  titleId,
  label,
  engine,
  t,
  locale,
  now,
}: {
  view: InboundCallView
  /** The first call shown. */
  current: boolean
  titleId: string
  label: (phone: string) => string
  engine: AudioEngine | undefined
  t: InboundCallBannerStrings
  locale: string | undefined
  now: () => number
}) {
  const { call, phase, busy, inCall } = view
  return (
    <li
      {...view.itemProps}
      className="lk-InboundCallBanner-call"
      data-state={phase}
      data-current={current ? '' : undefined}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
    >
      <p id={titleId} className="lk-InboundCallBanner-title">
        {inCall ? (
          t.connected(label(call.from))
        ) : (
          <>
            <span className="lk-InboundCallBanner-label">{t.incoming}: </span>
            <span className="lk-InboundCallBanner-from">{label(call.from)}</span>
          </>
        )}
      </p>
      <p className="lk-InboundCallBanner-meta">
        {t.onLine(call.linePhoneNumber || call.lineId)}
        {phase === 'ringing' ? ` · ${t.since(formatDateTime(call.ringingAt, locale, { timeStyle: 'short' }))}` : null}
      </p>
      {phase === 'device' ? <p className="lk-InboundCallBanner-note">{t.deviceOnly}</p> : null}
      {phase === 'joining' ? (
        <p className="lk-InboundCallBanner-note" data-audio="joining">
          {t.audioState.joining}
        </p>
      ) : null}
      {phase === 'connected' ? (
        <p className="lk-InboundCallBanner-note" data-audio="joined">
          {t.audioState.connected}
        </p>
      ) : null}
      {phase === 'answering' ? <p className="lk-InboundCallBanner-progress">{t.answering}</p> : null}
      {phase === 'declining' ? <p className="lk-InboundCallBanner-progress">{t.declining}</p> : null}
      {view.error ? (
        <p className="lk-InboundCallBanner-error" role="alert">
          {view.error}
        </p>
      ) : null}
      {inCall ? <CallTimer since={view.answeredAt} now={now} label={t.duration} /> : null}
      {phase === 'connected' || phase === 'joining' ? (
        <AudioControls engine={engine} strings={audioStringsOf(t)} />
      ) : null}
      <div className="lk-InboundCallBanner-actions">
        {phase === 'ringing' || !inCall ? (
          <>
            <button {...view.answerButtonProps}>{view.retryAnswer ? t.retry : t.answer}</button>
            <button {...view.declineButtonProps}>{t.decline}</button>
          </>
        ) : null}
        {view.canRejoin ? <button {...view.rejoinButtonProps}>{t.rejoin}</button> : null}
        {inCall ? <button {...view.hangUpButtonProps}>{t.hangUp}</button> : null}
      </div>
    </li>
  )
}

/** The notices of calls this user did not take, each with "Call back" and "Dismiss". */
export function InboundCallNotices({
  banner,
  t,
  locale,
}: {
  banner: UseInboundCallBannerResult
  t: InboundCallBannerStrings
  locale: string | undefined
}) {
  const { label } = banner
  return (
    <ul className="lk-InboundCallBanner-notices" aria-label={t.notices}>
      {banner.notices.map((n: InboundCallRecord) => {
        const time = formatDateTime(n.ringingAt, locale, { timeStyle: 'short' })
        const outcome = n.outcome as keyof typeof t.notice
        return (
          <li key={n.callUuid} className="lk-InboundCallBanner-notice" data-outcome={outcome} data-notice={n.callUuid}>
            <p>{t.notice[outcome](label(n.from), time)}</p>
            <div className="lk-InboundCallBanner-actions">
              {banner.canCallBack ? (
                <button aria-label={t.callBackTo(label(n.from))} {...banner.callBackButtonProps(n)}>
                  {t.callBack}
                </button>
              ) : (
                <a aria-label={t.callBackTo(label(n.from))} {...banner.callBackLinkProps(n)}>
                  {t.callBack}
                </a>
              )}
              <button aria-label={t.dismissNotice(label(n.from))} {...banner.dismissButtonProps(n)}>
                {t.dismiss}
              </button>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
