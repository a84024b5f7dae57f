'use client'
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useRef,
  useState,
  type FormEvent,
  type HTMLAttributes,
  type ReactNode,
} from 'react'
import type { Allowance, Line, RtcCredentials, VoiceTokenResponse } from '../api/schemas'
import { LinekitError } from '../api/errors'
import type { CountryCode } from '../api/phone'
import type { AudioEngine, AudioEngineError, MicrophoneInfo } from '../rtc'
import { useLinekit } from '../provider/useLinekit'
import { useLines } from '../hooks/useLines'
import { useVoiceToken } from '../hooks/useVoiceToken'
import { useStartCall } from '../hooks/useStartCall'
import { useEndCall } from '../hooks/useEndCall'
import { useCallStatus } from '../hooks/useCallStatus'
import { formatDateTime, formatDuration } from './calling/format'
import { cx } from './internal/cx'
import { lineLabel } from './lineLabel'
import { describeMintError, nextMidnightUtc } from './calling/mintError'
import { dialerReducer, initialDialerState, isLive, type DialerPhase } from './calling/dialerMachine'
import { useCountdown, useElapsed } from './calling/useCountdown'
import { loadPhoneModule, usePhoneNormalizer } from './internal/usePhoneNormalizer'

/** Default, overridable texts of the {@link Dialer} (i18n). Functions receive the values to insert. */
export const dialerStrings = {
  title: 'Dialer',
  line: 'Line',
  noLines: 'No line of this account can place audio calls.',
  linesLoading: 'Loading lines…',
  linesError: 'Lines could not be loaded.',
  number: 'Phone number',
  willCall: (e164: string) => `Will call ${e164}`,
  keypad: 'Keypad',
  backspace: 'Delete last digit',
  call: 'Call',
  hangUp: 'Hang up',
  mute: 'Mute',
  microphone: 'Microphone',
  microphoneDefault: 'System default',
  level: 'Microphone level',
  duration: 'Call duration',
  newCall: 'New call',
  retry: 'Try again',
  rejoin: 'Rejoin audio',
  dismiss: 'Dismiss',
  preparing: 'Preparing calling…',
  phase: {
    idle: 'Ready to call',
    placing: 'Placing the call…',
    ringing: 'Ringing…',
    connecting: 'Connecting audio…',
    connected: 'Connected',
    ended: 'Call ended',
  } satisfies Record<DialerPhase, string>,
  deviceOnly:
    'This call rings on the line’s phone, but its audio can’t be joined in the browser. Follow it here; talk on the phone.',
  ended: (status: string, duration: string | undefined) =>
    `Call ended${status && status !== 'hung_up' && status !== 'ended' ? ` (${status.replace(/_/g, ' ')})` : ''}${duration ? ` after ${duration}` : ''}.`,
  // Allowance (spec: Voice token response — allowance)
  allowanceTitle: 'Minutes today',
  allowanceUsed: (used: number, included: number, pct: number) => `${used} of ${included} min used (${pct}%)`,
  allowanceSoft: 'Close to today’s included minutes.',
  allowanceCap: (cap: number) => `Workspace cap: ${cap} min`,
  allowanceLine: (used: number, cap: number | null) =>
    cap === null ? `This line: ${used} min today, no cap` : `This line: ${used} of ${cap} min`,
  allowanceLineCapped: 'This line reached its daily cap: new calls from it are refused until the reset.',
  allowanceUnknown: 'Today’s minutes couldn’t be read; calling still works.',
  allowanceResets: (time: string) => `Resets ${time}`,
  callsLeft: (n: number) => `${n} call${n === 1 ? '' : 's'} left on this token`,
  // Mint errors by SDK code (spec: Errors — dialer mint mapping table): what happened, what to do.
  mint: {
    cap_reached: {
      title: 'Today’s calling minutes are used up.',
      action: (reset: string) => `Calls can be placed again after the reset at ${reset}. An admin can raise the cap.`,
    },
    rate_limited: {
      title: 'Too many calling requests right now.',
      action: (seconds: number) => (seconds > 0 ? `Try again in ${seconds} s.` : 'You can try again now.'),
    },
    subscription_required: {
      title: 'Calling isn’t part of this workspace’s plan.',
      action: 'An admin can add the dialer add-on in the service’s settings.',
    },
    line_unavailable: {
      title: 'This line can’t place calls.',
      action: 'Pick another line. Shared, trial and inbound-only lines can’t dial out.',
    },
    account_paywalled: {
      title: 'The account has a past-due balance.',
      action: 'An admin must settle billing before calls can be placed.',
    },
    not_provisioned: {
      title: 'Calling isn’t set up yet.',
      action: 'The business registration is still being approved; calling starts once it is.',
    },
    token_unavailable: {
      title: 'Calling is unavailable right now.',
      action: 'Try again in a moment. If it keeps failing, ask an admin to check the calling setup.',
      actionKey:
        'The server’s API key can’t mint voice tokens. An admin must create a new key in the service’s settings.',
      actionConfig: 'Calling isn’t fully configured for this workspace. Contact the service’s support.',
    },
  },
  // Start-call errors (spec: start-audiocall — 502 device error, 503 device unreachable)
  start: {
    deviceError: 'The line’s phone reported an error while placing the call.',
    deviceUnreachable: 'The line’s phone can’t be reached right now.',
    deviceAction: 'Check that the phone is on and connected, then try again.',
    notEnabled: 'Audio calls aren’t enabled for this account.',
    rateLimited: (seconds: number) =>
      seconds > 0 ? `Too many requests: try again in ${seconds} s.` : 'Too many requests: you can try again now.',
    network: 'The server couldn’t be reached. Check the connection and try again.',
    generic: 'The call couldn’t be placed.',
  },
  end: 'The call couldn’t be hung up from here; it may already have ended.',
  // Audio engine errors (src/rtc AudioEngineError codes)
  audio: {
    permission_denied:
      'Microphone access is blocked. Allow the microphone in the browser’s site settings, then rejoin.',
    no_device: 'No usable microphone was found. Connect one (or close the app using it), then rejoin.',
    network: 'The call audio couldn’t connect. Check the connection, then rejoin.',
    token_expired: 'The call’s audio credentials expired. Hang up and call again.',
    unknown: 'The call audio failed. Try rejoining.',
  },
}

