'use client'
import { useCallback, useEffect, useId, useMemo, useRef, useState, type HTMLAttributes } from 'react'
import { LinekitError } from '../api/errors'
import type { AudioEngine, AudioEngineError } from '../rtc'
import type { InboundCall, InboundCallRecord } from '../events/inboundCallStore'
import { useLinekit } from '../provider/useLinekit'
import { useInboundCalls } from '../events/useInboundCalls'
import { useAnswerCall } from '../hooks/useAnswerCall'
import { useDeclineCall } from '../hooks/useDeclineCall'
import { useEndCall } from '../hooks/useEndCall'
import { callErrorKind, isCallErrorRetryable } from './calling/callError'
import { usePeople } from '../hooks/internal/usePeople'
import { formatDateTime } from './calling/format'
import { cx } from './internal/cx'
import { mergeStrings, type StringOverrides } from './internal/mergeStrings'
import { AudioControls } from './AudioControls'
import { audioStringsOf } from './calling/audioEngineParts'
import { CallTimer } from './CallTimer'
import { useCallLeaveGuard } from './calling/useCallLeaveGuard'
import { useRingTone } from './calling/useRingTone'
import { answerShortcut, useAnswerShortcut } from './calling/useAnswerShortcut'

/** Default, overridable texts of the {@link InboundCallBanner} (i18n). */
export const inboundCallBannerStrings = {
  region: 'Incoming calls',
  calls: 'Calls',
  notices: 'Recent calls',
  announce: (from: string, line: string) => `Incoming call from ${from} on ${line}`,
  incoming: 'Incoming call',
  onLine: (line: string) => `on ${line}`,
  since: (time: string) => `ringing since ${time}`,
  ringingCount: (n: number) => `${n} incoming calls`,
  waiting: (n: number) => `${n} more call${n === 1 ? '' : 's'} waiting`,
  answer: 'Answer',
  /** Read after each new call's announcement. */
  shortcutHint: (keys: string) => `Press ${keys} to go to Answer.`,
  decline: 'Decline',
  hangUp: 'Hang up',
  mute: 'Mute',
  unmute: 'Unmute',
  microphone: 'Microphone',
  microphoneDefault: 'System default',
  level: 'Microphone level',
  retry: 'Try again',
  rejoin: 'Rejoin audio',
  answering: 'Answering…',
  declining: 'Declining…',
  connected: (from: string) => `In call with ${from}`,
  audioState: {
    joining: 'Connecting audio…',
    connected: 'Audio connected',
  },
  deviceOnly: 'Answered on the line’s phone: its audio can’t be joined in the browser. Talk on the phone.',
  duration: 'Call duration',
  /** 409: the call is no longer an inbound call that is ringing (spec: answer/decline 409). */
  gone: (from: string) => `The call from ${from} was already answered elsewhere or has ended.`,
  notAccepted: 'The line’s phone didn’t accept the answer. Try again.',
  declineNotAccepted: 'The line’s phone didn’t accept the decline. Try again.',
  deviceError: 'The line’s phone reported an error. Try again.',
  deviceUnreachable: 'The line’s phone can’t be reached right now. Try again in a moment.',
  /** 502/504 from linekit/server itself: the calling service did not answer (not the phone). */
  serviceUnreachable: 'The calling service couldn’t be reached. Try again.',
  /** 403 `AUDIOCALL_NOT_ENABLED` (spec: Authentication 4): no retry can help. */
  notEnabled: 'Audio calls aren’t enabled for this account.',
  rateLimited: (seconds: number) => `Too many requests. Try again in ${seconds} seconds.`,
  rateLimitedSoon: 'Too many requests. Try again in a moment.',
  failed: 'That didn’t work. Try again.',
  // Notices left by calls this user did not take (spec: audiocall.inbound.answered / ended).
  notice: {
    missed: (from: string, time: string) => `Missed call from ${from} at ${time}`,
    declined: (from: string, time: string) => `Declined call from ${from} at ${time}`,
    answered_elsewhere: (from: string, time: string) => `Call from ${from} at ${time} was answered elsewhere`,
  },
  callBack: 'Call back',
  callBackTo: (from: string) => `Call back ${from}`,
  dismiss: 'Dismiss',
  dismissNotice: (from: string) => `Dismiss the notice about ${from}`,
  audio: {
    permission_denied: 'Microphone access is blocked. Allow it in the browser’s site settings, then rejoin.',
    no_device: 'No usable microphone was found. Connect one, then rejoin.',
    network: 'The call audio couldn’t connect. Check the connection, then rejoin.',
    token_expired: 'The call’s audio credentials expired.',
    unknown: 'The call audio failed. Try rejoining.',
  } satisfies Record<AudioEngineError['code'], string>,
}
/** Texts of the {@link InboundCallBanner}. */
export type InboundCallBannerStrings = typeof inboundCallBannerStrings

