'use client'
import { useId, useMemo, useState, type ClipboardEvent, type HTMLAttributes, type KeyboardEvent } from 'react'
import { MAX_GROUP_RECIPIENTS, MIN_GROUP_RECIPIENTS } from '../../../api/limits'
import type { CountryCode } from '../../../api/phone'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { splitRecipients, toChips, type RecipientChip } from '../../shared/recipients'
import { usePhoneNormalizer } from '../../shared/usePhoneNormalizer'
import { useControllableState } from '../../shared/useControllableState'

/** Default, overridable strings (i18n). The limits are the service's (spec: Limits — group recipients). */
export const recipientInputStrings = {
  label: 'Recipients',
  inputLabel: 'Add recipients',
  /** The list of people whose name matches what is typed. */
  suggestions: 'Matching contacts',
  help: 'Type or paste numbers in any format; press Enter or comma to add.',
  remove: (recipient: string) => `Remove ${recipient}`,
  invalid: (reason: string) => `Not a phone number: ${reason}`,
  checking: 'Checking numbers…',
  count: (count: number, min: number, max: number) => `${count} of ${min}–${max} recipients`,
  tooFew: (min: number) => `Add at least ${min} recipients.`,
  tooMany: (max: number, excess: number) => `At most ${max} recipients; remove ${excess}.`,
  merged: (count: number) => `${count} duplicates merged`,
  mergedOne: '1 duplicate merged',
  invalidCount: 'Fix or remove the numbers marked invalid.',
}
export type RecipientInputStrings = typeof recipientInputStrings

/** What {@link RecipientInput} reports on each change. */
export interface RecipientInputValue {
  /** Entries as typed or pasted. */
  entries: string[]
  /** Distinct valid E.164 numbers, in order. */
  numbers: string[]
  /** Chips as shown (duplicates merged, invalid flagged). */
  chips: RecipientChip[]
  /** True when every entry is valid and the count is 2–32 (spec: Limits — group recipients). */
  valid: boolean
  /** False until the phone normalizer has loaded. */
  checked: boolean
}

/**
 * Props of {@link RecipientInput}.
 *
 * State attributes on the root: `data-count-state="too-few" | "ok" | "too-many"`, `data-invalid`
 * when a chip is invalid, `data-checking` while the normalizer loads. Each chip has `data-invalid`
 * when invalid and `data-merged` with the number of duplicates merged into it.
 */
export interface RecipientInputProps extends Omit<
  HTMLAttributes<HTMLDivElement>,
  'children' | 'defaultValue' | 'onChange'
> {
  /** Entries (controlled). */
  value?: string[]
  /** Initial entries (uncontrolled). @default [] */
  defaultValue?: string[]
  /** Called with the parsed state on every change. */
  onValueChange?: (value: RecipientInputValue) => void
  /** Region for numbers written without a country code. @default 'US' (ASSUMPTIONS.md) */
  defaultCountry?: CountryCode
  /** Disable editing. @default false */
  disabled?: boolean
  /**
   * People to suggest while a name is typed ("Ava" suggests Ava Stone); picking one adds their
   * number. Chips of these numbers show the name. Given, the field is a combobox. @default none
   */
  people?: readonly { name: string; phone: string }[]
  /** How a chip's number reads (e.g. "(415) 555-0124"). @default the number as E.164 */
  formatNumber?: (e164: string) => string
  /** String overrides. @default recipientInputStrings */
  strings?: StringOverrides<RecipientInputStrings>
}

/** Parses entries with an optional normalizer into the reported value. */
export function recipientValue(entries: string[], normalize: Parameters<typeof toChips>[1]): RecipientInputValue {
  const chips = toChips(entries, normalize)
  const numbers = chips.flatMap((c) => (c.e164 ? [c.e164] : []))
  const checked = normalize !== undefined
  const valid =
    checked &&
    chips.every((c) => !c.error) &&
    numbers.length >= MIN_GROUP_RECIPIENTS &&
    numbers.length <= MAX_GROUP_RECIPIENTS
  return { entries, numbers, chips, valid, checked }
}