/** Texts of the {@link Dialer}; every key is optional in the `strings` prop. */
export type DialerStrings = typeof dialerStrings
type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends (...a: never[]) => unknown ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K]
}

function merge<T extends object>(base: T, over: DeepPartial<T> | undefined): T {
  if (!over) return base
  const out = { ...base } as Record<string, unknown>
  for (const [k, v] of Object.entries(over)) {
    const b = (base as Record<string, unknown>)[k]
    out[k] = v && typeof v === 'object' && b && typeof b === 'object' ? merge(b as object, v as DeepPartial<object>) : v
  }
  return out as T
}

/** Lines that can dial out. Uses the assumed descriptor fields only to exclude (ASSUMPTIONS.md: Line). */
function canDial(line: Line): boolean {
  const l = line as Line & { audioCallEnabled?: boolean; inboundOnly?: boolean; shared?: boolean }
  return l.audioCallEnabled !== false && l.inboundOnly !== true && l.shared !== true
}

export interface DialerProps extends Omit<HTMLAttributes<HTMLElement>, 'children' | 'title'> {
  /** Selected line (controlled). */
  lineId?: string
  /** Initially selected line (uncontrolled). @default the first line that can dial */
  defaultLineId?: string
  /** Called when the user picks a line. */
  onLineChange?: (lineId: string) => void
  /** Initial number in the input. @default '' */
  defaultNumber?: string
  /** Region for numbers typed without a country code. @default 'US' */
  defaultCountry?: CountryCode
  /** Audio engine; beats the provider's. @default useLinekit().audioEngine */
  audioEngine?: AudioEngine
  /** Call-status poll interval while a call is live, in ms. @default 2000 */
  pollIntervalMs?: number
  /** Called once a call was placed. */
  onCallStart?: (call: { callUuid: string; to: string; lineId: string; joinable: boolean }) => void
  /** Called when a call ends (hung up here or a terminal status was seen). */
  onCallEnd?: (call: { callUuid: string; status: string; durationSeconds: number | undefined }) => void
  /** Text overrides (i18n). @default dialerStrings */
  strings?: DeepPartial<DialerStrings>
  /** Locale for times. @default the browser's */
  locale?: string
  /** Clock (stories and tests inject one). @default Date.now */
  now?: () => number
  /** Show the keypad. @default true */
  showKeypad?: boolean
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const

/**
 * A browser dialer: pick an audio-call line, enter a number (keypad or keyboard, normalized to
 * E.164), call, mute, choose the microphone, watch the level and the timer, hang up.
 * Before calling it mints a voice token through the app's server route and shows the day's
 * allowance; every mint error is explained by its SDK code with what to do next.
 *
 * Data attributes (on the root): `data-state` (`idle` | `placing` | `ringing` | `connecting` |
 * `connected` | `ended`), `data-audio` (`none` | `joining` | `joined` | `device`), `data-muted`,
 * `data-error` (the shown error's code), `data-allowance` (`ok` | `soft` | `unknown`).
 * Theme: `--lk-color-accent`, `--lk-color-danger`, `--lk-color-warning`, `--lk-dialer-key-size`.
 *
 * @example
 * <LinekitProvider client={client} audioEngine={agoraAudioEngine()}>
 *   <Dialer defaultCountry="GB" onCallEnd={(c) => console.log(c.durationSeconds)} />
 * </LinekitProvider>
 */
export function Dialer(props: DialerProps) {
  const {
    lineId: lineIdProp,
    defaultLineId,
    onLineChange,
    defaultNumber = '',
    defaultCountry = 'US',
    audioEngine: engineProp,
    pollIntervalMs = 2000,
    onCallStart,
    onCallEnd,
    strings: stringsProp,
    locale,
    now = Date.now,
    showKeypad = true,
    className,
    ...rest
  } = props
  const t = useMemo(() => merge(dialerStrings, stringsProp), [stringsProp])
  const id = useId()
  const ctx = useLinekit()
  const engine = engineProp ?? ctx.audioEngine
  const linesQuery = useLines()
  const dialable = useMemo(() => (linesQuery.lines ?? []).filter(canDial), [linesQuery.lines])
  const [lineState, setLineState] = useState<string | undefined>(defaultLineId)
  const lineId = lineIdProp ?? lineState ?? dialable[0]?.lineId
  const voice = useVoiceToken(lineId)
  const startCall = useStartCall()
  const endCall = useEndCall()
  const [state, dispatch] = useReducer(dialerReducer, initialDialerState)
  const [number, setNumber] = useState(defaultNumber)
  const [muted, setMuted] = useState(engine?.muted ?? false)
  const inputRef = useRef<HTMLInputElement>(null)
  const live = isLive(state)

  // Follow the call by polling its status (always for rtc: null; for joined calls, to see the far end hang up).
  const status = useCallStatus(live ? state.callUuid : undefined, { poll: pollIntervalMs })
  const callStatus = status.data?.call_status
  useEffect(() => {
    if (callStatus) dispatch({ type: 'STATUS', callStatus, at: now() })
  }, [callStatus, now])

  // Join audio when credentials arrive.
  const join = useCallback(
    async (rtc: RtcCredentials) => {
      if (!engine) {
        dispatch({
          type: 'AUDIO_FAILED',
          error: new Error('No audio engine: pass audioEngine to <LinekitProvider> or <Dialer>.'),
        })
        return
      }
      dispatch({ type: 'AUDIO_JOINING' })
      try {
        await engine.join(rtc)
        dispatch({ type: 'AUDIO_CONNECTED', at: now() })
      } catch (error) {
        dispatch({ type: 'AUDIO_FAILED', error })
      }
    },
    [engine, now],
  )
  useEffect(() => {
    if (!engine) return
    const offMute = engine.on('mute', setMuted)
    const offState = engine.on('state', (s) => {
      if (s === 'failed') dispatch({ type: 'AUDIO_FAILED', error: undefined })
    })
    const offError = engine.on('error', (error) => dispatch({ type: 'AUDIO_FAILED', error }))
    return () => {
      offMute()
      offState()
      offError()
    }
  }, [engine])

  // Leave audio when the call ends or the dialer unmounts mid-call.
  const phase = state.phase
  useEffect(() => {
    if (phase === 'ended' && engine && engine.state !== 'idle' && engine.state !== 'disconnected') void engine.leave()
  }, [phase, engine])
  // Only a call of this dialer: the engine is shared (e.g. with <InboundCallBanner>).
  const liveRef = useRef(false)
  useEffect(() => {
    liveRef.current = live
  }, [live])
  useEffect(
    () => () => {
      if (liveRef.current) void engine?.leave()
    },
    [engine],
  )

  // Report the end once.
  const reported = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (state.phase !== 'ended' || !state.callUuid || reported.current === state.callUuid) return
    reported.current = state.callUuid
    const duration =
      state.connectedAt !== undefined && state.endedAt !== undefined
        ? Math.round((state.endedAt - state.connectedAt) / 1000)
        : undefined
    onCallEnd?.({ callUuid: state.callUuid, status: state.endStatus ?? 'ended', durationSeconds: duration })
  }, [state, onCallEnd])

  // libphonenumber (~29 KB gzip) loads on mount, not with the page: the preview waits for it.
  const normalize = usePhoneNormalizer(defaultCountry)
  const normalized = useMemo(() => (number.trim() && normalize ? normalize(number) : undefined), [number, normalize])
  const token: VoiceTokenResponse | undefined = voice.token
  // A 429 being waited out shows its countdown now, not after the automatic retry gives up.
  const mintError = voice.error ?? voice.retrying
  const canCall = !!lineId && !!token && !mintError && !live && state.phase !== 'placing'

  const place = async () => {
    if (!lineId || !canCall) return
    // Loaded on mount, so this is synchronous by the time anyone presses Call (PLACE renders at once).
    const result = normalize ? normalize(number) : (await loadPhoneModule()).tryNormalizePhone(number, defaultCountry)
    if (!result.ok) {
      dispatch({ type: 'NUMBER_INVALID', error: result.error })
      inputRef.current?.focus()
      return
    }
    dispatch({ type: 'PLACE', to: result.e164 })
    try {
      const started = await startCall.mutateAsync({ pb_line_id: lineId, phone_number: result.e164 })
      // spec: Limits — 10 outbound calls per voice token; the hook re-mints after the last one.
      voice.countCall()
      dispatch({ type: 'PLACED', callUuid: started.call_uuid, rtc: started.rtc })
      onCallStart?.({ callUuid: started.call_uuid, to: result.e164, lineId, joinable: started.rtc !== null })
      if (started.rtc) void join(started.rtc)
    } catch (error) {
      dispatch({ type: 'PLACE_FAILED', error })
    }
  }
  const hangUp = async () => {
    const callUuid = state.callUuid
    dispatch({ type: 'HANGUP', at: now() })
    if (engine) void engine.leave()
    if (!callUuid) return
    try {
      await endCall.mutateAsync({ call_uuid: callUuid })
    } catch (error) {
      // 409: the call had already ended: nothing to tell the user.
      if (!(LinekitError.is(error) && (error.status === 409 || error.status === 404)))
        dispatch({ type: 'END_FAILED', error })
    }
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (live) return
    void place()
  }
  const press = (key: string) => {
    setNumber((n) => n + key)
    if (state.error?.source === 'number') dispatch({ type: 'DISMISS_ERROR' })
    inputRef.current?.focus()
  }

  const allowance = token?.allowance
  const allowanceState = token ? (allowance ? allowance.state : 'unknown') : undefined
  const errorCode = errorCodeOf(state.error, mintError)
  const inCall = live || state.phase === 'placing'
  const numberError = state.error?.source === 'number' ? (state.error.error as { message?: string }).message : undefined

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-state={state.phase}
      data-audio={state.audio}
      data-muted={muted ? '' : undefined}
      data-error={errorCode}
      data-allowance={allowanceState}
      {...rest}
      className={cx('lk-Dialer', className)}
    >
      <h2 id={`${id}-title`} className="lk-Dialer-title">
        {t.title}
      </h2>
      <p className="lk-Dialer-status" role="status" aria-live="polite">
        {state.phase === 'ended'
          ? t.ended(
              state.endStatus ?? 'ended',
              state.connectedAt !== undefined && state.endedAt !== undefined
                ? formatDuration((state.endedAt - state.connectedAt) / 1000)
                : undefined,
            )
          : t.phase[state.phase]}
      </p>

      <form className="lk-Dialer-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
        <div className="lk-Dialer-field">
          <label htmlFor={`${id}-line`}>{t.line}</label>
          {linesQuery.status === 'pending' ? (
            <span className="lk-Dialer-note">{t.linesLoading}</span>
          ) : linesQuery.status === 'error' ? (
            <span className="lk-Dialer-note" role="alert">
              {t.linesError}
            </span>
          ) : null}
          <select
            id={`${id}-line`}
            value={lineId ?? ''}
            disabled={inCall || dialable.length === 0}
            onChange={(e) => {
              setLineState(e.target.value)
              onLineChange?.(e.target.value)
            }}
          >
            {dialable.length === 0 ? (
              <option value="">{linesQuery.status === 'success' ? t.noLines : t.linesLoading}</option>
            ) : null}
            {dialable.map((l) => (
              <option key={l.lineId} value={l.lineId}>
                {lineLabel(l)}
              </option>
            ))}
          </select>
        </div>

        <AllowanceSummary
          allowance={allowance}
          token={token}
          remainingCalls={voice.remainingCalls}
          strings={t}
          locale={locale}
        />
        {voice.status === 'pending' && lineId && !mintError ? <p className="lk-Dialer-note">{t.preparing}</p> : null}
        {mintError ? (
          <MintErrorNotice error={mintError} strings={t} locale={locale} now={now} onRetry={() => voice.refresh()} />
        ) : null}

        <div className="lk-Dialer-field">
          <label htmlFor={`${id}-number`}>{t.number}</label>
          <input
            ref={inputRef}
            id={`${id}-number`}
            className="lk-Dialer-number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={number}
            readOnly={inCall}
            aria-invalid={numberError ? true : undefined}
            aria-describedby={`${id}-number-hint`}
            onChange={(e) => {
              setNumber(e.target.value)
              if (state.error?.source === 'number') dispatch({ type: 'DISMISS_ERROR' })
            }}
          />
          <span id={`${id}-number-hint`} className="lk-Dialer-hint" data-invalid={numberError ? '' : undefined}>
            {numberError ?? (normalized?.ok ? t.willCall(normalized.e164) : '')}
          </span>
        </div>

        {showKeypad && !inCall ? (
          <div className="lk-Dialer-keypad" role="group" aria-label={t.keypad}>
            {KEYS.map((k) => (
              <button key={k} type="button" className="lk-Dialer-key" data-key={k} onClick={() => press(k)}>
                {k}
              </button>
            ))}
            <button
              type="button"
              className="lk-Dialer-key"
              data-key="backspace"
              aria-label={t.backspace}
              onClick={() => setNumber((n) => n.slice(0, -1))}
            >
              ⌫
            </button>
          </div>
        ) : null}

        {state.phase === 'ended' ? (
          <button type="button" className="lk-Dialer-new" onClick={() => dispatch({ type: 'RESET' })}>
            {t.newCall}
          </button>
        ) : live ? null : (
          <button
            type="submit"
            className="lk-Dialer-call"
            disabled={!canCall}
            aria-busy={state.phase === 'placing' || undefined}
          >
            {t.call}
          </button>
        )}
      </form>

      {state.error && state.error.source === 'start' ? (
        <StartErrorNotice error={state.error.error} strings={t} onRetry={() => void place()} />
      ) : null}

      {live ? (
        <div className="lk-Dialer-call-controls">
          {state.audio === 'device' ? (
            <p className="lk-Dialer-note" data-kind="device-only">
              {t.deviceOnly}
            </p>
          ) : null}
          {state.phase === 'connected' ? <CallTimer since={state.connectedAt} now={now} label={t.duration} /> : null}
          {state.audio === 'joined' || state.audio === 'joining' ? (
            <AudioControls engine={engine} muted={muted} strings={t} id={id} />
          ) : null}
          {state.error?.source === 'audio' ? (
            <div className="lk-Dialer-error" role="alert" data-source="audio" data-code={audioCode(state.error.error)}>
              <p>{t.audio[audioCode(state.error.error)]}</p>
              {state.rtc && audioCode(state.error.error) !== 'token_expired' ? (
                <button type="button" onClick={() => state.rtc && void join(state.rtc)}>
                  {t.rejoin}
                </button>
              ) : null}
            </div>
          ) : null}
          <button type="button" className="lk-Dialer-hangup" onClick={() => void hangUp()}>
            {t.hangUp}
          </button>
        </div>
      ) : null}
      {state.error?.source === 'end' ? (
        <p className="lk-Dialer-error" role="alert" data-source="end">
          {t.end}
        </p>
      ) : null}
    </section>
  )
}

