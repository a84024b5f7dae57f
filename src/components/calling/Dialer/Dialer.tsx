'use client'
import { useEffect, useId, useMemo, useRef, type HTMLAttributes, type RefObject } from 'react'
import { LinekitError } from '../../../api/errors'
import type { AudioEngineError } from '../../../rtc'
import { formatDuration } from '../../shared/format'
import { cx } from '../../shared/cx'
import { lineLabel } from '../../shared/lineLabel'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { dialerStrings, type DialerStrings } from './dialerStrings'
import { AllowanceSummary, MintErrorNotice, StartErrorNotice } from './DialerNotices'
import { useDialer, type UseDialerOptions, type UseDialerResult } from './useDialer'
import type { DialerState } from './dialerMachine'
import { Keypad } from './Keypad'
import { AudioControls } from '../AudioControls/AudioControls'
import { audioStringsOf } from '../AudioControls/audioEngineParts'
import { CallTimer } from '../../shared/CallTimer'
import { usePeople } from '../../../hooks/internal/usePeople'
import { useCallWords } from './useCallWords'

export { dialerStrings, type DialerStrings }

/** The props of {@link Dialer}: {@link useDialer}'s options, its own display props, and a `<section>`'s attributes. */
export interface DialerProps extends UseDialerOptions, Omit<HTMLAttributes<HTMLElement>, 'children' | 'title'> {
  /** Text overrides (i18n); nested groups merge. @default dialerStrings */
  strings?: StringOverrides<DialerStrings>
  /** Locale for times. @default the browser's */
  locale?: string
  /** Show the keypad. @default true */
  showKeypad?: boolean
}

/**
 * Every option of {@link useDialer}, once: the compiler fails here when the hook gains or loses one,
 * so <Dialer> always passes all of them on and never leaks one onto its `<section>`.
 */
const dialerOptionNames: Record<keyof UseDialerOptions, true> = {
  lineId: true,
  defaultLineId: true,
  onLineChange: true,
  number: true,
  defaultNumber: true,
  onNumberChange: true,
  defaultCountry: true,
  audioEngine: true,
  pollIntervalMs: true,
  onCallStart: true,
  onCallEnd: true,
  guardLeave: true,
  now: true,
}

/** Splits props into {@link useDialer}'s options and the rest. */
function splitDialerOptions<P extends UseDialerOptions>(props: P): [UseDialerOptions, Omit<P, keyof UseDialerOptions>] {
  const options: Record<string, unknown> = {}
  const rest: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(props)) (name in dialerOptionNames ? options : rest)[name] = value
  return [options as UseDialerOptions, rest as Omit<P, keyof UseDialerOptions>]
}

function audioCode(error: unknown): AudioEngineError['code'] {
  const code = (error as { code?: unknown } | undefined)?.code
  return code === 'permission_denied' || code === 'no_device' || code === 'network' || code === 'token_expired'
    ? code
    : 'unknown'
}

/** The shown error's code, for `data-error`: the call's error first, else the voice token's. */
function errorCodeOf(error: DialerState['error'], mintError: UseDialerResult['mintError']): string | undefined {
  if (error?.source === 'audio') return audioCode(error.error)
  if (error?.source === 'number') return 'invalid_number'
  if (error) return LinekitError.is(error.error) ? error.error.code : 'unknown'
  return mintError ? (mintError.sdkCode ?? 'token_unavailable') : undefined
}

/**
 * A browser dialer, built from {@link useDialer} and the calling parts ({@link Keypad},
 * {@link AudioControls}, {@link CallTimer}): pick an audio-call line, enter a number (keypad or
 * keyboard, normalized to E.164), call, and follow the call as the service reports it —
 * "Calling…", "Ringing…" until the call is answered, then a timer from the answer. Audio is
 * joined alongside and fails visibly with Rejoin. Mint errors are explained by their SDK code.
 *
 * Data attributes (on the root): `data-state` (`idle` | `placing` | `ringing` | `connected` |
 * `ended`), `data-audio` (`none` | `joining` | `joined` | `failed` | `device`), `data-error` (the
 * shown error's code), `data-allowance` (`ok` | `soft` | `unknown`), `data-trial` on trial accounts.
 * Theme: `--lk-color-accent`, `--lk-color-danger`, `--lk-color-warning`, `--lk-dialer-key-size`.
 *
 * @example
 * <LinekitProvider client={client} audioEngine={agoraAudioEngine()}>
 *   <Dialer defaultCountry="GB" onCallEnd={(c) => console.log(c.durationSeconds)} />
 * </LinekitProvider>
 */
