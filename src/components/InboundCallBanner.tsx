'use client'
import { useCallback, useEffect, useId, useMemo, useState, type HTMLAttributes } from 'react'
import { LinekitError } from '../api/errors'
import type { AudioEngine } from '../rtc'
import type { InboundCall } from '../events/inboundCallStore'
import { useLinekit } from '../provider/useLinekit'
import { useInboundCalls } from '../events/useInboundCalls'
import { useAnswerCall } from '../hooks/useAnswerCall'
import { useDeclineCall } from '../hooks/useDeclineCall'
import { useEndCall } from '../hooks/useEndCall'
import { formatDateTime, formatDuration } from './calling/format'
import { cx } from './internal/cx'
import { useElapsed } from './calling/useCountdown'

/** Default, overridable texts of the {@link InboundCallBanner} (i18n). */
export const inboundCallBannerStrings = {
  region: 'Incoming calls',
  announce: (from: string, line: string) => `Incoming call from ${from} on ${line}`,
  incoming: 'Incoming call',
  onLine: (line: string) => `on ${line}`,
  since: (time: string) => `ringing since ${time}`,
  waiting: (n: number) => `${n} more call${n === 1 ? '' : 's'} waiting`,
  answer: 'Answer',
  decline: 'Decline',
  hangUp: 'Hang up',
  mute: 'Mute',
  retry: 'Try again',
  rejoin: 'Rejoin audio',
  answering: 'Answering…',
  declining: 'Declining…',
  connected: (from: string) => `In call with ${from}`,
  deviceOnly: 'Answered on the line’s phone: its audio can’t be joined in the browser. Talk on the phone.',
  duration: 'Call duration',
  /** 409: the call is no longer an inbound call that is ringing (spec: answer/decline 409). */
  gone: (from: string) => `The call from ${from} was already answered elsewhere or has ended.`,
  notAccepted: 'The line’s phone didn’t accept the answer. Try again.',
  deviceError: 'The line’s phone reported an error. Try again.',
  deviceUnreachable: 'The line’s phone can’t be reached right now. Try again in a moment.',
  failed: 'That didn’t work. Try again.',
  audio: {
    permission_denied: 'Microphone access is blocked. Allow it in the browser’s site settings, then rejoin.',
    no_device: 'No usable microphone was found. Connect one, then rejoin.',
    network: 'The call audio couldn’t connect. Check the connection, then rejoin.',
    token_expired: 'The call’s audio credentials expired.',
    unknown: 'The call audio failed. Try rejoining.',
  },
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
  connectedAt?: number
}

export interface InboundCallBannerProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Audio engine for answered calls; beats the provider's. @default useLinekit().audioEngine */
  audioEngine?: AudioEngine
  /** Text overrides (i18n). @default inboundCallBannerStrings */
  strings?: Partial<InboundCallBannerStrings>
  /** Locale for times. @default the browser's */
  locale?: string
  /** Clock for the call timer. @default Date.now */
  now?: () => number
  /** How long the "answered elsewhere" notice stays, in ms. @default 6000 */
  noticeMs?: number
  /** Called after an answer was accepted (`joinable` false when `rtc` was null). */
  onAnswer?: (call: InboundCall, info: { joinable: boolean }) => void
  /** Called after a decline was accepted. */
  onDecline?: (call: InboundCall) => void
}

/**
 * Shows ringing inbound calls (from `audiocall.inbound.ringing` events and the provider's polling)
 * as a non-modal region, announced to screen readers, with keyboard-reachable Answer and Decline.
 * Answering joins the audio through the engine; a call answered elsewhere or ended disappears;
 * a 409 (already answered or ended) is explained, not thrown. Several calls queue, oldest first.
 *
 * Data attributes: root `data-count` (calls shown); each call `data-state` (`ringing` |
 * `answering` | `declining` | `joining` | `connected` | `device` | `failed`) and `data-current`
 * on the first. Theme: `--lk-color-accent`, `--lk-color-success`, `--lk-color-danger`, `--lk-banner-shadow`.
 *
 * @example
 * <LinekitProvider client={client} events={createSseEventSource({ url: '/api/linekit/events' })} audioEngine={agoraAudioEngine()}>
 *   <InboundCallBanner />
 * </LinekitProvider>
 */