/** What this browser is doing with one call. */
type LocalPhase = 'answering' | 'declining' | 'joining' | 'connected' | 'device' | 'failed'
interface LocalCall {
  phase: LocalPhase
  rtc?: { appId: string; channelName: string; token: string; uid: number } | null
  error?: string
  /** Which action failed (to offer the right retry). */
  failedAction?: 'answer' | 'decline' | 'audio'
  /** The failure cannot be helped by trying again (e.g. audio calls not enabled): no retry offered. */
  blocked?: boolean
  /** When the answer was accepted (the timer counts from here). */
  answeredAt?: number
}

export interface InboundCallBannerProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Audio engine for answered calls; beats the provider's. @default useLinekit().audioEngine */
  audioEngine?: AudioEngine
  /** Text overrides (i18n); nested groups merge. @default inboundCallBannerStrings */
  strings?: StringOverrides<InboundCallBannerStrings>
  /** Locale for times. @default the browser's */
  locale?: string
  /** Clock for the call timer. @default Date.now */
  now?: () => number
  /** How long the "already answered elsewhere" notice after a refused answer stays, in ms. @default 6000 */
  noticeMs?: number
  /** Ring while a call rings (a WebAudio tone, after the page's first user gesture). @default true */
  ringSound?: boolean
  /** Calls shown at once; the rest are counted as waiting. @default 3 */
  maxVisible?: number
  /**
   * Called by "Call back" on a missed, declined or answered-elsewhere call. @default a `<Dialer>`
   * on the page places the call; with none, "Call back" is a `tel:` link
   */
  onCallBack?: (call: InboundCallRecord) => void
  /** Called after an answer was accepted (`joinable` false when `rtc` was null). @default undefined */
  onAnswer?: (call: InboundCall, info: { joinable: boolean }) => void
  /** Called after a decline was accepted. @default undefined */
  onDecline?: (call: InboundCall) => void
  /**
   * `overlay`: fixed in the viewport's corner, over the page. `inline`: in the page flow where it
   * is placed, sticking to the top of the scrolling area, so it never covers the page's controls
   * (the `<Inbox>` prefab places it so). @default 'overlay'
   */
  placement?: 'overlay' | 'inline'
}

/** Answered by this browser: connected, joining or failed audio, or answered on the line's phone. */
const isInCall = (call: LocalCall | undefined): boolean =>
  call?.phase === 'failed'
    ? call.failedAction === 'audio'
    : call?.phase === 'connected' || call?.phase === 'joining' || call?.phase === 'device'

function audioMessage(t: InboundCallBannerStrings, error: unknown): string {
  const code = (error as { code?: string } | undefined)?.code
  return code && code in t.audio ? t.audio[code as keyof typeof t.audio] : t.audio.unknown
}

/**
 * The inbound-call surface: fixed to the corner of the viewport (not in the page flow, so a user
 * scrolled anywhere sees a ringing call and nothing is pushed down), non-modal, a labelled region
 * whose live text announces each new call. Answer and Decline are reachable by keyboard; an
 * answered call shows its audio state, a timer from the answer, mute and microphone (the same
 * parts as the Dialer), and Hang up. A ring tone plays after the page's first user gesture
 * (`ringSound={false}` turns it off). Missed, declined and answered-elsewhere calls leave a notice
 * with "Call back". The history behind the notices is built from the call events this browser
 * receives (`useInboundCalls().history`).
 *
 * Data attributes: root `data-count` (calls shown), `data-notices` (notices shown); each call
 * `data-state` (`ringing` | `answering` | `declining` | `joining` | `connected` | `device` |
 * `failed`); each notice `data-outcome` (`missed` | `declined` | `answered_elsewhere`).
 * Theme: `--lk-color-accent`, `--lk-color-success`, `--lk-color-danger`, `--lk-banner-shadow`,
 * `--lk-banner-inset` (distance from the viewport edges), `--lk-banner-width`, `--lk-banner-z`.
 *
 * @example
 * <LinekitProvider client={client} events={createSseEventSource({ url: '/api/linekit/events' })} audioEngine={agoraAudioEngine()}>
 *   <InboundCallBanner ringSound={false} />
 * </LinekitProvider>
 */