export function Dialer(props: DialerProps) {
  const { strings: stringsProp, locale, showKeypad = true, className, ...others } = props
  const [options, rest] = splitDialerOptions(others)
  const now = options.now ?? Date.now
  const texts = useMemo(() => mergeStrings(dialerStrings, stringsProp), [stringsProp])
  const id = useId()
  const d = useDialer({ ...options, now })
  const { state, linesQuery, lines, mintError, token } = d
  const people = usePeople({ lineId: d.lineId })
  const callee = d.normalized?.ok ? d.normalized.e164 : undefined
  const calleeText =
    callee === undefined
      ? ''
      : people.nameOf(callee)
        ? `${people.label(callee)}, ${people.number(callee)}`
        : people.number(callee)
  const allowance = token?.allowance
  const error = state.error
  const errorCode = errorCodeOf(error, mintError)
  // The words follow the call as the service and the audio report it (useCallWords).
  const words = useCallWords(state, d.engine, d.lineId)
  const duration = words.durationSeconds
  const statusText =
    state.phase === 'ended'
      ? texts.ended(state.endStatus ?? 'ended', duration !== undefined ? formatDuration(duration) : undefined)
      : state.phase === 'idle' && words.inboundCall
        ? texts.onInboundCall(people.label(words.inboundCall.from))
        : state.phase === 'connected' && state.audio === 'failed'
          ? texts.connectedWithoutAudio
          : state.phase === 'connected' && words.muted
            ? `${texts.phase.connected} · ${texts.muted}`
            : texts.phase[state.phase]
  const noDialing = d.trial || (linesQuery.status === 'success' && lines.length === 0)

  // Focus follows the call: the Call button goes away once the call is placed, and Hang up once
  // it ends; focus moves to what replaced it (Hang up, then New call) instead of falling to the page.
  const rootRef = useRef<HTMLElement>(null)
  const hangUpRef = useRef<HTMLButtonElement>(null)
  const newCallRef = useRef<HTMLButtonElement>(null)
  const phase = state.phase
  useEffect(() => {
    const root = rootRef.current
    const active = typeof document === 'undefined' ? null : document.activeElement
    const lost = !active || active === document.body || (root?.contains(active) ?? false)
    if (!lost) return
    if (phase === 'ringing') hangUpRef.current?.focus()
    if (phase === 'ended') newCallRef.current?.focus()
  }, [phase])

  return (
    <section
      ref={rootRef}
      aria-labelledby={`${id}-title`}
      data-state={state.phase}
      data-audio={state.audio}
      data-error={errorCode}
      data-allowance={token ? (allowance ? allowance.state : 'unknown') : undefined}
      data-trial={d.trial ? '' : undefined}
      {...rest}
      className={cx('lk-Dialer', className)}
    >
      <h2 id={`${id}-title`} className="lk-Dialer-title">
        {texts.title}
      </h2>
      <p className="lk-Dialer-status" role="status" aria-live="polite">
        {statusText}
      </p>

      {noDialing ? (
        <p className="lk-Dialer-note" data-kind={d.trial ? 'trial' : 'no-lines'}>
          {d.trial ? texts.trial : texts.noLines}
        </p>
      ) : (
        <DialerForm
          d={d}
          strings={texts}
          id={id}
          locale={locale}
          now={now}
          showKeypad={showKeypad}
          calleeText={calleeText}
          inboundRinging={words.inboundCall !== undefined}
          newCallRef={newCallRef}
        />
      )}

      {error?.source === 'start' ? (
        <StartErrorNotice error={error.error} strings={texts} onRetry={() => void d.place()} />
      ) : null}

      {d.live ? <CallControls d={d} strings={texts} now={now} hangUpRef={hangUpRef} /> : null}
      {error?.source === 'end' ? (
        <p className="lk-Dialer-error" role="alert" data-source="end">
          {texts.end}
        </p>
      ) : null}
    </section>
  )
}

interface PartProps {
  d: UseDialerResult
  strings: DialerStrings
}

