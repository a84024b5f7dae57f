'use client'
import {
  useEffect,
  useMemo,
  useRef,
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  type HTMLAttributes,
  type Ref,
  type RefObject,
} from 'react'
import type { AudioEngine } from '../../../rtc'
import type { InboundCall, InboundCallRecord } from '../../../events/inboundCallStore'
import { useLinekit } from '../../../provider/useLinekit'
import { useInboundCalls } from '../../../hooks/useInboundCalls'
import { usePeople } from '../../../hooks/internal/usePeople'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { useCallLeaveGuard } from '../../shared/useCallLeaveGuard'
import { useRingTone } from '../../shared/useRingTone'
import { answerShortcut, useAnswerShortcut } from './useAnswerShortcut'
import { inboundCallBannerStrings, type InboundCallBannerStrings } from './inboundCallBannerStrings'
import { useInboundCallActions, type FocusTarget, type LocalCall, type LocalPhase } from './useInboundCallActions'

/** Where one shown call stands in this browser: `ringing` until this browser acts on it. */
export type InboundCallPhase = 'ringing' | LocalPhase

/** Options of {@link useInboundCallBanner}. */
export interface UseInboundCallBannerOptions {
  /** Audio engine for answered calls; beats the provider's. @default useLinekit().audioEngine */
  audioEngine?: AudioEngine | undefined
  /** Text overrides (i18n) of the sentences the hook writes (errors, notices). @default inboundCallBannerStrings */
  strings?: StringOverrides<InboundCallBannerStrings> | undefined
  /** Clock for the call timer. @default Date.now */
  now?: (() => number) | undefined
  /** How long a passing notice stays, in ms: "already answered elsewhere" after a refused answer, a declined call's. @default 6000 */
  noticeMs?: number | undefined
  /** Ring while a call rings (a WebAudio tone, after the page's first user gesture). @default true */
  ringSound?: boolean | undefined
  /** Calls shown at once; the rest are counted as waiting. @default 3 */
  maxVisible?: number | undefined
  /** Called by "Call back" on a missed, declined or answered-elsewhere call. @default a `<Dialer>` places it */
  onCallBack?: ((call: InboundCallRecord) => void) | undefined
  /** Called after an answer was accepted (`joinable` false when `rtc` was null). @default undefined */
  onAnswer?: ((call: InboundCall, info: { joinable: boolean }) => void) | undefined
  /** Called after a decline was accepted. @default undefined */
  onDecline?: ((call: InboundCall) => void) | undefined
}

/** Answered by this browser: connected, joining or failed audio, or answered on the line's phone. */
const isInCall = (call: LocalCall | undefined): boolean =>
  call?.phase === 'failed'
    ? call.failedAction === 'audio'
    : call?.phase === 'connected' || call?.phase === 'joining' || call?.phase === 'device'

/** Takes space on screen (`display: none`, a collapsed slot or a detached element do not). */
const shown = (el: Element | null | undefined): el is HTMLElement => {
  if (!el?.isConnected) return false
  const box = el.getBoundingClientRect()
  return box.width > 0 && box.height > 0
}
const focusable =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex="0"]'

/**
 * Where focus goes when the banner has nothing left to hold it: back where the user was before
 * they came to the banner (the message box they typed in), else the next control of the page
 * after the banner, as Tab would, else the one before it. Not the emptied banner itself while the
 * page has another control: an empty banner takes no room, so focus there is invisible.
 */
function outsideTarget(root: HTMLElement, before: Element | null): HTMLElement | null {
  if (before instanceof HTMLElement && !root.contains(before) && shown(before)) return before
  const all = [...document.querySelectorAll<HTMLElement>(focusable)].filter((el) => !root.contains(el) && shown(el))
  const after = all.find((el) => root.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)
  return after ?? all.at(-1) ?? null
}

