'use client'
import { useId, useState, type HTMLAttributes, type ReactNode } from 'react'
import type { Line } from '../api/schemas'
import { useLines } from '../hooks/useLines'
import { cx } from './internal/cx'
import { describeError, type ErrorStrings } from './internal/errors'

/** Default, overridable strings (i18n). */
export const linePickerStrings = {
  label: 'Send from',
  automatic: 'Any line (chosen automatically)',
  loading: 'Loading lines…',
  error: 'Lines could not be loaded.',
  retry: 'Try again',
  empty: 'No lines are available.',
  trial: 'Trial accounts send from an automatically chosen line.',
  shared: 'shared',
}
export type LinePickerStrings = typeof linePickerStrings

/** A line's visible name: its number and name when the service gives them, else its id (ASSUMPTIONS.md: only `lineId` is guaranteed). */
export function lineLabel(line: Line, strings: Pick<LinePickerStrings, 'shared'> = linePickerStrings): string {
  const parts = [line.phoneNumber, line.name].filter(Boolean)
  const text = parts.length > 0 ? parts.join(' · ') : line.lineId
  return line.shared ? `${text} (${strings.shared})` : text
}

/**
 * Props of {@link LinePicker}.
 *
 * State attributes on the root: `data-state="loading" | "error" | "empty" | "trial" | "ready"`.
 */
export interface LinePickerProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'defaultValue' | 'onChange'> {
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

/**
 * Picks the line a message is sent from. Hidden on trial accounts, where the service refuses a
 * `lineId` override (spec: POST /send-api-message `lineId`). Themed through `.lk-Field`.
 *
 * @example
 * const [lineId, setLineId] = useState<string>()
 * <LinePicker value={lineId} onValueChange={setLineId} />
 */
export function LinePicker({
  value,
  defaultValue,
  onValueChange,
  filter,
  allowAutomatic = true,
  showTrialNotice = true,
  disabled = false,
  strings,
  errorStrings,
  className,
  ...props
}: LinePickerProps) {
  const s = { ...linePickerStrings, ...strings }
  const id = useId()
  const query = useLines()
  const [inner, setInner] = useState<string | undefined>(defaultValue)
  // Controlled when `onValueChange` is given (`undefined` is a real value: automatic).
  const selected = onValueChange !== undefined ? value : inner
  const lines = (query.lines ?? []).filter((l) => (filter ? filter(l) : true))
  const root = (state: string, children: ReactNode) => (
    <div {...props} className={cx('lk-LinePicker lk-Field', className)} data-state={state}>
      {children}
    </div>
  )
  if (query.status === 'pending') return root('loading', <span className="lk-Field-help" role="status">{s.loading}</span>)
  if (query.status === 'error') {
    return root(
      'error',
      <p className="lk-Notice" data-tone="danger" role="alert">
        {s.error} {describeError(query.error, 'load', errorStrings)}{' '}
        <button type="button" className="lk-Button" data-variant="small ghost" onClick={() => void query.refetch()}>
          {s.retry}
        </button>
      </p>,
    )
  }
  if (query.trial) return showTrialNotice ? root('trial', <span className="lk-Field-help">{s.trial}</span>) : null
  if (lines.length === 0) return root('empty', <span className="lk-Field-help">{s.empty}</span>)
  return root(
    'ready',
    <>
      <label htmlFor={id}>{s.label}</label>
      <select
        id={id}
        value={selected ?? ''}
        disabled={disabled}
        onChange={(e) => {
          const next = e.currentTarget.value || undefined
          setInner(next)
          onValueChange?.(next)
        }}
      >
        {allowAutomatic ? <option value="">{s.automatic}</option> : null}
        {lines.map((line) => (
          <option key={line.lineId} value={line.lineId}>
            {lineLabel(line, s)}
          </option>
        ))}
      </select>
    </>,
  )
}