/** The line, the allowance and token notices, the number with its keypad, and Call (or New call once ended). */
function DialerForm({
  newCallRef,
  ...props
}: PartProps & {
  id: string
  locale: string | undefined
  now: () => number
  showKeypad: boolean
  calleeText: string
  /** An inbound call is ringing: Call waits for it to be answered or to end. */
  inboundRinging: boolean
  newCallRef: RefObject<HTMLButtonElement | null>
}) {
  const { d, strings: texts, id, locale, now } = props
  const { linesQuery, lines, mintError, token, voice, state } = d
  return (
    <form className="lk-Dialer-form" aria-labelledby={`${id}-title`} {...d.formProps}>
      <div className="lk-Dialer-field">
        <label htmlFor={`${id}-line`}>{texts.line}</label>
        {linesQuery.status === 'pending' ? (
          <span className="lk-Dialer-note">{texts.linesLoading}</span>
        ) : linesQuery.status === 'error' ? (
          <span className="lk-Dialer-note" role="alert">
            {texts.linesError}
          </span>
        ) : null}
        <select id={`${id}-line`} {...d.lineSelectProps}>
          {lines.length === 0 ? <option value="">{texts.linesLoading}</option> : null}
          {lines.map((l) => (
            <option key={l.lineId} value={l.lineId}>
              {lineLabel(l)}
            </option>
          ))}
        </select>
      </div>

      <AllowanceSummary
        allowance={token?.allowance}
        token={token}
        remainingCalls={voice.remainingCalls}
        strings={texts}
        locale={locale}
      />
      {voice.status === 'pending' && d.lineId && !mintError ? (
        <p className="lk-Dialer-note">{texts.preparing}</p>
      ) : null}
      {mintError ? (
        <MintErrorNotice error={mintError} strings={texts} locale={locale} now={now} onRetry={() => voice.refresh()} />
      ) : null}

      <div className="lk-Dialer-field">
        <label htmlFor={`${id}-number`}>{texts.number}</label>
        <input
          id={`${id}-number`}
          className="lk-Dialer-number"
          aria-describedby={`${id}-number-hint`}
          {...d.numberInputProps}
        />
        <span id={`${id}-number-hint`} className="lk-Dialer-hint" data-invalid={d.numberError ? '' : undefined}>
          {d.numberError ?? (d.normalized?.ok ? texts.willCall(props.calleeText) : '')}
        </span>
      </div>

      {props.showKeypad && !d.inCall ? (
        <Keypad
          className="lk-Dialer-keypad"
          onKey={d.press}
          onBackspace={d.backspace}
          strings={{ label: texts.keypad, backspace: texts.backspace }}
        />
      ) : null}

      {state.phase === 'ended' ? (
        <button ref={newCallRef} className="lk-Dialer-new" {...d.newCallButtonProps}>
          {texts.newCall}
        </button>
      ) : d.live ? null : (
        <button
          className="lk-Dialer-call"
          {...d.callButtonProps}
          disabled={d.callButtonProps.disabled || props.inboundRinging}
        >
          {texts.call}
        </button>
      )}
    </form>
  )
}

/** While a call is live: the audio's state, the timer, mute and devices, Rejoin after an audio failure, Hang up. */
function CallControls({
  hangUpRef,
  ...props
}: PartProps & { now: () => number; hangUpRef: RefObject<HTMLButtonElement | null> }) {
  const { d, strings: texts, now } = props
  const { state } = d
  const error = state.error
  const audioText =
    state.audio === 'joined' && state.phase !== 'connected' ? texts.audioReady : texts.audioState[state.audio]
  return (
    <div className="lk-Dialer-call-controls">
      {state.audio === 'device' ? (
        <p className="lk-Dialer-note" data-kind="device-only">
          {texts.deviceOnly}
        </p>
      ) : audioText ? (
        <p className="lk-Dialer-audio-state" data-audio={state.audio}>
          {audioText}
        </p>
      ) : null}
      {state.phase === 'connected' ? <CallTimer since={state.connectedAt} now={now} label={texts.duration} /> : null}
      {state.audio === 'joined' || state.audio === 'joining' ? (
        <AudioControls engine={d.engine} strings={audioStringsOf(texts)} />
      ) : null}
      {error?.source === 'audio' ? (
        <div className="lk-Dialer-error" role="alert" data-source="audio" data-code={audioCode(error.error)}>
          <p>{texts.audio[audioCode(error.error)]}</p>
          {state.rtc && audioCode(error.error) !== 'token_expired' ? (
            <button {...d.rejoinButtonProps}>{texts.rejoin}</button>
          ) : null}
        </div>
      ) : null}
      <button ref={hangUpRef} className="lk-Dialer-hangup" {...d.hangUpButtonProps}>
        {texts.hangUp}
      </button>
    </div>
  )
}
