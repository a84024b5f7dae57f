'use client'
import { useRef, useState, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react'
import type { MessageRecord, ReactionResponse } from '../../../api/schemas'
import { reactions, type Reaction } from '../../../api/values'
import { useRestoredSends } from '../../../hooks/internal/useRestoredSends'
import { useMessage } from '../../../hooks/useMessage'
import { useReactions } from '../../../hooks/useReactions'
import { useSendReaction } from '../../../hooks/useSendReaction'
import { cx } from '../../shared/cx'
import { describeLinekitError, type LinekitErrorStrings } from '../../shared/errorMessages'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { reactionGlyphs } from '../../shared/reactionGlyphs'
import { useControllableState } from '../../shared/useControllableState'

/** Default, overridable strings (i18n). */
export const reactionBarStrings = {
  label: 'React to this message',
  love: 'Love',
  like: 'Like',
  dislike: 'Dislike',
  laugh: 'Ha ha',
  emphasize: 'Emphasize',
  question: 'Question',
  loading: 'Loading the message…',
  outbound: 'Reactions can only be sent to messages you received.',
  notNativeChat: (service: string) => `Reactions only work on native-chat messages; this one came by ${service}.`,
  sent: 'Reaction sent.',
  removed: 'Reaction removed.',
  failed: (reason: string) => `The reaction was not sent: ${reason}`,
  // The bubble's words for a waiting send (MessageBubble reads this file's strings, so not imported from it).
  /**
   * A reaction that got no answer from the service (made offline, on this page or before a reload):
   * kept in this browser, it goes by itself once the connection is back.
   */
  offline: 'Waiting for the connection…',
  /** Drops that reaction: it is not sent, and the bar is ready again. */
  cancel: 'Cancel',
}
export type ReactionBarStrings = typeof reactionBarStrings

/**
 * Props of {@link ReactionBar}.
 *
 * State attributes on the root: `data-state="ready" | "sending" | "error" | "unavailable" | "loading"`;
 * `data-wait="offline"` on the status line while a reaction waits for the connection.
 * Each button has `data-reaction` and `aria-pressed` (also `data-active` when pressed).
 */
export interface ReactionBarProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'defaultValue'> {
  /** The `pbm_` handle of the message to react to. */
  messageHandle: string
  /** The message itself when already loaded (skips a fetch); decides whether reactions are offered. */
  message?: MessageRecord
  /** Part of a multi-part message to react to (spec: `partIndex`). @default 0 */
  partIndex?: number
  /** Active reactions (controlled). The service does not list reactions, so the caller keeps them. */
  value?: readonly Reaction[]
  /** Initially active reactions (uncontrolled). @default [] */
  defaultValue?: readonly Reaction[]
  /** Called after the service accepted an add or a removal. */
  onValueChange?: (value: Reaction[]) => void
  /** String overrides. @default reactionBarStrings */
  strings?: StringOverrides<ReactionBarStrings>
  /** Overrides of error sentences. */
  errorStrings?: StringOverrides<LinekitErrorStrings>
}

/**
 * The six tapbacks as a toolbar: each button toggles a reaction (`remove: true` retracts it).
 * Offered only on inbound native-chat messages; on SMS/RCS or outbound messages it explains why
 * instead (spec: POST /send-reaction). Keyboard: one tab stop; ←/→ (or ↑/↓) move, Home/End jump,
 * Space/Enter toggle. Themed by `--lk-color-accent`, `--lk-color-surface-raised`.
 *
 * @example
 * <ReactionBar messageHandle="pbm_abc" message={message} />
 */
export function ReactionBar({
  messageHandle,
  message: given,
  partIndex = 0,
  value,
  defaultValue = [],
  onValueChange,
  strings,
  errorStrings,
  className,
  ...props
}: ReactionBarProps) {
  const texts = mergeStrings(reactionBarStrings, strings)
  const fetched = useMessage(given ? undefined : messageHandle)
  const message = given ?? fetched.data
  const send = useSendReaction()
  // Reactions to this message kept before a reload: they go by themselves (the provider records
  // them once accepted); meanwhile the bar waits with them.
  const restored = useRestoredSends((r) => r.kind === 'reaction' && r.body.messageHandle === messageHandle)
  const restoredPending = restored.sends.find((r) => r.state === 'pending')
  const restoredFailed = restored.sends.find((r) => r.state === 'failed')
  // Uncontrolled, it starts from what the kit recorded for this message (useReactions), else defaultValue.
  const recorded = useReactions(messageHandle)
  const [own, setActive] = useControllableState<readonly Reaction[] | null>({
    prop: value,
    defaultProp: null,
    onChange: (next) => {
      if (next) onValueChange?.([...next])
    },
    caller: 'ReactionBar',
  })
  const active = own ?? (recorded.length > 0 ? recorded : defaultValue)
  const [focus, setFocus] = useState(0)
  const [feedback, setFeedback] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null)
  const [busy, setBusy] = useState<Reaction | null>(null)
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  // Bumped by Cancel: the toggle it ended says nothing (cancelled is not refused).
  const cancels = useRef(0)

  const root = (state: string, children: ReactNode) => (
    <div {...props} className={cx('lk-ReactionBar', className)} data-state={state}>
      {children}
    </div>
  )
  if (!message) {
    if (fetched.error)
      return root(
        'error',
        <p className="lk-Notice" data-tone="danger" role="alert">
          {describeLinekitError(fetched.error, 'load', errorStrings)}
        </p>,
      )
    return root(
      'loading',
      <p className="lk-Notice" role="status">
        {texts.loading}
      </p>,
    )
  }
  if (message.direction !== 'inbound') return root('unavailable', <p className="lk-Notice">{texts.outbound}</p>)
  if (message.service !== 'nativechat') {
    return root('unavailable', <p className="lk-Notice">{texts.notNativeChat(message.service)}</p>)
  }

  const toggle = async (reaction: Reaction) => {
    const remove = active.includes(reaction)
    setBusy(reaction)
    setFeedback(null)
    if (restoredFailed) restored.cancel(restoredFailed.key)
    const cancelled = cancels.current
    try {
      const res: ReactionResponse = await send.mutateAsync({ messageHandle, reaction, remove, partIndex })
      if (res.status === 'ERROR') {
        // spec: device-level failures come back as status ERROR inside a 200.
        setFeedback({ tone: 'error', text: texts.failed(res.error_message ?? '') })
        return
      }
      const next = remove ? active.filter((r) => r !== reaction) : [...active, reaction]
      setActive(next)
      setFeedback({ tone: 'ok', text: remove ? texts.removed : texts.sent })
    } catch (error) {
      if (cancels.current !== cancelled) return
      setFeedback({ tone: 'error', text: texts.failed(describeLinekitError(error, 'reaction', errorStrings)) })
    } finally {
      setBusy(null)
    }
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = reactions.length - 1
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? focus === last
          ? 0
          : focus + 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? focus === 0
            ? last
            : focus - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null
    if (next === null) return
    e.preventDefault()
    setFocus(next)
    buttons.current[next]?.focus()
  }

  // One wait, one notice, one Cancel: this page's reaction in progress, else one restored after a reload.
  const wait = send.isPending ? send.wait : restoredPending?.wait
  const waiting = wait?.reason === 'offline'
  const cancelWait = () => {
    cancels.current += 1
    if (send.isPending) send.cancel()
    else if (restoredPending) restored.cancel(restoredPending.key)
    // The Cancel button leaves with the notice: the keyboard goes back to the reactions.
    buttons.current[focus]?.focus()
  }
  const locked = busy !== null || restoredPending !== undefined
  const said =
    (waiting ? { tone: undefined, text: texts.offline } : null) ??
    feedback ??
    (restoredFailed
      ? {
          tone: 'error' as const,
          text: texts.failed(describeLinekitError(restoredFailed.error, 'reaction', errorStrings)),
        }
      : null)
  return root(
    locked ? 'sending' : said?.tone === 'error' ? 'error' : 'ready',
    <>
      <div
        role="toolbar"
        aria-label={texts.label}
        aria-orientation="horizontal"
        className="lk-ReactionBar-toolbar"
        onKeyDown={onKeyDown}
      >
        {reactions.map((reaction, i) => {
          const pressed = active.includes(reaction)
          return (
            <button
              key={reaction}
              ref={(el) => {
                buttons.current[i] = el
              }}
              type="button"
              tabIndex={i === focus ? 0 : -1}
              aria-pressed={pressed}
              aria-label={texts[reaction]}
              title={texts[reaction]}
              data-reaction={reaction}
              data-active={pressed || undefined}
              aria-disabled={locked || undefined}
              onFocus={() => setFocus(i)}
              onClick={() => {
                if (!locked) void toggle(reaction)
              }}
            >
              <span aria-hidden="true">{reactionGlyphs[reaction]}</span>
            </button>
          )
        })}
      </div>
      {/* The status line stays in the page, so what it says next is announced (politely); Cancel
          sits beside it, not in it, so it is not read out again with every change. */}
      <div className="lk-ReactionBar-feedback" data-tone={said?.tone} data-wait={waiting ? 'offline' : undefined}>
        <span role="status">{said?.text}</span>
        {waiting ? (
          <>
            {' '}
            <button type="button" className="lk-Button" data-variant="small ghost" onClick={cancelWait}>
              {texts.cancel}
            </button>
          </>
        ) : null}
      </div>
    </>,
  )
}
