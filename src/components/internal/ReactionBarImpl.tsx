'use client'
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import type { Reaction } from '../../api/values'
import { reactions } from '../../api/values'
import type { ReactionResponse } from '../../api/schemas'
import { useMessage } from '../../hooks/useMessage'
import { useSendReaction } from '../../hooks/useSendReaction'
import type { ReactionBarProps } from '../ReactionBar'
import { useReactions } from '../../hooks/useReactions'
import { reactionGlyphs } from './reactionGlyphs'
import { reactionBarStrings } from './strings'
import { cx } from './cx'
import { describeError } from './errors'

/** Implementation of `<ReactionBar>` (loaded on first use; see ../ReactionBar.tsx). */
export default function ReactionBarImpl({
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
  const s = { ...reactionBarStrings, ...strings }
  const fetched = useMessage(given ? undefined : messageHandle)
  const message = given ?? fetched.data
  const send = useSendReaction()
  // Uncontrolled: what the kit recorded for this message (useReactions), else defaultValue.
  const recorded = useReactions(messageHandle)
  const [inner, setInner] = useState<readonly Reaction[] | null>(null)
  const active = value ?? inner ?? (recorded.length > 0 ? recorded : defaultValue)
  const [focus, setFocus] = useState(0)
  const [feedback, setFeedback] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null)
  const [busy, setBusy] = useState<Reaction | null>(null)
  const buttons = useRef<Array<HTMLButtonElement | null>>([])

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
          {describeError(fetched.error, 'load', errorStrings)}
        </p>,
      )
    return root(
      'loading',
      <p className="lk-Notice" role="status">
        {s.loading}
      </p>,
    )
  }
  if (message.direction !== 'inbound') return root('unavailable', <p className="lk-Notice">{s.outbound}</p>)
  if (message.service !== 'nativechat') {
    return root('unavailable', <p className="lk-Notice">{s.notNativeChat.replace('{service}', message.service)}</p>)
  }

  const toggle = async (reaction: Reaction) => {
    const remove = active.includes(reaction)
    setBusy(reaction)
    setFeedback(null)
    try {
      const res: ReactionResponse = await send.mutateAsync({ messageHandle, reaction, remove, partIndex })
      if (res.status === 'ERROR') {
        // spec: device-level failures come back as status ERROR inside a 200.
        setFeedback({ tone: 'error', text: s.failed.replace('{reason}', res.error_message ?? '') })
        return
      }
      const next = remove ? active.filter((r) => r !== reaction) : [...active, reaction]
      if (value === undefined) setInner(next)
      onValueChange?.(next)
      setFeedback({ tone: 'ok', text: remove ? s.removed : s.sent })
    } catch (error) {
      setFeedback({ tone: 'error', text: s.failed.replace('{reason}', describeError(error, 'reaction', errorStrings)) })
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

  return root(
    busy ? 'sending' : feedback?.tone === 'error' ? 'error' : 'ready',
    <>
      <div
        role="toolbar"
        aria-label={s.label}
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
              aria-label={s[reaction]}
              title={s[reaction]}
              data-reaction={reaction}
              data-active={pressed || undefined}
              aria-disabled={busy !== null || undefined}
              onFocus={() => setFocus(i)}
              onClick={() => {
                if (busy === null) void toggle(reaction)
              }}
            >
              <span aria-hidden="true">{reactionGlyphs[reaction]}</span>
            </button>
          )
        })}
      </div>
      <p className="lk-ReactionBar-feedback" role="status" data-tone={feedback?.tone}>
        {feedback?.text}
      </p>
    </>,
  )
}