function audioCode(error: unknown): AudioEngineError['code'] {
  const code = (error as { code?: unknown } | undefined)?.code
  return code === 'permission_denied' || code === 'no_device' || code === 'network' || code === 'token_expired'
    ? code
    : 'unknown'
}

function errorCodeOf(
  error: { source: string; error: unknown } | undefined,
  mintError: LinekitError | null,
): string | undefined {
  if (error?.source === 'audio') return audioCode(error.error)
  if (error?.source === 'number') return 'invalid_number'
  if (error) return LinekitError.is(error.error) ? error.error.code : 'unknown'
  if (mintError) return mintError.sdkCode ?? 'token_unavailable'
  return undefined
}

function AllowanceSummary(props: {
  allowance: Allowance | null | undefined
  token: VoiceTokenResponse | undefined
  remainingCalls: number | undefined
  strings: DialerStrings
  locale: string | undefined
}) {
  const { allowance, token, strings: t, locale } = props
  if (!token) return null
  if (!allowance) {
    return (
      <p className="lk-Dialer-allowance" data-state="unknown">
        {t.allowanceUnknown}
      </p>
    )
  }
  const pct = Math.max(0, Math.min(100, allowance.pct))
  return (
    <div className="lk-Dialer-allowance" data-state={allowance.state} role="group" aria-label={t.allowanceTitle}>
      <div className="lk-Dialer-allowance-row">
        <span>{t.allowanceTitle}: </span>
        <span>{t.allowanceUsed(allowance.used, allowance.included, allowance.pct)}</span>
      </div>
      <progress className="lk-Dialer-allowance-bar" max={100} value={pct} aria-label={t.allowanceTitle} />
      {allowance.state === 'soft' ? (
        <p className="lk-Dialer-warning" data-kind="soft">
          {t.allowanceSoft}
        </p>
      ) : null}
      <ul className="lk-Dialer-allowance-details">
        {allowance.cap !== null ? <li>{t.allowanceCap(allowance.cap)}</li> : null}
        {allowance.line ? <li data-kind="line">{t.allowanceLine(allowance.line.used, allowance.line.cap)}</li> : null}
        <li>{t.allowanceResets(formatDateTime(allowance.periodEnd, locale))}</li>
        {props.remainingCalls !== undefined ? (
          <li data-kind="calls-left">{t.callsLeft(props.remainingCalls)}</li>
        ) : null}
      </ul>
      {allowance.line?.capped ? (
        <p className="lk-Dialer-warning" data-kind="line-capped">
          {t.allowanceLineCapped}
        </p>
      ) : null}
    </div>
  )
}

