'use client'
import { lazy, Suspense, type HTMLAttributes } from 'react'
import type { Line } from '../api/schemas'
import type { ErrorStrings } from './internal/errors'
import type { linePickerStrings } from './internal/strings'

/** Default, overridable strings (i18n). */
export { linePickerStrings } from './internal/strings'
export { lineLabel } from './lineLabel'

export type LinePickerStrings = typeof linePickerStrings

/**
 * Props of {@link LinePicker}.
 *
 * State attributes on the root: `data-state="loading" | "error" | "empty" | "trial" | "ready"`.
 */
export interface LinePickerProps extends Omit<
  HTMLAttributes<HTMLDivElement>,
  'children' | 'defaultValue' | 'onChange'
> {
  /** Selected `lineId`; `undefined` means "let the service choose". Controlled when `onValueChange` is given. */
  value?: string | undefined
  /** Initially selected `lineId` (uncontrolled). @default undefined (automatic) */
  defaultValue?: string
  /** Called with the chosen `lineId`, or `undefined` for automatic. */
  onValueChange?: (lineId: string | undefined) => void
  /** Which lines to offer. @default every line */
  filter?: (line: Line) => boolean
  /** Offer "Any line (chosen automatically)". @default true */
  allowAutomatic?: boolean
  /** On trial accounts the picker is hidden (the service refuses a line override there); show a one-line note instead. @default true */
  showTrialNotice?: boolean
  /** Disable the select. @default false */
  disabled?: boolean
  /** String overrides. @default linePickerStrings */
  strings?: Partial<LinePickerStrings>
  /** Overrides of error sentences. */
  errorStrings?: Partial<ErrorStrings>
}

// Loaded on first use (it sits behind the composer's options disclosure; size budget of <Conversation>).
const Impl = lazy(() => import('./internal/lazyParts').then((m) => ({ default: m.LinePickerImpl })))

/**
 * Picks the line a message is sent from. Hidden on trial accounts, where the service refuses a
 * `lineId` override (spec: POST /send-api-message `lineId`). Loaded on first use (a `Suspense`
 * boundary is included). Themed through `.lk-Field`.
 *
 * @example
 * const [lineId, setLineId] = useState<string>()
 * <LinePicker value={lineId} onValueChange={setLineId} />
 */
export function LinePicker(props: LinePickerProps) {
  return (
    <Suspense fallback={<div className="lk-LinePicker lk-Field" data-state="loading" />}>
      <Impl {...props} />
    </Suspense>
  )
}
