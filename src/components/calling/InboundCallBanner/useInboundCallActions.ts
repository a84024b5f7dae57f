'use client'
import { useCallback, useEffect, useState, type RefObject } from 'react'
import { LinekitError } from '../../../api/errors'
import type { AudioEngine } from '../../../rtc'
import type { InboundCall } from '../../../events/inboundCallStore'
import { useAnswerCall } from '../../../hooks/useAnswerCall'
import { useDeclineCall } from '../../../hooks/useDeclineCall'
import { useEndCall } from '../../../hooks/useEndCall'
import { callErrorKind, isCallErrorRetryable } from '../../shared/callError'
import type { InboundCallBannerStrings } from './inboundCallBannerStrings'

/** What this browser is doing with one call. */
export type LocalPhase = 'answering' | 'declining' | 'joining' | 'connected' | 'device' | 'failed'
export interface LocalCall {
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

/** Where focus goes once the banner has re-rendered: a call's Hang up, or on from a call that left. */
export type FocusTarget = { hangUp: string } | { left: string } | { notice: string } | undefined

function audioMessage(texts: InboundCallBannerStrings, error: unknown): string {
  const code = (error as { code?: string } | undefined)?.code
  return code && code in texts.audio ? texts.audio[code as keyof typeof texts.audio] : texts.audio.unknown
}

/**
 * What this browser does with each inbound call: answer it (then join the
 * audio, with a Rejoin), decline and hang up, and what each call's attempt left (`local`: its
 * phase, its failure in a sentence, whether trying again can help). A refused answer or decline
 * leaves the call ringing; a 409/404 means it is gone (`notice` says so for `noticeMs`). Sets
 * `focusNextRef` for the banner's focus to follow.
 */
export function useInboundCallActions({
  engine,
  texts,
  now,
  noticeMs,
  label,
  dismiss,
  onAnswer,
  onDecline,
  focusNextRef,
}: {
  engine: AudioEngine | undefined
  texts: InboundCallBannerStrings
  now: () => number
  noticeMs: number
  /** How a caller is named. */
  label: (phone: string) => string
  /** Removes a call from the queue. */
  dismiss: (callUuid: string) => void
  onAnswer: ((call: InboundCall, info: { joinable: boolean }) => void) | undefined
  onDecline: ((call: InboundCall) => void) | undefined
  focusNextRef: RefObject<FocusTarget>
}) {
  const answer = useAnswerCall()
  const decline = useDeclineCall()
  const end = useEndCall()
  const [local, setLocal] = useState<Record<string, LocalCall>>({})
  const [notice, setNotice] = useState<string | undefined>(undefined)

  const patch = useCallback((uuid: string, next: LocalCall | undefined) => {
    setLocal((m) => {
      const copy = { ...m }
      if (next) copy[uuid] = next
      else delete copy[uuid]
      return copy
    })
  }, [])

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
        not_enabled: texts.notEnabled,
        rate_limited: retryAfterSeconds ? texts.rateLimited(retryAfterSeconds) : texts.rateLimitedSoon,
        service_unreachable: texts.serviceUnreachable,
        device_error: texts.deviceError,
        device_unreachable: texts.deviceUnreachable,
      }[kind as string] ?? texts.failed
    return { error: text, blocked: !isCallErrorRetryable(kind) }
  }
  const gone = (call: InboundCall) => {
    // spec: 409 — not an inbound call that is currently ringing: someone else answered, or it ended.
    setNotice(texts.gone(label(call.from)))
    patch(call.callUuid, undefined)
    dismiss(call.callUuid)
  }

  const joinAudio = async (call: InboundCall, rtc: NonNullable<LocalCall['rtc']>, answeredAt: number) => {
    if (!engine) {
      patch(call.callUuid, { phase: 'failed', rtc, answeredAt, error: texts.audio.unknown, failedAction: 'audio' })
      return
    }
    patch(call.callUuid, { phase: 'joining', rtc, answeredAt })
    try {
      await engine.join(rtc)
      patch(call.callUuid, { phase: 'connected', rtc, answeredAt })
    } catch (error) {
      patch(call.callUuid, {
        phase: 'failed',
        rtc,
        answeredAt,
        error: audioMessage(texts, error),
        failedAction: 'audio',
      })
    }
  }
  const onAnswerClick = async (call: InboundCall) => {
    patch(call.callUuid, { phase: 'answering' })
    try {
      const result = await answer.mutateAsync({ call_uuid: call.callUuid })
      if (!result.success) {
        patch(call.callUuid, { phase: 'failed', error: texts.notAccepted, failedAction: 'answer' })
        return
      }
      // spec: answer — the call is answered once the service says so; the timer counts from here.
      const answeredAt = now()
      focusNextRef.current = { hangUp: call.callUuid }
      onAnswer?.(call, { joinable: result.rtc !== null })
      if (result.rtc) await joinAudio(call, result.rtc, answeredAt)
      else patch(call.callUuid, { phase: 'device', rtc: null, answeredAt })
    } catch (error) {
      if (LinekitError.is(error) && (error.status === 409 || error.status === 404)) gone(call)
      else patch(call.callUuid, { phase: 'failed', ...explain(error), failedAction: 'answer' })
    }
  }
  const onDeclineClick = async (call: InboundCall) => {
    focusNextRef.current = { left: call.callUuid }
    patch(call.callUuid, { phase: 'declining' })
    try {
      const result = await decline.mutateAsync({ call_uuid: call.callUuid })
      // spec: decline — `{ success }`: a refusal leaves the call ringing.
      if (!result.success) {
        focusNextRef.current = undefined
        patch(call.callUuid, { phase: 'failed', error: texts.declineNotAccepted, failedAction: 'decline' })
        return
      }
      onDecline?.(call)
      patch(call.callUuid, undefined)
      dismiss(call.callUuid)
    } catch (error) {
      if (LinekitError.is(error) && (error.status === 409 || error.status === 404)) gone(call)
      else {
        focusNextRef.current = undefined
        patch(call.callUuid, { phase: 'failed', ...explain(error), failedAction: 'decline' })
      }
    }
  }
  const onHangUp = async (call: InboundCall) => {
    void engine?.leave()
    focusNextRef.current = { left: call.callUuid }
    patch(call.callUuid, undefined)
    dismiss(call.callUuid)
    try {
      await end.mutateAsync({ call_uuid: call.callUuid })
    } catch {
      // Already ended (409/404) or unreachable: the call is gone from this browser either way.
    }
  }
  return { local, notice, joinAudio, answer: onAnswerClick, decline: onDeclineClick, hangUp: onHangUp }
}
