'use client'
import { useRef, useSyncExternalStore, type HTMLAttributes, type PointerEvent, type ReactNode } from 'react'
import { effectStore } from '../../../hooks/internal/effectStore'
import { useSecondsUntil } from '../../../hooks/internal/useSecondsUntil'
import { reactions as reactionOrder } from '../../../api/values'
import { useReactions } from '../../../hooks/useReactions'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { describeLinekitError, isRetryable, type LinekitErrorStrings } from '../../shared/errorMessages'
import { Linkified } from './Linkified'
import { clockTime, type DateOptions } from '../../shared/time'
import type { ThreadItem } from '../../shared/types'
import { reactionGlyphs } from '../../shared/reactionGlyphs'
import { reactionBarStrings } from '../ReactionBar/ReactionBar'
import { MessageAttachment, type MessageAttachmentStrings } from './MessageAttachment'
import { ServiceBadge, type ServiceName } from '../ServiceBadge/ServiceBadge'
import type { VoiceMemoPlayerStrings } from './VoiceMemoPlayer'

/** Default, overridable strings (i18n). */
export const messageBubbleStrings = {
  you: 'You',
  them: 'Them',
  sending: 'Sending…',
  /** A 429: the app's share of the service is used up; the send goes again after its `Retry-After`. */
  waitingForService: (seconds: number) =>
    seconds > 0 ? `Waiting for the service — retrying in ${seconds} s` : 'Waiting for the service — retrying now',
  /** The last attempt failed (server fault, timeout, no network); the send tries again by itself. */
  retrying: (seconds: number) =>
    seconds > 0 ? `Not through yet — trying again in ${seconds} s` : 'Not through yet — trying again now',
  /** No answer from the service (no network, timeout): the send goes by itself once the connection is back. */
  offline: 'Waiting for the connection…',
  /** Drops a send that waits for the connection (it was never stored). */
  cancel: 'Cancel',
  /** Sends of one thread go out in the order they were written. */
  queued: 'Waiting for the earlier messages',
  /** An earlier send of the thread failed: this one goes once that one is retried or discarded. */
  held: 'Waiting — an earlier message was not sent',
  failed: 'Not sent',
  retry: 'Retry',
  discard: 'Discard',
  /** Service `status: pending`: accepted by the service, not yet delivered. */
  statusPending: 'Sent',
  statusDelivered: 'Delivered',
  aiVoiceMemoPending: 'An AI voice memo will be generated from this text.',
  effect: (effect: string) => `Effect: ${effect}`,
  reactions: 'Your reactions',
}
export type MessageBubbleStrings = typeof messageBubbleStrings

/**
 * Props of {@link MessageBubble}.
 *
 * State attributes on the root:
 * - `data-direction="inbound" | "outbound"`
 * - `data-service="nativechat" | "SMS" | "RCS"` (absent on unconfirmed sends: the service is not known yet)
 * - `data-status`: the service's delivery status (`pending`, `delivered`, …) or, for unconfirmed
 *   sends, `sending` / `failed`
 * - `data-optimistic` on unconfirmed sends
 * - `data-wait="rateLimited" | "retrying" | "offline" | "queued" | "held"` on an unconfirmed send that waits (see `ThreadOptimisticItem.wait`)
 */
export interface MessageBubbleProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The thread item to show (a stored message or an optimistic send). */
  item: ThreadItem
  /** Locale and time zone for the time stamp. @default the browser's */
  dateOptions?: DateOptions
  /** Extra content next to the bubble (e.g. the reaction menu). */
  actions?: ReactNode
  /** Called when the bubble is pressed and held (touch: opens the reaction menu). */
  onLongPress?: () => void
  /** Who wrote an inbound message, shown above it (group threads: the participant's name or number). */
  sender?: string
  /** Show the channel pill (a thread shows it where the channel changes). @default true */
  showChannel?: boolean
  /** Continues a run of messages from the same side (tighter spacing, no repeated sender). @default false */
  grouped?: boolean
  /** String overrides. @default messageBubbleStrings */
  strings?: StringOverrides<MessageBubbleStrings & MessageAttachmentStrings & VoiceMemoPlayerStrings>
  /** Overrides of the sentences used for send errors. */
  errorStrings?: Partial<LinekitErrorStrings>
}

/** Why an unconfirmed send waits, in words ("Sending…" when it does not). */
function pendingStatus(reason: string | undefined, seconds: number, s: MessageBubbleStrings): string {
  if (reason === 'rateLimited') return s.waitingForService(seconds)
  if (reason === 'retrying') return s.retrying(seconds)
  if (reason === 'offline') return s.offline
  if (reason === 'queued') return s.queued
  if (reason === 'held') return s.held
  return s.sending
}

/** Handlers for a press held 500 ms on a touch screen (a mouse uses the actions' own buttons). */
function useLongPress(onLongPress: (() => void) | undefined) {
  const press = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  if (!onLongPress) return {}
  const endPress = () => clearTimeout(press.current)
  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.pointerType === 'mouse') return
      endPress()
      press.current = setTimeout(onLongPress, 500)
    },
    onPointerUp: endPress,
    onPointerCancel: endPress,
    onPointerLeave: endPress,
    onContextMenu: (e: { preventDefault: () => void }) => {
      // A long press on touch screens also arrives as a context menu.
      e.preventDefault()
      onLongPress()
    },
  }
}

/**
 * One message: text (always rendered as text, never as HTML), attachments, time, channel and
 * delivery status. Unconfirmed sends show "Sending…" or why they wait ("Waiting for the service —
 * retrying in 12 s", counting down), or "Not sent" with the reason and Retry / Discard buttons. Themed by `--lk-color-bubble-*` variables per service and direction.
 *
 * @example
 * <MessageBubble item={{ kind: 'message', key: m.message_handle, message: m }} />
 */
