'use client'
import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ChangeEvent,
  type Dispatch,
  type FormEvent,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type Ref,
  type SelectHTMLAttributes,
} from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Line, RtcCredentials, VoiceTokenResponse } from '../../../api/schemas'
import { LinekitError } from '../../../api/errors'
import type { CountryCode } from '../../../api/phone'
import type { AudioEngine } from '../../../rtc'
import { AudioEngineError } from '../../../rtc/AudioEngine'
import { useLinekit } from '../../../provider/useLinekit'
import { useLines } from '../../../hooks/useLines'
import { useVoiceToken } from '../../../hooks/useVoiceToken'
import { useStartCall } from '../../../hooks/useStartCall'
import { useEndCall } from '../../../hooks/useEndCall'
import { useCallStatus } from '../../../hooks/useCallStatus'
import { linekitKeys } from '../../../provider/keys'
import { loadPhoneModule, usePhoneNormalizer } from '../../shared/usePhoneNormalizer'
import {
  connectedSeconds,
  dialerReducer,
  initialDialerState,
  isLive,
  type DialerEvent,
  type DialerState,
} from './dialerMachine'
import { useControllableState } from '../../shared/useControllableState'
import { useCallLeaveGuard } from '../../shared/useCallLeaveGuard'
import type { CallBackRequest } from '../../../events/inboundCallStore'

/** Lines that can dial out. Uses the assumed descriptor fields only to exclude (ASSUMPTIONS.md: Line). */
function canDial(line: Line): boolean {
  return line.audioCallEnabled !== false && line.inboundOnly !== true && line.shared !== true
}

/**
 * The call's audio in the browser: `join` connects it (with the call's RTC credentials), a drop
 * after joining fails it (the call itself goes on), and it is left when the call ends; on unmount
 * only if this dialer's call is live (the engine is shared with <InboundCallBanner>).
 */
function useCallAudio(
  engine: AudioEngine | undefined,
  phase: DialerState['phase'],
  live: boolean,
  dispatch: Dispatch<DialerEvent>,
) {
  const join = useCallback(
    async (rtc: RtcCredentials) => {
      if (!engine) {
        dispatch({
          type: 'AUDIO_FAILED',
          error: new AudioEngineError('unknown', 'No audio engine: pass audioEngine to <LinekitProvider> or <Dialer>.'),
        })
        return
      }
      dispatch({ type: 'AUDIO_JOINING' })
      try {
        await engine.join(rtc)
        dispatch({ type: 'AUDIO_CONNECTED' })
      } catch (error) {
        dispatch({ type: 'AUDIO_FAILED', error })
      }
    },
    [engine, dispatch],
  )
  useEffect(() => {
    if (!engine) return
    return engine.on('error', (error) => dispatch({ type: 'AUDIO_FAILED', error }))
  }, [engine, dispatch])
  useEffect(() => {
    if (phase === 'ended' && engine && engine.state !== 'idle' && engine.state !== 'disconnected') void engine.leave()
  }, [phase, engine])
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
  return join
}

/** Options of {@link useDialer}. */
export interface UseDialerOptions {
  /** Selected line (controlled). @default undefined */
  lineId?: string | undefined
  /** Initially selected line (uncontrolled). @default the first line that can dial */
  defaultLineId?: string | undefined
  /** Called when the line changes. @default undefined */
  onLineChange?: ((lineId: string) => void) | undefined
  /** The number in the input (controlled). @default undefined */
  number?: string | undefined
  /** Initial number (uncontrolled). @default '' */
  defaultNumber?: string | undefined
  /** Called when the number changes. @default undefined */
  onNumberChange?: ((number: string) => void) | undefined
  /** Region for numbers typed without a country code. @default 'US' */
  defaultCountry?: CountryCode | undefined
  /** Audio engine; beats the provider's. @default useLinekit().audioEngine */
  audioEngine?: AudioEngine | undefined
  /** Call-status poll interval while a call is live, in ms. @default 2000 */
  pollIntervalMs?: number | undefined
  /** Called once a call was placed. @default undefined */
  onCallStart?: ((call: { callUuid: string; to: string; lineId: string; joinable: boolean }) => void) | undefined
  /** Called once when a call ends (hung up here or a terminal status was seen). @default undefined */
  onCallEnd?: ((call: { callUuid: string; status: string; durationSeconds: number | undefined }) => void) | undefined
  /** Ask before the page is left mid-call, and end the call if it is left anyway. @default true */
  guardLeave?: boolean | undefined
  /** Clock (stories and tests inject one). @default Date.now */
  now?: (() => number) | undefined
}

