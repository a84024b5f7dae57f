'use client'
import { useCallback, useEffect, useInsertionEffect, useRef, useState } from 'react'

/** Arguments of {@link useControllableState}. */
interface UseControllableStateParams<T> {
  /** The controlled value. The state is controlled exactly when this is not `undefined`. */
  prop?: T | undefined
  /** The initial value while uncontrolled. */
  defaultProp: T
  /** Called with every new value the component sets, controlled or not (not when it is unchanged). */
  onChange?: ((value: T) => void) | undefined
  /** The component's name, for the development warning. */
  caller: string
}

type SetStateAction<T> = T | ((previous: T) => T)

/**
 * One rule for every component with a value, after Radix's `use-controllable-state`: the value is
 * controlled exactly when `prop !== undefined`; otherwise the component keeps it, starting from
 * `defaultProp`. The setter calls `onChange` either way, only when the value changes. Switching
 * between controlled and uncontrolled during a component's life warns in development.
 *
 * A component whose value can be "nothing" (`<LinePicker>`'s automatic line) spells it `null`, so
 * that `undefined` keeps meaning "not controlled".
 *
 * @example
 * const [value, setValue] = useControllableState({ prop: props.value, defaultProp: props.defaultValue ?? [], onChange: props.onValueChange, caller: 'ReactionBar' })
 */
export function useControllableState<T>({
  prop,
  defaultProp,
  onChange,
  caller,
}: UseControllableStateParams<T>): [T, (next: SetStateAction<T>) => void] {
  const [uncontrolled, setUncontrolled] = useState(defaultProp)
  const isControlled = prop !== undefined
  const value = isControlled ? prop : uncontrolled

  // The latest value and callback, so that the setter stays stable and functional updates chain.
  const valueRef = useRef(value)
  const onChangeRef = useRef(onChange)
  useInsertionEffect(() => {
    valueRef.current = value
    onChangeRef.current = onChange
  })

  const wasControlled = useRef(isControlled)
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' && wasControlled.current !== isControlled) {
      const from = wasControlled.current ? 'controlled' : 'uncontrolled'
      const to = isControlled ? 'controlled' : 'uncontrolled'
      console.warn(
        `linekit: ${caller} is changing from ${from} to ${to}. Components should not switch from controlled to ` +
          'uncontrolled (or vice versa): pass a value other than undefined for its whole life, or never pass one.',
      )
    }
    wasControlled.current = isControlled
  }, [isControlled, caller])

  const setValue = useCallback(
    (next: SetStateAction<T>) => {
      const previous = valueRef.current
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(previous) : next
      if (Object.is(resolved, previous)) return
      valueRef.current = resolved
      if (!isControlled) setUncontrolled(resolved)
      onChangeRef.current?.(resolved)
    },
    [isControlled],
  )
  return [value, setValue]
}