export function InboundCallBanner(props: InboundCallBannerProps) {
  const {
    audioEngine: engineProp,
    strings: stringsProp,
    locale,
    now = Date.now,
    noticeMs = 6000,
    onAnswer,
    onDecline,
    className,
    ...rest
  } = props
  const t = useMemo(() => ({ ...inboundCallBannerStrings, ...stringsProp }), [stringsProp])
  const id = useId()
  const ctx = useLinekit()
  const engine = engineProp ?? ctx.audioEngine
  const { calls, dismiss } = useInboundCalls()
  const answer = useAnswerCall()
  const decline = useDeclineCall()
  const end = useEndCall()
  const [local, setLocal] = useState<Record<string, LocalCall>>({})
  const [notice, setNotice] = useState<string | undefined>(undefined)
  const [muted, setMuted] = useState(engine?.muted ?? false)

  const patch = useCallback((uuid: string, next: LocalCall | undefined) => {
    setLocal((m) => {
      const copy = { ...m }
      if (next) copy[uuid] = next
      else delete copy[uuid]
      return copy
    })
  }, [])

  // Calls answered in another app vanish; ringing ones and the ones this browser handles stay.
  const visible = calls.filter((c) => c.state === 'ringing' || (local[c.callUuid] !== undefined && c.state !== 'ended'))
  const ringingCount = visible.filter((c) => c.state === 'ringing' && !local[c.callUuid]).length

  // Announce the newest ringing call: the live region below is always mounted, so the text change is read out.
  const newest = [...calls].reverse().find((c) => c.state === 'ringing')
  const announcement = newest ? t.announce(newest.from, newest.linePhoneNumber || newest.lineId) : ''

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
  useEffect(() => engine?.on('mute', setMuted), [engine])

  const explain = (error: unknown): string => {
    if (LinekitError.is(error)) {
      if (error.status === 502) return t.deviceError
      if (error.status === 503) return t.deviceUnreachable
    }
    return t.failed
  }
  const audioMessage = (error: unknown) => {
    const code = (error as { code?: string } | undefined)?.code
    return code && code in t.audio ? t.audio[code as keyof typeof t.audio] : t.audio.unknown
  }
  const gone = (call: InboundCall) => {
    // spec: 409 — not an inbound call that is currently ringing: someone else answered, or it ended.
    setNotice(t.gone(call.from))
    patch(call.callUuid, undefined)
    dismiss(call.callUuid)
  }

  const joinAudio = async (call: InboundCall, rtc: NonNullable<LocalCall['rtc']>) => {
    if (!engine) {
      patch(call.callUuid, { phase: 'failed', rtc, error: t.audio.unknown, failedAction: 'audio' })
      return
    }
    patch(call.callUuid, { phase: 'joining', rtc })
    try {
      await engine.join(rtc)
      patch(call.callUuid, { phase: 'connected', rtc, connectedAt: now() })
    } catch (error) {
      patch(call.callUuid, { phase: 'failed', rtc, error: audioMessage(error), failedAction: 'audio' })
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
      onAnswer?.(call, { joinable: result.rtc !== null })
      if (result.rtc) await joinAudio(call, result.rtc)
      else patch(call.callUuid, { phase: 'device', rtc: null })
    } catch (error) {
      if (LinekitError.is(error) && (error.status === 409 || error.status === 404)) gone(call)
      else patch(call.callUuid, { phase: 'failed', error: explain(error), failedAction: 'answer' })
    }
  }
  const onDeclineClick = async (call: InboundCall) => {
    patch(call.callUuid, { phase: 'declining' })
    try {
      await decline.mutateAsync({ call_uuid: call.callUuid })
      onDecline?.(call)
      patch(call.callUuid, undefined)
      dismiss(call.callUuid)
    } catch (error) {
      if (LinekitError.is(error) && (error.status === 409 || error.status === 404)) gone(call)
      else patch(call.callUuid, { phase: 'failed', error: explain(error), failedAction: 'decline' })
    }
  }
  const onHangUp = async (call: InboundCall) => {
    void engine?.leave()
    patch(call.callUuid, undefined)
    dismiss(call.callUuid)
    try {
      await end.mutateAsync({ call_uuid: call.callUuid })
    } catch {
      // Already ended (409/404) or unreachable: the call is gone from this browser either way.
    }
  }

  return (
    <section
      aria-label={t.region}
      data-count={visible.length}
      {...rest}
      className={cx('lk-InboundCallBanner', className)}
    >
      {/* Always mounted, so screen readers announce the change (a region inserted with its text is often missed). */}
      <p className="lk-visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcement}
      </p>
      <p className="lk-InboundCallBanner-notice" role="status" aria-live="polite">
        {notice ?? ''}
      </p>
      {visible.length > 0 ? (
        <ul className="lk-InboundCallBanner-list" aria-labelledby={`${id}-title`}>
          {visible.map((call, index) => {
            const mine = local[call.callUuid]
            const phase = mine?.phase ?? 'ringing'
            const busy = phase === 'answering' || phase === 'declining'
            const titleId = `${id}-${index}`
            return (
              <li
                key={call.callUuid}
                className="lk-InboundCallBanner-call"
                data-state={phase}
                data-current={index === 0 ? '' : undefined}
                aria-labelledby={titleId}
                aria-busy={busy || undefined}
              >
                <p id={index === 0 ? `${id}-title` : titleId} className="lk-InboundCallBanner-title">
                  {phase === 'connected' ? (
                    t.connected(call.from)
                  ) : (
                    <>
                      <span className="lk-InboundCallBanner-label">{t.incoming}: </span>
                      <span className="lk-InboundCallBanner-from">{call.from}</span>
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
                {phase === 'answering' ? <p className="lk-InboundCallBanner-progress">{t.answering}</p> : null}
                {phase === 'declining' ? <p className="lk-InboundCallBanner-progress">{t.declining}</p> : null}
                {mine?.error ? (
                  <p className="lk-InboundCallBanner-error" role="alert">
                    {mine.error}
                  </p>
                ) : null}
                <div className="lk-InboundCallBanner-actions">
                  {phase === 'ringing' || (phase === 'failed' && mine?.failedAction !== 'audio') || busy ? (
                    <>
                      <button
                        type="button"
                        className="lk-InboundCallBanner-answer"
                        disabled={busy}
                        onClick={() => void onAnswerClick(call)}
                      >
                        {phase === 'failed' && mine?.failedAction === 'answer' ? t.retry : t.answer}
                      </button>
                      <button
                        type="button"
                        className="lk-InboundCallBanner-decline"
                        disabled={busy}
                        onClick={() => void onDeclineClick(call)}
                      >
                        {t.decline}
                      </button>
                    </>
                  ) : null}
                  {phase === 'failed' && mine?.failedAction === 'audio' && mine.rtc ? (
                    <button type="button" onClick={() => mine.rtc && void joinAudio(call, mine.rtc)}>
                      {t.rejoin}
                    </button>
                  ) : null}
                  {phase === 'connected' ? (
                    <>
                      <Timer since={mine?.connectedAt} now={now} label={t.duration} />
                      <button type="button" aria-pressed={muted} onClick={() => void engine?.setMuted(!muted)}>
                        {t.mute}
                      </button>
                    </>
                  ) : null}
                  {phase === 'connected' ||
                  phase === 'joining' ||
                  phase === 'device' ||
                  (phase === 'failed' && mine?.failedAction === 'audio') ? (
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
      {ringingCount > 1 ? <p className="lk-InboundCallBanner-queue">{t.waiting(ringingCount - 1)}</p> : null}
    </section>
  )
}

function Timer(props: { since: number | undefined; now: () => number; label: string }) {
  const seconds = useElapsed(props.since, props.now)
  return (
    <span className="lk-InboundCallBanner-timer" role="timer" aria-label={props.label}>
      {formatDuration(seconds)}
    </span>
  )
}
