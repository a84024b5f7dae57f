'use client'
import { useId, useState, type ReactNode } from 'react'
import { useLines } from '../../hooks/useLines'
import type { LinePickerProps } from '../LinePicker'
import { linePickerStrings } from './strings'
import { lineLabel } from '../lineLabel'
import { cx } from './cx'
import { describeError } from './errors'

/** Implementation of `<LinePicker>` (loaded on first use; see ../LinePicker.tsx). */
export default function LinePickerImpl({
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
  if (query.status === 'pending')
    return root(
      'loading',
      <span className="lk-Field-help" role="status">
        {s.loading}
      </span>,
    )
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
            {lineLabel(line, s.shared)}
          </option>
        ))}
      </select>
    </>,
  )
}