export function InboundCallBanner(props: InboundCallBannerProps) {
  const {
    audioEngine: engineProp,
    strings: stringsProp,
    locale,
    now = Date.now,
    noticeMs = 6000,
    ringSound = true,
    maxVisible = 3,
    placement = 'overlay',
    onCallBack,
    onAnswer,
    onDecline,
    className,
    ...rest
  } = props
  const t = useMemo(() => mergeStrings(inboundCallBannerStrings, stringsProp), [stringsProp])
  const people = usePeople()
  const id = useId()
  const ctx = useLinekit()
  const engine = engineProp ?? ctx.audioEngine
  const { calls, dismiss, notices, acknowledge } = useInboundCalls()
  const answer = useAnswerCall()
  const decline = useDeclineCall()
  const end = useEndCall()
  const [local, setLocal] = useState<Record<string, LocalCall>>({})
  const [notice, setNotice] = useState<string | undefined>(undefined)

  // Keyboard users keep their place: after Answer focus goes to the call's Hang up; after Hang up
  // or Decline, once the call has left (the answer or its `ended` event, whichever comes first),
  // to the next call, the call's notice, or the region itself.
  const rootRef = useRef<HTMLElement>(null)
  const focusNext = useRef<{ hangUp: string } | { left: string } | undefined>(undefined)
  useEffect(() => {
    const want = focusNext.current
    const root = rootRef.current
    if (!want || !root) return
    if ('hangUp' in want) {
      const hangUp = root.querySelector<HTMLElement>(`[data-call="${want.hangUp}"] .lk-InboundCallBanner-hangup`)
      if (!hangUp) return
      focusNext.current = undefined
      hangUp.focus()
      return
    }
    if (root.querySelector(`[data-call="${want.left}"]`)) return
    focusNext.current = undefined
    const active = document.activeElement
    if (active && active !== document.body && !root.contains(active)) return
    const target =
      root.querySelector<HTMLElement>('.lk-InboundCallBanner-answer') ??
      root.querySelector<HTMLElement>('.lk-InboundCallBanner-notice :is(button, a)') ??
      root
    target.focus()
  })

  const patch = useCallback((uuid: string, next: LocalCall | undefined) => {
    setLocal((m) => {
      const copy = { ...m }
      if (next) copy[uuid] = next
      else delete copy[uuid]
      return copy
    })
  }, [])

  // Ringing calls, and the ones this browser handles; answered elsewhere or ended ones leave
  // (and leave a notice instead).
  const active = calls.filter((c) => c.state === 'ringing' || (local[c.callUuid] !== undefined && c.state !== 'ended'))
  const visible = active.slice(0, Math.max(1, maxVisible))
  const ringing = active.filter((c) => c.state === 'ringing' && !local[c.callUuid])
  // Only calls not on screen are "waiting": two ringing calls both shown are not "1 more waiting".
  const waiting = active.length - visible.length
  const mine = active.find((c) => isInCall(local[c.callUuid]))

  useRingTone(ringing.length > 0, ringSound)
  useCallLeaveGuard(mine?.callUuid)

  // Announce the newest ringing call: the live region below is always mounted, so the text change is read out.
  const newest = [...calls].reverse().find((c) => c.state === 'ringing')
  const announcement = newest
    ? `${t.announce(people.label(newest.from), newest.linePhoneNumber || newest.lineId)}. ${t.shortcutHint(answerShortcut)}`
    : ''
  useAnswerShortcut(rootRef, visible.find((c) => c.state === 'ringing' && !local[c.callUuid])?.callUuid)

  // When a call this browser joined ends (the far end hung up), leave its audio.
  const endedMine = calls.some(
    (c) => c.state === 'ended' && (local[c.callUuid]?.phase === 'connected' || local[c.callUuid]?.phase === 'joining'),
  )
  useEffect(() => {
    if (endedMine) void engine?.leave()
  }, [endedMine, engine])

  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(undefined), noticeMs)
    return () => clearTimeout(timer)
  }, [notice, noticeMs])

  /** A sentence for a failed answer or decline, and whether trying again can help. */
  const explain = (error: unknown): { error: string; blocked: boolean } => {
    const { kind, retryAfterSeconds } = callErrorKind(error)
    const text =
      {
        not_enabled: t.notEnabled,
        rate_limited: retryAfterSeconds ? t.rateLimited(retryAfterSeconds) : t.rateLimitedSoon,
        service_unreachable: t.serviceUnreachable,
        device_error: t.deviceError,
        device_unreachable: t.deviceUnreachable,
      }[kind as string] ?? t.failed
    return { error: text, blocked: !isCallErrorRetryable(kind) }
  }
  const gone = (call: InboundCall) => {
    // spec: 409 — not an inbound call that is currently ringing: someone else answered, or it ended.
    setNotice(t.gone(people.label(call.from)))
    patch(call.callUuid, undefined)
    dismiss(call.callUuid)
  }

  const joinAudio = async (call: InboundCall, rtc: NonNullable<LocalCall['rtc']>, answeredAt: number) => {
    if (!engine) {
      patch(call.callUuid, { phase: 'failed', rtc, answeredAt, error: t.audio.unknown, failedAction: 'audio' })
      return
    }
    patch(call.callUuid, { phase: 'joining', rtc, answeredAt })
    try {
      await engine.join(rtc)
      patch(call.callUuid, { phase: 'connected', rtc, answeredAt })
    } catch (error) {
      patch(call.callUuid, { phase: 'failed', rtc, answeredAt, error: audioMessage(t, error), failedAction: 'audio' })
    }
  }
  const onAnswerClick = async (call: InboundCall) => {
    patch(call.callUuid, { phase: 'answering' })
    try {
      const result = await answer.mutateAsync({ call_uuid: call.callUuid })
      if (!result.success) {
        patch(call.callUuid, { phase: 'failed', error: t.notAccepted, failedAction: 'answer' })
        return
      }
      // spec: answer — the call is answered once the service says so; the timer counts from here.
      const answeredAt = now()
      focusNext.current = { hangUp: call.callUuid }
      onAnswer?.(call, { joinable: result.rtc !== null })
      if (result.rtc) await joinAudio(call, result.rtc, answeredAt)
      else patch(call.callUuid, { phase: 'device', rtc: null, answeredAt })
    } catch (error) {
      if (LinekitError.is(error) && (error.status === 409 || error.status === 404)) gone(call)
      else patch(call.callUuid, { phase: 'failed', ...explain(error), failedAction: 'answer' })
    }
  }
  const onDeclineClick = async (call: InboundCall) => {
    focusNext.current = { left: call.callUuid }
    patch(call.callUuid, { phase: 'declining' })
    try {
      const result = await decline.mutateAsync({ call_uuid: call.callUuid })
      // spec: decline — `{ success }`: a refusal leaves the call ringing.
      if (!result.success) {
        focusNext.current = undefined
        patch(call.callUuid, { phase: 'failed', error: t.declineNotAccepted, failedAction: 'decline' })
        return
      }
      onDecline?.(call)
      patch(call.callUuid, undefined)
      dismiss(call.callUuid)
    } catch (error) {
      if (LinekitError.is(error) && (error.status === 409 || error.status === 404)) gone(call)
      else {
        focusNext.current = undefined
        patch(call.callUuid, { phase: 'failed', ...explain(error), failedAction: 'decline' })
      }
    }
  }
  const onHangUp = async (call: InboundCall) => {
    void engine?.leave()
    focusNext.current = { left: call.callUuid }
    patch(call.callUuid, undefined)
    dismiss(call.callUuid)
    try {
      await end.mutateAsync({ call_uuid: call.callUuid })
    } catch {
      // Already ended (409/404) or unreachable: the call is gone from this browser either way.
    }
  }
  const callBack = (record: InboundCallRecord) => {
    acknowledge(record.callUuid)
    if (onCallBack) onCallBack(record)
    else ctx.inboundCalls.requestCallBack({ number: record.from, lineId: record.lineId })
  }
  const dialerListens = ctx.inboundCalls.hasCallBackListener()
  const shownNotices = notices.filter((n) => n.outcome !== 'ringing' && n.outcome !== 'answered')

  return (
    <section
      ref={rootRef}
      tabIndex={-1}
      aria-label={t.region}
      data-count={visible.length}
      data-notices={shownNotices.length}
      data-placement={placement}
      {...rest}
      className={cx('lk-InboundCallBanner', className)}
    >
      {/* Always mounted, so screen readers announce the change (a region inserted with its text is often missed). */}
      <p className="lk-visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcement}
      </p>
      <p className="lk-InboundCallBanner-status" role="status" aria-live="polite">
        {notice ?? ''}
      </p>
      {ringing.length > 1 ? (
        <p className="lk-InboundCallBanner-count" id={`${id}-count`}>
          {t.ringingCount(ringing.length)}
        </p>
      ) : null}
      {visible.length > 0 ? (
        <ul className="lk-InboundCallBanner-list" aria-label={t.calls}>
          {visible.map((call, index) => {
            const mineCall = local[call.callUuid]
            const phase = mineCall?.phase ?? 'ringing'
            const busy = phase === 'answering' || phase === 'declining'
            // Nothing this browser can do helps (e.g. audio calls not enabled): no Answer, no Decline.
            const blocked = mineCall?.blocked === true
            const inCall = isInCall(mineCall)
            const titleId = `${id}-${index}`
            return (
              <li
                key={call.callUuid}
                data-call={call.callUuid}
                className="lk-InboundCallBanner-call"
                data-state={phase}
                data-current={index === 0 ? '' : undefined}
                aria-labelledby={titleId}
                aria-busy={busy || undefined}
              >
                <p id={titleId} className="lk-InboundCallBanner-title">
                  {inCall ? (
                    t.connected(people.label(call.from))
                  ) : (
                    <>
                      <span className="lk-InboundCallBanner-label">{t.incoming}: </span>
                      <span className="lk-InboundCallBanner-from">{people.label(call.from)}</span>
                    </>
                  )}
                </p>
                <p className="lk-InboundCallBanner-meta">
                  {t.onLine(call.linePhoneNumber || call.lineId)}
                  {phase === 'ringing'
                    ? ` · ${t.since(formatDateTime(call.ringingAt, locale, { timeStyle: 'short' }))}`
                    : null}
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
                {mineCall?.error ? (
                  <p className="lk-InboundCallBanner-error" role="alert">
                    {mineCall.error}
                  </p>
                ) : null}
                {inCall ? <CallTimer since={mineCall?.answeredAt} now={now} label={t.duration} /> : null}
                {phase === 'connected' || phase === 'joining' ? (
                  <AudioControls engine={engine} strings={audioStringsOf(t)} />
                ) : null}
                <div className="lk-InboundCallBanner-actions">
                  {phase === 'ringing' || !inCall ? (
                    <>
                      <button
                        type="button"
                        className="lk-InboundCallBanner-answer"
                        aria-keyshortcuts={answerShortcut}
                        disabled={busy || blocked}
                        onClick={() => void onAnswerClick(call)}
                      >
                        {phase === 'failed' && mineCall?.failedAction === 'answer' && !mineCall.blocked
                          ? t.retry
                          : t.answer}
                      </button>
                      <button
                        type="button"
                        className="lk-InboundCallBanner-decline"
                        disabled={busy || blocked}
                        onClick={() => void onDeclineClick(call)}
                      >
                        {t.decline}
                      </button>
                    </>
                  ) : null}
                  {phase === 'failed' && mineCall?.failedAction === 'audio' && mineCall.rtc ? (
                    <button
                      type="button"
                      onClick={() => mineCall.rtc && void joinAudio(call, mineCall.rtc, mineCall.answeredAt ?? now())}
                    >
                      {t.rejoin}
                    </button>
                  ) : null}
                  {inCall ? (
                    <button type="button" className="lk-InboundCallBanner-hangup" onClick={() => void onHangUp(call)}>
                      {t.hangUp}
                    </button>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ul>
      ) : null}
      {waiting > 0 ? <p className="lk-InboundCallBanner-queue">{t.waiting(waiting)}</p> : null}
      {shownNotices.length > 0 ? (
        <ul className="lk-InboundCallBanner-notices" aria-label={t.notices}>
          {shownNotices.map((n) => {
            const time = formatDateTime(n.ringingAt, locale, { timeStyle: 'short' })
            const outcome = n.outcome as keyof typeof t.notice
            return (
              <li key={n.callUuid} className="lk-InboundCallBanner-notice" data-outcome={outcome}>
                <p>{t.notice[outcome](people.label(n.from), time)}</p>
                <div className="lk-InboundCallBanner-actions">
                  {onCallBack || dialerListens ? (
                    <button type="button" aria-label={t.callBackTo(people.label(n.from))} onClick={() => callBack(n)}>
                      {t.callBack}
                    </button>
                  ) : (
                    <a
                      href={`tel:${n.from}`}
                      aria-label={t.callBackTo(people.label(n.from))}
                      onClick={() => acknowledge(n.callUuid)}
                    >
                      {t.callBack}
                    </a>
                  )}
                  <button
                    type="button"
                    aria-label={t.dismissNotice(people.label(n.from))}
                    onClick={() => acknowledge(n.callUuid)}
                  >
                    {t.dismiss}
                  </button>
                </div>
              </li>
            )
          })}
        </ul>
      ) : null}
    </section>
  )
}