export function MessageBubble({
  item,
  dateOptions,
  actions,
  onLongPress,
  sender,
  showChannel = true,
  grouped = false,
  strings,
  errorStrings,
  className,
  ...props
}: MessageBubbleProps) {
  const texts = mergeStrings(messageBubbleStrings, strings)
  const handle = item.kind === 'message' ? item.message.message_handle : ''
  const effect = useSyncExternalStore(
    effectStore.subscribe,
    () => (handle ? effectStore.get(handle) : undefined),
    () => undefined,
  )
  const sent = useReactions(item.kind === 'message' ? item.message.message_handle : '')
  const wait = item.kind === 'optimistic' && item.state === 'pending' ? item.wait : undefined
  const waitSeconds = useSecondsUntil(wait && 'until' in wait ? wait.until : undefined) ?? 0
  const longPress = useLongPress(onLongPress)
  if (item.kind === 'optimistic') {
    const { body, state } = item
    return (
      <div
        {...props}
        className={cx('lk-MessageBubble', className)}
        data-direction="outbound"
        data-status={state === 'pending' ? 'sending' : 'failed'}
        data-optimistic=""
        data-wait={wait?.reason}
        data-grouped={grouped || undefined}
        data-effect={body.effect}
      >
        <span className="lk-sr-only">{texts.you}: </span>
        <div className="lk-MessageBubble-bubble">
          {body.message ? (
            <p className="lk-MessageBubble-text">
              <Linkified text={body.message} />
            </p>
          ) : null}
          {body.mediaAttachmentUrl ? <MessageAttachment url={body.mediaAttachmentUrl} strings={strings} /> : null}
          {body.audioAttachmentUrl ? (
            <MessageAttachment url={body.audioAttachmentUrl} kind="audio" strings={strings} />
          ) : null}
          {body.enableAiVoiceMemo ? <p className="lk-MessageBubble-note">{texts.aiVoiceMemoPending}</p> : null}
        </div>
        <div className="lk-MessageBubble-meta">
          {body.effect ? <span className="lk-MessageBubble-effect">{texts.effect(body.effect)}</span> : null}
          {state === 'pending' ? (
            <>
              <span className="lk-MessageBubble-status">{pendingStatus(wait?.reason, waitSeconds, texts)}</span>
              {/* The agent may take back a message that waits for the connection: it was never stored. */}
              {wait?.reason === 'offline' ? (
                <button type="button" className="lk-Button" data-variant="small ghost" onClick={item.discard}>
                  {texts.cancel}
                </button>
              ) : null}
            </>
          ) : (
            <>
              <span className="lk-MessageBubble-status" data-status="failed">
                {texts.failed}: {describeLinekitError(item.error, 'send', errorStrings)}
              </span>
              {/* Retry only where trying again can help (no answer, rate limit, server fault). */}
              {isRetryable(item.error) ? (
                <button type="button" className="lk-Button" data-variant="small" onClick={item.retry}>
                  {texts.retry}
                </button>
              ) : null}
              <button type="button" className="lk-Button" data-variant="small ghost" onClick={item.discard}>
                {texts.discard}
              </button>
            </>
          )}
        </div>
        {actions}
      </div>
    )
  }
  const m = item.message
  const inbound = m.direction === 'inbound'
  const time = clockTime(m.created_at, dateOptions)
  const status =
    m.status === 'delivered' ? texts.statusDelivered : m.status === 'pending' ? texts.statusPending : m.status
  const media = m.media_attachment_url
  const voice = m.voice_attachment_url
  return (
    <div
      {...props}
      className={cx('lk-MessageBubble', className)}
      data-direction={m.direction}
      data-service={m.service}
      data-status={m.status}
      data-grouped={grouped || undefined}
      data-effect={effect}
    >
      {inbound && sender && !grouped ? (
        <bdi className="lk-MessageBubble-sender" title={sender}>
          {sender}
        </bdi>
      ) : (
        <span className="lk-sr-only">{inbound ? texts.them : texts.you}: </span>
      )}
      <div className="lk-MessageBubble-line">
        <div className="lk-MessageBubble-bubble" {...longPress}>
          {m.content ? (
            <p className="lk-MessageBubble-text">
              <Linkified text={m.content} />
            </p>
          ) : null}
          {media ? <MessageAttachment url={media} strings={strings} /> : null}
          {voice ? (
            <MessageAttachment url={voice} kind="audio" aiVoiceMemo={!inbound && !!m.content} strings={strings} />
          ) : null}
          {sent.length > 0 ? (
            <ul className="lk-MessageBubble-reactions" aria-label={texts.reactions}>
              {reactionOrder
                .filter((r) => sent.includes(r))
                .map((r) => (
                  <li key={r} className="lk-MessageBubble-reaction" data-reaction={r}>
                    <span aria-hidden="true">{reactionGlyphs[r]}</span>
                    <span className="lk-sr-only">{reactionBarStrings[r]}</span>
                  </li>
                ))}
            </ul>
          ) : null}
        </div>
        {actions}
      </div>
      <div className="lk-MessageBubble-meta">
        <time dateTime={m.created_at}>{time}</time>
        {showChannel ? <ServiceBadge service={m.service as ServiceName} /> : null}
        {effect ? <span className="lk-MessageBubble-effect">{texts.effect(effect)}</span> : null}
        {inbound ? null : <span className="lk-MessageBubble-status">{status}</span>}
      </div>
    </div>
  )
}