/** Explains a voice-token mint failure by its SDK code, with what to do next. */
function MintErrorNotice(props: {
  error: LinekitError
  strings: DialerStrings
  locale: string | undefined
  now: () => number
  onRetry: () => void
}) {
  const { error, strings: t, locale, now, onRetry } = props
  const view = describeMintError(error)
  const left = useCountdown(view.retryAfterSeconds, error)
  let action: ReactNode
  switch (view.code) {
    case 'cap_reached':
      action = t.mint.cap_reached.action(formatDateTime(view.resetsAt ?? nextMidnightUtc(now()), locale))
      break
    case 'rate_limited':
      action = t.mint.rate_limited.action(left)
      break
    case 'token_unavailable':
      action =
        view.serviceCode === 'api_key_unsupported' || view.serviceCode === 'invalid_api_key'
          ? t.mint.token_unavailable.actionKey
          : view.serviceCode === 'dialer_misconfigured'
            ? t.mint.token_unavailable.actionConfig
            : t.mint.token_unavailable.action
      break
    default:
      action = t.mint[view.code].action
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
      <p className="lk-Dialer-error-title">{t.mint[view.code].title}</p>
      <p className="lk-Dialer-error-action">{action}</p>
      {view.code === 'cap_reached' && view.used !== undefined && view.included !== undefined ? (
        <p className="lk-Dialer-note">
          {t.allowanceUsed(
            view.used,
            view.included,
            view.included ? Math.round((view.used / view.included) * 100) : 100,
          )}
        </p>
      ) : null}
      {retryable ? (
        <button type="button" onClick={onRetry} disabled={view.code === 'rate_limited' && left > 0}>
          {t.retry}
        </button>
      ) : null}
    </div>
  )
}

