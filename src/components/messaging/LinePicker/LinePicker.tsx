'use client'
import { useId, type HTMLAttributes, type ReactNode } from 'react'
import type { Line } from '../../../api/schemas'
import { useLines } from '../../../hooks/useLines'
import { cx } from '../../shared/cx'
import { describeLinekitError, type LinekitErrorStrings } from '../../shared/errorMessages'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { useControllableState } from '../../shared/useControllableState'
import { lineLabel } from '../../shared/lineLabel'

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

/**
 * Props of {@link LinePicker}.
 *
 * State attributes on the root: `data-state="loading" | "error" | "empty" | "trial" | "ready"`.
 */
export interface LinePickerProps extends Omit<
  HTMLAttributes<HTMLDivElement>,
  'children' | 'defaultValue' | 'onChange'
> {
  /** Selected `lineId`, or `null` for "let the service choose" (controlled when not `undefined`). */
  value?: string | null | undefined
  /** Initially selected `lineId` (uncontrolled). @default null (automatic) */
  defaultValue?: string | null
  /** Called with the chosen `lineId`, or `null` for automatic. */
  onValueChange?: (lineId: string | null) => void
  /** Which lines to offer. @default every line */
  filter?: (line: Line) => boolean
  /** Offer "Any line (chosen automatically)". @default true */
  allowAutomatic?: boolean
  /** On trial accounts the picker is hidden (the service refuses a line override there); show a one-line note instead. @default true */
  showTrialNotice?: boolean
  /** Disable the select. @default false */
  disabled?: boolean
  /** String overrides. @default linePickerStrings */
  strings?: StringOverrides<LinePickerStrings>
  /** Overrides of error sentences. */
  errorStrings?: StringOverrides<LinekitErrorStrings>
}

/**
 * Picks the line a message is sent from. Hidden on trial accounts, where the service refuses a
 * `lineId` override (spec: POST /send-api-message `lineId`). Themed through `.lk-Field`.
 *
 * @example
 * const [lineId, setLineId] = useState<string | null>(null)
 * <LinePicker value={lineId} onValueChange={setLineId} />
 */
export function LinePicker({
  value,
  defaultValue = null,
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
  const texts = mergeStrings(linePickerStrings, strings)
  const id = useId()
  const query = useLines()
  const [selected, setSelected] = useControllableState<string | null>({
    prop: value,
    defaultProp: defaultValue,
    onChange: onValueChange,
    caller: 'LinePicker',
  })
  const lines = (query.lines ?? []).filter((l) => (filter ? filter(l) : true))
  const root = (state: string, children: ReactNode) => (
    <div {...props} className={cx('lk-LinePicker lk-Field', className)} data-state={state}>
      {children}
    </div>
  )
  if (query.status === 'pending')
    return root(
      'loading',
      <span className="lk-Field-help" role="status">
        {texts.loading}
      </span>,
    )
  if (query.status === 'error') {
    return root(
      'error',
      <p className="lk-Notice" data-tone="danger" role="alert">
        {texts.error} {describeLinekitError(query.error, 'load', errorStrings)}{' '}
        <button type="button" className="lk-Button" data-variant="small ghost" onClick={() => void query.refetch()}>
          {texts.retry}
        </button>
      </p>,
    )
  }
  if (query.trial) return showTrialNotice ? root('trial', <span className="lk-Field-help">{texts.trial}</span>) : null
  if (lines.length === 0) return root('empty', <span className="lk-Field-help">{texts.empty}</span>)
  return root(
    'ready',
    <>
      <label htmlFor={id}>{texts.label}</label>
      <select
        id={id}
        value={selected ?? ''}
        disabled={disabled}
        onChange={(e) => setSelected(e.currentTarget.value || null)}
      >
        {allowAutomatic ? <option value="">{texts.automatic}</option> : null}
        {lines.map((line) => (
          <option key={line.lineId} value={line.lineId}>
            {lineLabel(line, texts.shared)}
          </option>
        ))}
      </select>
    </>,
  )
}