/**
 * The Dialer's behaviour without its markup: line and number state, the voice token, placing,
 * following (polling the call status until the service reports the call answered or ended),
 * joining the audio with a Rejoin, hanging up, the leave guard, and refreshing the call log when
 * a call ends. Returns the state and prop bags to spread on your own elements.
 *
 * @example
 * const d = useDialer({ defaultCountry: 'GB' })
 * return (
 *   <form {...d.formProps}>
 *     <input {...d.numberInputProps} aria-label="Number" />
 *     {d.live ? <button {...d.hangUpButtonProps}>Hang up</button> : <button {...d.callButtonProps}>Call</button>}
 *   </form>
 * )
 */
export function useDialer(options: UseDialerOptions = {}) {
  const {
    defaultCountry = 'US',
    audioEngine: engineProp,
    pollIntervalMs = 2000,
    onCallStart,
    onCallEnd,
    guardLeave = true,
    now = Date.now,
  } = options
  const ctx = useLinekit()
  const queryClient = useQueryClient()
  const engine = engineProp ?? ctx.audioEngine
  const linesQuery = useLines()
  const dialable = useMemo(() => linesQuery.lines.filter(canDial), [linesQuery.lines])
  const [lineChoice, setLineId] = useControllableState<string | undefined>({
    prop: options.lineId,
    defaultProp: options.defaultLineId,
    onChange: (id) => id !== undefined && options.onLineChange?.(id),
    caller: 'useDialer (lineId)',
  })
  const lineId = lineChoice ?? dialable[0]?.lineId
  const [number, setNumber] = useControllableState<string>({
    prop: options.number,
    defaultProp: options.defaultNumber ?? '',
    onChange: options.onNumberChange,
    caller: 'useDialer (number)',
  })
  // spec: trial accounts — the lines listing may be a trial descriptor, and the mint refuses trial lines.
  const trial = linesQuery.trial
  const voice = useVoiceToken(trial ? undefined : lineId)
  const startCall = useStartCall()
  const endCall = useEndCall()
  const [state, dispatch] = useReducer(dialerReducer, initialDialerState)
  const inputRef = useRef<HTMLInputElement>(null)
  const live = isLive(state)

  // Follow the call: poll while live (spec: start — "the call status endpoint is polled for the
  // outcome"); after the end the query stays on this call for one last read of its times.
  const status = useCallStatus(state.callUuid, live ? { poll: pollIntervalMs } : {})
  const statusData = status.data
  useEffect(() => {
    // The query is keyed by the call, so its data is this call's: the answer need not echo
    // `call_uuid` (spec: call status — only `call_status` is shown).
    if (!statusData || state.callUuid === undefined) return
    dispatch({
      type: 'STATUS',
      callStatus: statusData.call_status,
      at: now(),
      answeredAt: statusData.answeredAt,
      endedAt: statusData.endedAt,
    })
    // `now` is read at dispatch time only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [statusData, state.callUuid])

  const join = useCallAudio(engine, state.phase, live, dispatch)

  useCallLeaveGuard(guardLeave && live ? state.callUuid : undefined)

  // When a call ends: report it once and refresh the call log (this call is in it now).
  const reported = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (state.phase !== 'ended' || !state.callUuid || reported.current === state.callUuid) return
    reported.current = state.callUuid
    void queryClient.invalidateQueries({ queryKey: linekitKeys.callLogs.all })
    onCallEnd?.({
      callUuid: state.callUuid,
      status: state.endStatus ?? 'ended',
      durationSeconds: connectedSeconds(state),
    })
  }, [state, onCallEnd, queryClient])

  // libphonenumber (~29 KB gzip) loads on mount, not with the page: the preview waits for it.
  const normalize = usePhoneNormalizer(defaultCountry)
  const normalized = useMemo(() => (number.trim() && normalize ? normalize(number) : undefined), [number, normalize])
  const token: VoiceTokenResponse | undefined = voice.token
  // A 429 being waited out shows its countdown now, not after the automatic retry gives up.
  const mintError = voice.error ?? voice.retrying
  const canCall = !trial && !!lineId && !!token && !mintError && !live && state.phase !== 'placing'
  const inCall = live || state.phase === 'placing'

  const place = async (to: string = number) => {
    if (!lineId || !canCall) return
    // Loaded on mount, so this is synchronous by the time anyone presses Call (PLACE renders at once).
    const result = normalize ? normalize(to) : (await loadPhoneModule()).tryNormalizePhone(to, defaultCountry)
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
    // One last read: the service's answer and end times make the summary match the call log.
    void status.refetch()
  }
  // "Call back" on an inbound call's notice (<InboundCallBanner>): fill in the number and line, and
  // place the call once a voice token for that line is ready.
  const [callBack, setCallBack] = useState<CallBackRequest | undefined>(undefined)
  const placedCallBack = useRef<CallBackRequest | undefined>(undefined)
  useEffect(
    () =>
      ctx.inboundCalls.onCallBack((request) => {
        setNumber(request.number)
        if (dialable.some((l) => l.lineId === request.lineId)) setLineId(request.lineId)
        setCallBack(request)
      }),
    [ctx.inboundCalls, dialable, setNumber, setLineId],
  )
  const callBackLine = callBack && dialable.some((l) => l.lineId === callBack.lineId) ? callBack.lineId : lineId
  useEffect(() => {
    if (!callBack || placedCallBack.current === callBack || !canCall || lineId !== callBackLine) return
    placedCallBack.current = callBack
    void place(callBack.number)
    // `place` is recreated each render; the guard above makes this run once per request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [callBack, canCall, lineId, callBackLine])

  const rejoin = () => {
    if (state.rtc) void join(state.rtc)
  }
  const reset = () => dispatch({ type: 'RESET' })
  const dismissError = () => dispatch({ type: 'DISMISS_ERROR' })
  const clearNumberError = () => {
    if (state.error?.source === 'number') dispatch({ type: 'DISMISS_ERROR' })
  }
  const press = (key: string) => {
    setNumber(number + key)
    clearNumberError()
  }
  const backspace = () => setNumber(number.slice(0, -1))

  const numberError = state.error?.source === 'number' ? (state.error.error as { message?: string }).message : undefined

  const formProps: FormHTMLAttributes<HTMLFormElement> = {
    onSubmit: (e: FormEvent) => {
      e.preventDefault()
      if (!live) void place()
    },
  }
  // `Ref`, not the `RefObject` it is: `RefObject<T | null>` does not spread onto an element under React 18's types.
  const numberInputProps: InputHTMLAttributes<HTMLInputElement> & { ref: Ref<HTMLInputElement> } = {
    ref: inputRef,
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    value: number,
    readOnly: inCall,
    'aria-invalid': numberError ? true : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setNumber(e.target.value)
      clearNumberError()
    },
  }
  const lineSelectProps: SelectHTMLAttributes<HTMLSelectElement> = {
    value: lineId ?? '',
    disabled: inCall || dialable.length === 0,
    onChange: (e: ChangeEvent<HTMLSelectElement>) => setLineId(e.target.value),
  }
  const callButtonProps: ButtonHTMLAttributes<HTMLButtonElement> = {
    type: 'submit',
    disabled: !canCall,
    'aria-busy': state.phase === 'placing' || undefined,
  }
  const hangUpButtonProps: ButtonHTMLAttributes<HTMLButtonElement> = {
    type: 'button',
    onClick: () => void hangUp(),
  }
  const rejoinButtonProps: ButtonHTMLAttributes<HTMLButtonElement> = {
    type: 'button',
    onClick: rejoin,
  }
  const newCallButtonProps: ButtonHTMLAttributes<HTMLButtonElement> = {
    type: 'button',
    onClick: reset,
  }

  return {
    state: state as DialerState,
    live,
    inCall,
    engine,
    lines: dialable,
    linesQuery,
    trial,
    lineId,
    setLineId,
    number,
    setNumber,
    normalized,
    numberError,
    voice,
    token,
    mintError,
    canCall,
    /** Connected seconds of the ended call (service times when known). */
    durationSeconds: connectedSeconds(state),
    place,
    hangUp,
    rejoin,
    reset,
    dismissError,
    press,
    backspace,
    formProps,
    numberInputProps,
    lineSelectProps,
    callButtonProps,
    hangUpButtonProps,
    rejoinButtonProps,
    newCallButtonProps,
  }
}

/** What {@link useDialer} returns. */
export type UseDialerResult = ReturnType<typeof useDialer>