/** Explains a failed `start-audiocall` (502 device error and 503 unreachable are retryable). */
function StartErrorNotice(props: { error: unknown; strings: DialerStrings; onRetry: () => void }) {
  const { error, strings: t, onRetry } = props
  const e = LinekitError.is(error) ? error : undefined
  const left = useCountdown(e?.status === 429 ? (e.retryAfterSeconds ?? 30) : undefined, error)
  let message: string
  let action: string | undefined
  let retry = false
  if (e?.status === 502) {
    message = t.start.deviceError
    action = t.start.deviceAction
    retry = true
  } else if (e?.status === 503) {
    message = t.start.deviceUnreachable
    action = t.start.deviceAction
    retry = true
  } else if (e?.status === 429) {
    message = t.start.rateLimited(left)
    retry = true
  } else if (e?.code === 'AUDIOCALL_NOT_ENABLED') {
    message = t.start.notEnabled
  } else if (e && e.status === 0) {
    message = t.start.network
    retry = true
  } else {
    message = e?.message ? `${t.start.generic} ${e.message}` : t.start.generic
    action = e?.hint
    retry = e?.status !== undefined && e.status >= 500
  }
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
        <button type="button" onClick={onRetry} disabled={e?.status === 429 && left > 0}>
          {t.retry}
        </button>
      ) : null}
    </div>
  )
}

