'use client'
import { useMemo, type HTMLAttributes } from 'react'
import type { InboundCallOutcome, InboundCallRecord } from '../../../events/inboundCallStore'
import { useInboundCallHistory } from '../../../hooks/useInboundCallHistory'
import { useLinekit } from '../../../provider/useLinekit'
import { usePeople } from '../../../hooks/internal/usePeople'
import { formatDateTime } from '../../shared/format'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'

/** Default, overridable texts of the {@link InboundCallHistory} (i18n). */
export const inboundCallHistoryStrings = {
  title: 'Incoming call history',
  /** No recent calls on the server and none since. */
  empty: 'No recent incoming calls.',
  /** The server keeps no history (no read model): only the calls seen here are listed. */
  emptySincePageOpened: 'No incoming calls since this page opened.',
  loading: 'Loading recent incoming calls…',
  loadFailed: 'Earlier incoming calls could not be loaded; calls from now on still appear here.',
  retry: 'Try again',
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
 * The user's recent inbound calls, newest first, with how each went (answered, answered
 * elsewhere, missed, declined) and "Call back": loaded from linekit/server (its read model keeps
 * them from the audio-call webhooks, so a reload still lists them), then followed over the event
 * stream (`useInboundCallHistory()`). A server without a read model lists the calls seen since the
 * page opened.
 *
 * Data attributes: root `data-status` (`loading`, `loaded`, `unavailable`, `error`); each row `data-outcome`. Theme: `--lk-color-border`, `--lk-color-text-muted`.
 *
 * @example
 * <InboundCallHistory onCallBack={(c) => openDialer(c.from)} />
 */
export function InboundCallHistory(props: InboundCallHistoryProps) {
  const { strings, locale, onCallBack, className, ...rest } = props
  const texts = useMemo(() => mergeStrings(inboundCallHistoryStrings, strings), [strings])
  const { history, status, retry } = useInboundCallHistory()
  const { inboundCalls } = useLinekit()
  const dialerListens = inboundCalls.hasCallBackListener()
  // Who called, as the banner and the threads name them: a contact's name, else the number formatted.
  const people = usePeople()
  return (
    <section
      aria-label={texts.title}
      aria-busy={status === 'loading' || undefined}
      data-status={status}
      {...rest}
      className={cx('lk-InboundCallHistory', className)}
    >
      {status === 'error' ? (
        <p role="alert" className="lk-InboundCallHistory-error">
          {texts.loadFailed}{' '}
          <button type="button" onClick={retry}>
            {texts.retry}
          </button>
        </p>
      ) : null}
      {history.length === 0 ? (
        <p className="lk-InboundCallHistory-empty">
          {status === 'loading' ? texts.loading : status === 'loaded' ? texts.empty : texts.emptySincePageOpened}
        </p>
      ) : (
        <ul className="lk-InboundCallHistory-list">
          {history.map((call) => (
            <li key={call.callUuid} data-outcome={call.outcome}>
              <span className="lk-InboundCallHistory-from">{people.label(call.from, call.lineId)}</span>{' '}
              <time dateTime={call.ringingAt}>{formatDateTime(call.ringingAt, locale)}</time>{' '}
              <span className="lk-InboundCallHistory-outcome">{texts.outcome[call.outcome]}</span>{' '}
              {call.outcome === 'ringing' ? null : onCallBack || dialerListens ? (
                <button
                  type="button"
                  aria-label={texts.callBackTo(people.label(call.from, call.lineId))}
                  onClick={() =>
                    onCallBack
                      ? onCallBack(call)
                      : inboundCalls.requestCallBack({ number: call.from, lineId: call.lineId })
                  }
                >
                  {texts.callBack}
                </button>
              ) : (
                <a href={`tel:${call.from}`} aria-label={texts.callBackTo(people.label(call.from, call.lineId))}>
                  {texts.callBack}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