/**
 * Keyboard users keep their place: after Answer focus goes to the call's Hang up; after Hang up
 * or Decline, once the call has left (the answer or its `ended` event, whichever comes first),
 * and after a notice was dismissed, to the next call, the next notice, or back where the user
 * was before the banner (see `outsideTarget`).
 */
function useBannerFocus(rootRef: RefObject<HTMLElement | null>, focusNextRef: { current: FocusTarget }) {
  // The last control focused outside the banner: where Hang up returns the user.
  const before = useRef<Element | null>(null)
  useEffect(() => {
    const onFocusIn = (e: FocusEvent) => {
      if (e.target instanceof Element && !rootRef.current?.contains(e.target)) before.current = e.target
    }
    document.addEventListener('focusin', onFocusIn)
    return () => document.removeEventListener('focusin', onFocusIn)
  }, [rootRef])
  useEffect(() => {
    const want = focusNextRef.current
    const root = rootRef.current
    if (!want || !root) return
    if ('hangUp' in want) {
      const hangUp = root.querySelector<HTMLElement>(`[data-call="${want.hangUp}"] .lk-InboundCallBanner-hangup`)
      if (!hangUp) return
      focusNextRef.current = undefined
      hangUp.focus()
      return
    }
    const going = 'left' in want ? `[data-call="${want.left}"]` : `[data-notice="${want.notice}"]`
    if (root.querySelector(going)) return
    focusNextRef.current = undefined
    const active = document.activeElement
    if (active && active !== document.body && !root.contains(active)) return
    const target =
      root.querySelector<HTMLElement>('.lk-InboundCallBanner-answer') ??
      root.querySelector<HTMLElement>('[data-notice] :is(button, a)') ??
      outsideTarget(root, before.current) ??
      // A page with no other control: the region itself, still better than the page.
      root
    target.focus()
  })
}

/**
 * A call declined here or on another device needs nothing more from the agent, so its notice
 * leaves by itself after `noticeMs` (it stays in the call history); a missed call's stays until
 * dismissed. Never while the pointer is over it or focus is in it: the agent may be reaching for
 * "Call back", and focus must not fall to the page with it.
 */
function useDeclinedNoticesLeave(
  rootRef: RefObject<HTMLElement | null>,
  notices: InboundCallRecord[],
  noticeMs: number,
  acknowledge: (callUuid: string) => void,
) {
  const declined = notices
    .filter((n) => n.outcome === 'declined')
    .map((n) => n.callUuid)
    .join(' ')
  useEffect(() => {
    if (!declined) return
    const timers = new Map<string, ReturnType<typeof setTimeout>>()
    const leave = (uuid: string) => {
      const el = rootRef.current?.querySelector(`[data-notice="${uuid}"]`)
      const inUse = el && (el.contains(document.activeElement) || el.matches(':hover'))
      if (inUse)
        timers.set(
          uuid,
          setTimeout(() => leave(uuid), noticeMs),
        )
      else acknowledge(uuid)
    }
    for (const uuid of declined.split(' '))
      timers.set(
        uuid,
        setTimeout(() => leave(uuid), noticeMs),
      )
    return () => timers.forEach((timer) => clearTimeout(timer))
  }, [rootRef, declined, noticeMs, acknowledge])
}

/**
 * The InboundCallBanner's behaviour without its markup: the calls to show (ringing, and the ones
 * this browser answers or declines) with what this browser is doing with each, answering (then
 * joining the audio, with a Rejoin), declining and hanging up — never ending a call on a guess: a
 * refused answer or decline leaves the call ringing, a 409/404 means it is gone — the ring tone,
 * the leave guard, the Alt+Shift+A shortcut, the announcement of a new call, and the notices of
 * missed, declined and answered-elsewhere calls with "Call back". Returns the state and prop bags
 * to spread on your own elements; focus moves by the bags' `data-call` and class names, so spread
 * them whole, with `rootProps` on the element holding the calls and notices, and put
 * `data-notice={record.callUuid}` on each notice.
 *
 * @example
 * const b = useInboundCallBanner()
 * return (
 *   <aside {...b.rootProps} aria-label="Calls">
 *     {b.calls.map((c) => (
 *       <div key={c.call.callUuid} {...c.itemProps}>
 *         {b.label(c.call.from)}
 *         {c.inCall ? (
 *           <button {...c.hangUpButtonProps}>Hang up</button>
 *         ) : (
 *           <button {...c.answerButtonProps}>Answer</button>
 *         )}
 *       </div>
 *     ))}
 *   </aside>
 * )
 */