/**
 * Recipients as chips: paste a list in any format, numbers are normalized to E.164
 * (libphonenumber, loaded on first use), duplicates merged, invalid ones flagged, with a live
 * count against the service's 2–32. Backspace in the empty field removes the last chip.
 *
 * @example
 * <RecipientInput onValueChange={(v) => setNumbers(v.numbers)} />
 */
export function RecipientInput({
  value,
  defaultValue = [],
  onValueChange,
  defaultCountry = 'US',
  disabled = false,
  people: peopleProp,
  formatNumber,
  strings,
  className,
  ...props
}: RecipientInputProps) {
  const texts = mergeStrings(recipientInputStrings, strings)
  const id = useId()
  const normalize = usePhoneNormalizer(defaultCountry)
  const [entries, setEntries] = useControllableState({
    prop: value,
    defaultProp: defaultValue,
    onChange: (next: string[]) => onValueChange?.(recipientValue(next, normalize)),
    caller: 'RecipientInput',
  })
  const [draft, setDraft] = useState('')
  const [active, setActive] = useState(0)
  // Given people (even none yet, while they load), the field is a combobox that suggests them.
  const suggests = peopleProp !== undefined
  const people = peopleProp ?? []
  // A name being typed (letters, not a number): the people whose name contains it.
  const typed = draft.trim().toLowerCase()
  const suggestions =
    typed.length >= 2 && /\p{L}/u.test(typed)
      ? people.filter((p) => p.name.toLowerCase().includes(typed)).slice(0, 6)
      : []
  const nameOf = (e164: string) => people.find((p) => keyOfPhone(p.phone) === e164)?.name
  const keyOfPhone = (phone: string) => {
    const r = normalize?.(phone)
    return r?.ok ? r.e164 : phone
  }
  const parsed = useMemo(() => recipientValue(entries, normalize), [entries, normalize])

  const commit = setEntries
  const add = (text: string) => {
    const parts = splitRecipients(text, normalize)
    if (parts.length > 0) commit([...entries, ...parts])
    setDraft('')
  }
  // Removing a chip removes every entry merged into it.
  const keyOf = (entry: string) => {
    const r = normalize?.(entry)
    return r?.ok ? r.e164 : entry
  }
  const removeChip = (chip: RecipientChip) => commit(entries.filter((e) => keyOf(e) !== (chip.e164 ?? chip.raw)))
  const pick = (person: { phone: string }) => {
    commit([...entries, person.phone])
    setDraft('')
    setActive(0)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (suggestions.length > 0 && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault()
      const step = e.key === 'ArrowDown' ? 1 : suggestions.length - 1
      setActive((i) => (i + step) % suggestions.length)
    } else if (suggestions.length > 0 && e.key === 'Enter') {
      e.preventDefault()
      pick(suggestions[Math.min(active, suggestions.length - 1)]!)
    } else if (e.key === 'Escape' && suggestions.length > 0) {
      setDraft('')
    } else if ((e.key === 'Enter' || e.key === ',' || e.key === ';') && draft.trim() !== '') {
      e.preventDefault()
      add(draft)
    } else if (e.key === 'Backspace' && draft === '' && entries.length > 0) {
      const last = parsed.chips[parsed.chips.length - 1]
      if (last) removeChip(last)
    }
  }
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text')
    if (/[\n\r,;\t|]/.test(text) || splitRecipients(text, normalize).length > 1) {
      e.preventDefault()
      add(draft + text)
    }
  }

  const n = parsed.numbers.length
  const countState = n < MIN_GROUP_RECIPIENTS ? 'too-few' : n > MAX_GROUP_RECIPIENTS ? 'too-many' : 'ok'
  const mergedTotal = parsed.chips.reduce((sum, c) => sum + c.merged, 0)
  const invalidCount = parsed.chips.filter((c) => c.error).length
  const problem =
    invalidCount > 0
      ? texts.invalidCount
      : countState === 'too-few'
        ? texts.tooFew(MIN_GROUP_RECIPIENTS)
        : countState === 'too-many'
          ? texts.tooMany(MAX_GROUP_RECIPIENTS, n - MAX_GROUP_RECIPIENTS)
          : ''

  return (
    <div
      {...props}
      className={cx('lk-RecipientInput lk-Field', className)}
      data-count-state={countState}
      data-invalid={invalidCount > 0 || undefined}
      data-checking={!parsed.checked || undefined}
    >
      <span className="lk-Field-label" id={`${id}-label`}>
        {texts.label}
      </span>
      {parsed.chips.length > 0 ? (
        <ul className="lk-RecipientInput-chips" aria-labelledby={`${id}-label`}>
          {parsed.chips.map((chip) => {
            const text = chip.e164 ? (nameOf(chip.e164) ?? formatNumber?.(chip.e164) ?? chip.e164) : chip.raw
            return (
              <li
                key={`${chip.raw}|${chip.e164 ?? ''}`}
                className="lk-RecipientInput-chip"
                data-invalid={chip.error ? '' : undefined}
                data-merged={chip.merged || undefined}
              >
                <span>{text}</span>
                {chip.error ? <span className="lk-RecipientInput-error">{texts.invalid(chip.error)}</span> : null}
                {chip.merged > 0 ? (
                  <span className="lk-RecipientInput-merged">
                    {chip.merged === 1 ? texts.mergedOne : texts.merged(chip.merged)}
                  </span>
                ) : null}
                <button
                  type="button"
                  aria-label={texts.remove(text)}
                  disabled={disabled}
                  onClick={() => removeChip(chip)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
      <input
        id={`${id}-input`}
        type="text"
        inputMode="tel"
        autoComplete="off"
        aria-label={texts.inputLabel}
        aria-describedby={`${id}-help ${id}-count`}
        aria-invalid={invalidCount > 0 || countState === 'too-many' || undefined}
        role={suggests ? 'combobox' : undefined}
        aria-autocomplete={suggests ? 'list' : undefined}
        aria-expanded={suggests ? suggestions.length > 0 : undefined}
        aria-controls={suggestions.length > 0 ? `${id}-people` : undefined}
        aria-activedescendant={
          suggestions.length > 0 ? `${id}-person-${Math.min(active, suggestions.length - 1)}` : undefined
        }
        value={draft}
        disabled={disabled}
        onChange={(e) => {
          setDraft(e.currentTarget.value)
          setActive(0)
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => {
          // A name that matched nobody is left for the agent to fix, not added as a bad chip.
          if (draft.trim() !== '' && suggestions.length === 0) add(draft)
        }}
      />
      {suggestions.length > 0 ? (
        <ul id={`${id}-people`} role="listbox" aria-label={texts.suggestions} className="lk-RecipientInput-people">
          {suggestions.map((person, i) => (
            // The input keeps focus (aria-activedescendant); a press picks before it blurs.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={person.phone}
              id={`${id}-person-${i}`}
              role="option"
              aria-selected={i === Math.min(active, suggestions.length - 1)}
              className="lk-RecipientInput-person"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(person)}
            >
              <bdi>{person.name}</bdi>{' '}
              <span className="lk-RecipientInput-personNumber">
                {formatNumber?.(keyOfPhone(person.phone)) ?? person.phone}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <span id={`${id}-help`} className="lk-Field-help">
        {texts.help}
      </span>
      <span id={`${id}-count`} className="lk-RecipientInput-count" role="status" data-count-state={countState}>
        {parsed.checked ? texts.count(n, MIN_GROUP_RECIPIENTS, MAX_GROUP_RECIPIENTS) : texts.checking}
        {mergedTotal > 0 ? ` · ${mergedTotal === 1 ? texts.mergedOne : texts.merged(mergedTotal)}` : ''}
        {problem ? ` · ${problem}` : ''}
      </span>
    </div>
  )
}
