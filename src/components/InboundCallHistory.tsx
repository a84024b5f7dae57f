'use client'
import { useMemo, type HTMLAttributes } from 'react'
import type { InboundCallOutcome, InboundCallRecord } from '../events/inboundCallStore'
import { useInboundCalls } from '../events/useInboundCalls'
import { useLinekit } from '../provider/useLinekit'
import { formatDateTime } from './calling/format'
import { cx } from './internal/cx'
import { mergeStrings, type StringOverrides } from './internal/mergeStrings'

/** Default, overridable texts of the {@link InboundCallHistory} (i18n). */
export const inboundCallHistoryStrings = {
  title: 'Incoming call history',
  empty: 'No incoming calls since this page opened.',
  outcome: {
    ringing: 'Ringing',
    answered: 'Answered',
    answered_elsewhere: 'Answered elsewhere',
    missed: 'Missed',
    declined: 'Declined',
  } satisfies Record<InboundCallOutcome, string>,
  callBack: 'Call back',
  callBackTo: (from: string) => `Call back ${from}`,
}
/** Texts of the {@link InboundCallHistory}. */
export type InboundCallHistoryStrings = typeof inboundCallHistoryStrings

export interface InboundCallHistoryProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Text overrides (i18n); nested groups merge. @default inboundCallHistoryStrings */
  strings?: StringOverrides<InboundCallHistoryStrings>
  /** Locale for times. @default the browser's */
  locale?: string
  /** Called by "Call back". @default a `<Dialer>` on the page places the call; with none, a `tel:` link */
  onCallBack?: (call: InboundCallRecord) => void
}

/**
 * The inbound calls seen since the page opened, newest first, with how each went (answered,
 * answered elsewhere, missed, declined) and "Call back". Built from the call events this browser
 * receives over the event stream (`useInboundCalls().history`).
 *
 * Data attributes: each row `data-outcome`. Theme: `--lk-color-border`, `--lk-color-text-muted`.
 *
 * @example
 * <InboundCallHistory onCallBack={(c) => openDialer(c.from)} />
 */
export function InboundCallHistory(props: InboundCallHistoryProps) {
  const { strings, locale, onCallBack, className, ...rest } = props
  const t = useMemo(() => mergeStrings(inboundCallHistoryStrings, strings), [strings])
  const { history } = useInboundCalls()
  const { inboundCalls } = useLinekit()
  const dialerListens = inboundCalls.hasCallBackListener()
  return (
    <section aria-label={t.title} {...rest} className={cx('lk-InboundCallHistory', className)}>
      {history.length === 0 ? (
        <p className="lk-InboundCallHistory-empty">{t.empty}</p>
      ) : (
        <ul className="lk-InboundCallHistory-list">
          {history.map((call) => (
            <li key={call.callUuid} data-outcome={call.outcome}>
              <span className="lk-InboundCallHistory-from">{call.from}</span>{' '}
              <time dateTime={call.ringingAt}>{formatDateTime(call.ringingAt, locale)}</time>{' '}
              <span className="lk-InboundCallHistory-outcome">{t.outcome[call.outcome]}</span>{' '}
              {call.outcome === 'ringing' ? null : onCallBack || dialerListens ? (
                <button
                  type="button"
                  aria-label={t.callBackTo(call.from)}
                  onClick={() =>
                    onCallBack
                      ? onCallBack(call)
                      : inboundCalls.requestCallBack({ number: call.from, lineId: call.lineId })
                  }
                >
                  {t.callBack}
                </button>
              ) : (
                <a href={`tel:${call.from}`} aria-label={t.callBackTo(call.from)}>
                  {t.callBack}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
