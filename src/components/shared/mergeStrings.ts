/**
 * The one way components take string overrides: each component exports a `xxxStrings` object of
 * defaults; users pass a partial object that is merged over it, deep where strings nest (the
 * composer's `strings.linePicker`). A string that carries a value is a function
 * (`rateLimited: (seconds: number) => \`Try again in ${seconds} seconds.\``), never a
 * `{placeholder}` template, so translations can reorder words and the types say what is inserted.
 */

type Fn = (...args: never[]) => unknown

/** Partial overrides of a strings object: every key optional, nested objects partial too. */
export type StringOverrides<T> = {
  [K in keyof T]?: T[K] extends Fn ? T[K] : T[K] extends object ? StringOverrides<T[K]> : T[K]
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Merges `overrides` over `defaults`, deep where both sides hold an object. `undefined` in the
 * overrides keeps the default, so `{ ...props.strings }` can be passed on as is.
 *
 * @example
 * const texts = mergeStrings(linePickerStrings, props.strings)
 */
export function mergeStrings<T extends object>(defaults: T, overrides?: StringOverrides<T> | undefined): T {
  if (!overrides) return defaults
  const merged: Record<string, unknown> = { ...(defaults as Record<string, unknown>) }
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue
    const base = merged[key]
    merged[key] = isPlainObject(base) && isPlainObject(value) ? mergeStrings(base, value) : value
  }
  return merged as T
}