function CallTimer(props: { since: number | undefined; now: () => number; label: string }) {
  const seconds = useElapsed(props.since, props.now)
  return (
    <span className="lk-Dialer-timer" role="timer" aria-label={props.label}>
      {formatDuration(seconds)}
    </span>
  )
}

function AudioControls(props: { engine: AudioEngine | undefined; muted: boolean; strings: DialerStrings; id: string }) {
  const { engine, muted, strings: t, id } = props
  const [mics, setMics] = useState<MicrophoneInfo[]>([])
  const [mic, setMic] = useState<string>(engine?.microphoneId ?? '')
  const [level, setLevel] = useState(0)
  useEffect(() => {
    let cancelled = false
    engine
      ?.listMicrophones()
      .then((list) => !cancelled && setMics(list))
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [engine])
  useEffect(() => {
    if (!engine) return
    const timer = setInterval(() => setLevel(engine.getInputLevel()), 100)
    return () => clearInterval(timer)
  }, [engine])
  if (!engine) return null
  return (
    <div className="lk-Dialer-audio">
      <button
        type="button"
        className="lk-Dialer-mute"
        aria-pressed={muted}
        onClick={() => void engine.setMuted(!muted)}
      >
        {t.mute}
      </button>
      <label htmlFor={`${id}-mic`}>{t.microphone}</label>
      <select
        id={`${id}-mic`}
        value={mic}
        onChange={(e) => {
          setMic(e.target.value)
          if (e.target.value) void engine.setMicrophone(e.target.value).catch(() => setMic(engine.microphoneId ?? ''))
        }}
      >
        <option value="">{t.microphoneDefault}</option>
        {mics.map((m) => (
          <option key={m.deviceId} value={m.deviceId}>
            {m.label}
          </option>
        ))}
      </select>
      <meter
        className="lk-Dialer-level"
        min={0}
        max={1}
        value={level}
        aria-label={t.level}
        style={{ ['--lk-dialer-level' as string]: String(level) }}
      />
    </div>
  )
}
