'use client'
import { lazy, Suspense, type HTMLAttributes } from 'react'
import type { voiceMemoPlayerStrings } from './internal/strings'

/** Default, overridable strings (i18n). */
export { voiceMemoPlayerStrings } from './internal/strings'

export type VoiceMemoPlayerStrings = typeof voiceMemoPlayerStrings

/**
 * Props of {@link VoiceMemoPlayer}.
 *
 * State attributes on the root: `data-state="loading" | "ready" | "playing" | "error"`.
 */
export interface VoiceMemoPlayerProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Audio URL; only http(s) URLs are played. */
  src: string
  /** Accessible name of the player group, e.g. "AI voice memo". @default strings.label */
  label?: string
  /** String overrides. @default voiceMemoPlayerStrings */
  strings?: Partial<VoiceMemoPlayerStrings>
}

// Loaded on first use, like the attachments that contain it (size budget of <Conversation>).
const Impl = lazy(() => import('./internal/lazyParts').then((m) => ({ default: m.VoiceMemoPlayerImpl })))

/**
 * An accessible audio player for voice memos: a labelled play/pause button, a seek slider whose
 * value is read as "0:12 of 0:45", and the elapsed/total time. Space/Enter toggles play,
 * arrow keys seek (native range input). Only http(s) sources are played. Themed by
 * `--lk-color-accent` and `--lk-radius-small`. Loaded on first use (a `Suspense` boundary is included).
 *
 * @example
 * <VoiceMemoPlayer src="https://cdn.example.com/memo.m4a" label="AI voice memo" />
 */
export function VoiceMemoPlayer(props: VoiceMemoPlayerProps) {
  return (
    <Suspense fallback={<div className="lk-VoiceMemoPlayer" data-state="loading" />}>
      <Impl {...props} />
    </Suspense>
  )
}
