'use client'
import { useRef, useState, type HTMLAttributes, type KeyboardEvent } from 'react'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'

/** Default, overridable texts of the {@link Keypad} (i18n). */
export const keypadStrings = {
  label: 'Keypad',
  backspace: 'Delete last digit',
}
/** Texts of the {@link Keypad}. */
export type KeypadStrings = typeof keypadStrings

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const
const COLUMNS = 3

export interface KeypadProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'onKeyDown'> {
  /** Called with the key pressed (`0`–`9`, `*`, `#`). */
  onKey: (key: string) => void
  /** Called by the delete key; without it the keypad has no delete key. @default undefined */
  onBackspace?: () => void
  /** Disables every key. @default false */
  disabled?: boolean
  /** Text overrides (i18n). @default keypadStrings */
  strings?: StringOverrides<KeypadStrings>
}

/**
 * A phone keypad that is ONE tab stop: Tab reaches the last key used, the arrow keys move
 * between keys (as on the pad: up/down by a row), Home/End jump to the first/last key, and
 * Enter/Space press the focused key. Typing digits in the number field works as well.
 *
 * Data attributes: each key `data-key` (`0`–`9`, `*`, `#`, `backspace`). Theme: `--lk-dialer-key-size`.
 *
 * @example
 * <Keypad onKey={(k) => setNumber((n) => n + k)} onBackspace={() => setNumber((n) => n.slice(0, -1))} />
 */
export function Keypad(props: KeypadProps) {
  const { onKey, onBackspace, disabled = false, strings, className, ...rest } = props
  const texts = mergeStrings(keypadStrings, strings)
  const keys: string[] = onBackspace ? [...DIGITS, 'backspace'] : [...DIGITS]
  const [active, setActive] = useState(0)
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const current = Math.min(active, keys.length - 1)

  const move = (to: number) => {
    const next = Math.max(0, Math.min(keys.length - 1, to))
    setActive(next)
    refs.current[next]?.focus()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const at = current
    const targets: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      ArrowDown: at + COLUMNS,
      ArrowUp: at - COLUMNS,
      Home: 0,
      End: keys.length - 1,
    }
    const to = targets[e.key]
    if (to === undefined) return
    e.preventDefault()
    move(to)
  }

  return (
    <div role="group" aria-label={texts.label} {...rest} className={cx('lk-Keypad', className)}>
      {keys.map((key, index) => (
        <button
          key={key}
          ref={(el) => {
            refs.current[index] = el
          }}
          type="button"
          className="lk-Keypad-key"
          data-key={key}
          tabIndex={index === current ? 0 : -1}
          disabled={disabled}
          aria-label={key === 'backspace' ? texts.backspace : undefined}
          onFocus={() => setActive(index)}
          onKeyDown={onKeyDown}
          onClick={() => (key === 'backspace' ? onBackspace?.() : onKey(key))}
        >
          {key === 'backspace' ? '⌫' : key}
        </button>
      ))}
    </div>
  )
}
