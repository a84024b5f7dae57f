'use client'
import { lazy, Suspense, type HTMLAttributes } from 'react'
import type { Reaction } from '../api/values'
import type { MessageRecord } from '../api/schemas'
import type { ErrorStrings } from './internal/errors'
import type { reactionBarStrings } from './internal/strings'

/** Default, overridable strings (i18n). */
export { reactionBarStrings } from './internal/strings'

export type ReactionBarStrings = typeof reactionBarStrings

/**
 * Props of {@link ReactionBar}.
 *
 * State attributes on the root: `data-state="ready" | "sending" | "error" | "unavailable" | "loading"`.
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
  strings?: Partial<ReactionBarStrings>
  /** Overrides of error sentences. */
  errorStrings?: Partial<ErrorStrings>
}

// Loaded on first use: a thread shows the toolbar only when someone opens it (issue 11 budget:
// provider + Conversation <= 25 KB gzip).
const Impl = lazy(() => import('./internal/lazyParts').then((m) => ({ default: m.ReactionBarImpl })))

/**
 * The six tapbacks as a toolbar: each button toggles a reaction (`remove: true` retracts it).
 * Offered only on inbound native-chat messages; on SMS/RCS or outbound messages it explains why
 * instead (spec: POST /send-reaction). Keyboard: one tab stop; ←/→ (or ↑/↓) move, Home/End jump,
 * Space/Enter toggle. Loaded on first use (a `Suspense` boundary is included). Themed by `--lk-color-accent`, `--lk-color-surface-raised`.
 *
 * @example
 * <ReactionBar messageHandle="pbm_abc" message={message} />
 */
export function ReactionBar(props: ReactionBarProps) {
  return (
    <Suspense fallback={<div className="lk-ReactionBar" data-state="loading" />}>
      <Impl {...props} />
    </Suspense>
  )
}
