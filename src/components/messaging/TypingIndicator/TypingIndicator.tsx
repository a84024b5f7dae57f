'use client'
import type { HTMLAttributes } from 'react'
import { useTypingIndicator } from '../../../hooks/useTypingIndicator'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { describeLinekitError, type LinekitErrorStrings } from '../../shared/errorMessages'

/** Default, overridable strings (i18n). */
export const typingIndicatorStrings = {
  idle: '',
  sent: 'They can see that you are typing.',
  unavailable: 'They will not see that you are typing (native chat only, and only in an existing conversation).',
  error: 'The typing indicator could not be shown; it will not be retried.',
}
export type TypingIndicatorStrings = typeof typingIndicatorStrings

/**
 * Props of {@link TypingIndicator}.
 *
 * State attributes on the root: `data-state="idle" | "sent" | "unavailable" | "error"`.
 */
export interface TypingIndicatorProps extends Omit<HTMLAttributes<HTMLParagraphElement>, 'children'> {
  /** The recipient (E.164). */
  phoneNumber: string
  /** The line of the conversation; when omitted the service uses the line that owns it. */
  lineId?: string
  /** True while the user is composing; the indicator is sent (throttled) only while active. */
  active: boolean
  /** Show a line of text in the idle state too (empty by default). @default false */
  showIdle?: boolean
  /** Say when the indicator could not be shown (a best-effort feature: quiet by default). @default false */
  showFailures?: boolean
  /** How long a shown indicator lasts without another one. @default 5000 */
  lapseMs?: number
  /** String overrides. @default typingIndicatorStrings */
  strings?: StringOverrides<TypingIndicatorStrings>
  /** Overrides of error sentences. */
  errorStrings?: Partial<LinekitErrorStrings>
}

/**
 * Shows the recipient the typing indicator while the user composes (spec: POST
 * /send-typing-indicator — native-chat only, existing conversations only; an `ERROR` is never
 * retried), and tells the user what the recipient sees. Pair with `sendWithTyping()` to send
 * with the spec's indicator-then-wait pattern. Themed by `--lk-color-text-muted`.
 *
 * @example
 * <TypingIndicator phoneNumber="+14155550100" active={draft.length > 0} />
 */
export function TypingIndicator({
  phoneNumber,
  lineId,
  active,
  showIdle = false,
  showFailures = false,
  lapseMs,
  strings,
  errorStrings,
  className,
  ...props
}: TypingIndicatorProps) {
  const texts = mergeStrings(typingIndicatorStrings, strings)
  const { state, error } = useTypingIndicator({
    phoneNumber,
    ...(lineId !== undefined ? { lineId } : {}),
    ...(lapseMs !== undefined ? { lapseMs } : {}),
    active,
  })
  // A best-effort feature fails quietly: failures are shown only when asked for.
  const text =
    state === 'error'
      ? showFailures
        ? `${texts.error}${error ? ` ${describeLinekitError(error, 'typing', errorStrings)}` : ''}`
        : ''
      : state === 'sent'
        ? texts.sent
        : state === 'unavailable'
          ? showFailures
            ? texts.unavailable
            : ''
          : showIdle
            ? texts.idle
            : ''
  return (
    <p {...props} className={cx('lk-TypingIndicator', className)} data-state={state}>
      {state === 'sent' ? (
        <span className="lk-TypingIndicator-dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
      ) : null}
      {text}
    </p>
  )
}