export function useInboundCallBanner(options: UseInboundCallBannerOptions = {}) {
  const {
    audioEngine: engineProp,
    strings: stringsProp,
    now = Date.now,
    noticeMs = 6000,
    ringSound = true,
    maxVisible = 3,
    onCallBack,
    onAnswer,
    onDecline,
  } = options
  const texts = useMemo(() => mergeStrings(inboundCallBannerStrings, stringsProp), [stringsProp])
  const people = usePeople()
  const ctx = useLinekit()
  const engine = engineProp ?? ctx.audioEngine
  const { calls, dismiss, notices, acknowledge } = useInboundCalls()

  const rootRef = useRef<HTMLElement>(null)
  const focusNext = useRef<FocusTarget>(undefined)
  useBannerFocus(rootRef, focusNext)
  const { local, notice, joinAudio, answer, decline, hangUp } = useInboundCallActions({
    engine,
    texts,
    now,
    noticeMs,
    label: people.label,
    dismiss,
    onAnswer,
    onDecline,
    focusNextRef: focusNext,
  })

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
    ? `${texts.announce(people.label(newest.from), newest.linePhoneNumber || newest.lineId)}. ${texts.shortcutHint(answerShortcut)}`
    : ''
  useAnswerShortcut(rootRef, visible.find((c) => c.state === 'ringing' && !local[c.callUuid])?.callUuid)

  // When a call this browser joined ends (the far end hung up), leave its audio.
  const endedMine = calls.some(
    (c) => c.state === 'ended' && (local[c.callUuid]?.phase === 'connected' || local[c.callUuid]?.phase === 'joining'),
  )
  useEffect(() => {
    if (endedMine) void engine?.leave()
  }, [endedMine, engine])

  // A notice that goes takes its focus with it: focus follows (see useBannerFocus).
  const dismissNotice = (callUuid: string) => {
    if (rootRef.current?.contains(document.activeElement)) focusNext.current = { notice: callUuid }
    acknowledge(callUuid)
  }
  const callBack = (record: InboundCallRecord) => {
    dismissNotice(record.callUuid)
    if (onCallBack) onCallBack(record)
    else ctx.inboundCalls.requestCallBack({ number: record.from, lineId: record.lineId })
  }
  const dialerListens = ctx.inboundCalls.hasCallBackListener()
  const shownNotices = notices.filter((n) => n.outcome !== 'ringing' && n.outcome !== 'answered')
  useDeclinedNoticesLeave(rootRef, shownNotices, noticeMs, acknowledge)

  /** One shown call: where it stands here, and the prop bags of its controls. */
  const viewOf = (call: InboundCall) => {
    const mineCall = local[call.callUuid]
    const phase: InboundCallPhase = mineCall?.phase ?? 'ringing'
    const busy = phase === 'answering' || phase === 'declining'
    // Nothing this browser can do helps (e.g. audio calls not enabled): no Answer, no Decline.
    const blocked = mineCall?.blocked === true
    const rtc = phase === 'failed' && mineCall?.failedAction === 'audio' ? mineCall.rtc : undefined
    const answerButtonProps: ButtonHTMLAttributes<HTMLButtonElement> = {
      type: 'button',
      className: 'lk-InboundCallBanner-answer',
      'aria-keyshortcuts': answerShortcut,
      disabled: busy || blocked,
      onClick: () => void answer(call),
    }
    const declineButtonProps: ButtonHTMLAttributes<HTMLButtonElement> = {
      type: 'button',
      className: 'lk-InboundCallBanner-decline',
      disabled: busy || blocked,
      onClick: () => void decline(call),
    }
    const rejoinButtonProps: ButtonHTMLAttributes<HTMLButtonElement> = {
      type: 'button',
      onClick: () => mineCall?.rtc && void joinAudio(call, mineCall.rtc, mineCall.answeredAt ?? now()),
    }
    const hangUpButtonProps: ButtonHTMLAttributes<HTMLButtonElement> = {
      type: 'button',
      className: 'lk-InboundCallBanner-hangup',
      onClick: () => void hangUp(call),
    }
    return {
      call,
      phase,
      busy,
      blocked,
      /** Answered by this browser (joining, connected, failed audio, or on the line's phone). */
      inCall: isInCall(mineCall),
      /** The sentence of the last failure, if any. */
      error: mineCall?.error,
      /** When the answer was accepted (the call timer counts from here). */
      answeredAt: mineCall?.answeredAt,
      /** The answer failed and trying again can help: Answer reads as "Try again". */
      retryAnswer: phase === 'failed' && mineCall?.failedAction === 'answer' && !mineCall.blocked,
      /** The audio failed after an answer: Rejoin is offered. */
      canRejoin: !!rtc,
      /** On the call's element: focus and the shortcut find its buttons by it. */
      itemProps: { 'data-call': call.callUuid },
      answerButtonProps,
      declineButtonProps,
      rejoinButtonProps,
      hangUpButtonProps,
    }
  }

  // Typed as a `Ref`, not the `RefObject` it is: under React 18's types `RefObject<HTMLElement | null>`
  // does not spread onto an element.
  const rootProps: HTMLAttributes<HTMLElement> & { ref: Ref<HTMLElement> } = { ref: rootRef, tabIndex: -1 }
  return {
    /** The merged texts. */
    strings: texts,
    engine,
    /** The calls on screen, oldest first (at most `maxVisible`). */
    calls: visible.map(viewOf),
    /** How many calls ring that this browser has not acted on. */
    ringingCount: ringing.length,
    /** Calls not on screen. */
    waiting,
    /** The call answered in this browser, if any. */
    inCall: mine,
    /** The sentence announcing the newest ringing call (for an always-mounted `aria-live` element). */
    announcement,
    /** A passing notice (a call gone before the answer), for a `role="status"` element. */
    status: notice,
    /** Missed, declined and answered-elsewhere calls whose notice was not dismissed, newest first. */
    notices: shownNotices,
    /** Whether "Call back" is handled here (`onCallBack` or a `<Dialer>` on the page); else use a `tel:` link. */
    canCallBack: !!onCallBack || dialerListens,
    /** The contact's name of a number, else the number formatted for reading. */
    label: people.label,
    answer,
    decline,
    hangUp,
    callBack,
    acknowledge,
    rootProps,
    callBackButtonProps: (record: InboundCallRecord): ButtonHTMLAttributes<HTMLButtonElement> => ({
      type: 'button',
      onClick: () => callBack(record),
    }),
    callBackLinkProps: (record: InboundCallRecord): AnchorHTMLAttributes<HTMLAnchorElement> => ({
      href: `tel:${record.from}`,
      onClick: () => dismissNotice(record.callUuid),
    }),
    dismissButtonProps: (record: InboundCallRecord): ButtonHTMLAttributes<HTMLButtonElement> => ({
      type: 'button',
      onClick: () => dismissNotice(record.callUuid),
    }),
  }
}

/** What {@link useInboundCallBanner} returns. */
export type UseInboundCallBannerResult = ReturnType<typeof useInboundCallBanner>
/** One shown call of {@link useInboundCallBanner}, with its prop bags. */
export type InboundCallView = UseInboundCallBannerResult['calls'][number]
