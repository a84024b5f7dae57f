/**
 * The two kit-wide conventions the calling components follow: controlled-or-uncontrolled state
 * (Radix style) and partial string overrides merged deeply. Kept here until the shared versions
 * in `src/components/internal/` exist; the calling files import them from this one module so the
 * switch is one line.
 */
import { useCallback, useEffect, useRef, useState } from 'react'

/** A partial override of a strings object: nested groups are partial too; functions replace whole. */
export type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends (...a: never[]) => unknown ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K]
}

/** Defaults with the user's partial overrides on top, deep where strings nest. */
export function mergeStrings<T extends object>(base: T, over: DeepPartial<T> | undefined): T {
  if (!over) return base
  const out = { ...base } as Record<string, unknown>
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) continue
    const b = (base as Record<string, unknown>)[k]
    out[k] =
      v && typeof v === 'object' && b && typeof b === 'object' ? mergeStrings(b as object, v as DeepPartial<object>) : v
  }
  return out as T
}

/**
 * Controlled exactly when `prop !== undefined`; otherwise keeps its own state from `defaultProp`.
 * `onChange` is called on every change either way. Warns in development when a component
 * switches between controlled and uncontrolled.
 */
export function useControllableState<T>(params: {
  prop: T | undefined
  defaultProp: T
  onChange?: ((value: T) => void) | undefined
  caller?: string
}): [T, (next: T) => void] {
  const { prop, defaultProp, onChange, caller = 'A linekit component' } = params
  const [own, setOwn] = useState(defaultProp)
  const controlled = prop !== undefined
  const wasControlled = useRef(controlled)
  useEffect(() => {
    if (wasControlled.current !== controlled && process.env.NODE_ENV !== 'production') {
      console.warn(
        `${caller} switched from ${wasControlled.current ? 'controlled' : 'uncontrolled'} to ${controlled ? 'controlled' : 'uncontrolled'}. Pass a value for its whole life, or never.`,
      )
    }
    wasControlled.current = controlled
  }, [controlled, caller])
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  })
  const value = controlled ? prop : own
  const set = useCallback(
    (next: T) => {
      if (!controlled) setOwn(next)
      onChangeRef.current?.(next)
    },
    [controlled],
  )
  return [value, set]
}
