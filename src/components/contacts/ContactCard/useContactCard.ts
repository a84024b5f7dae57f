'use client'
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ChangeEvent,
  type FormEvent,
  type FormHTMLAttributes,
} from 'react'
import { useContacts } from '../../../hooks/useContacts'
import { useCreateContact } from '../../../hooks/useCreateContact'
import { useUpdateContact } from '../../../hooks/useUpdateContact'
import { phoneKey } from '../../../provider/phoneKey'
import { isNoConnection } from '../../shared/errorMessages'
import { usePhoneNormalizer } from '../../shared/usePhoneNormalizer'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { contactCardStrings, type ContactCardStrings } from './contactCardStrings'
import {
  draftRequest,
  fieldRow,
  toDraft,
  toggleJson,
  type ContactDraft,
  type ContactDraftProblem,
  type ContactFieldRow,
} from './contactDraft'

/** Options of {@link useContactCard}. */
export interface UseContactCardOptions {
  /** The contact's phone number (E.164, or any format libphonenumber reads for the US). */
  phoneNumber: string
  /** String overrides; the hook's sentences (what to fix, what was saved) use them. @default contactCardStrings */
  strings?: StringOverrides<ContactCardStrings> | undefined
}

/** A text field of the contact that the form edits. */
type TextField = 'firstName' | 'lastName' | 'email' | 'note'

/** Props for an `<input>` or `<textarea>` of the form. */
type TextControlProps = {
  id?: string
  value: string
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void
  'aria-invalid'?: true | undefined
  'aria-describedby'?: string | undefined
}

/**
 * The ContactCard's behaviour without its markup: the stored contact for one number (matched by
 * its own E.164 number, since the list's `phone` parameter may not filter), the editor's draft
 * (custom fields as rows or raw JSON), validation before any request (email, field names, the
 * 10,000-character limit), and saving — an update replaces every field, a create upserts by the
 * number. Returns the state and prop bags to spread on your own elements.
 *
 * @example
 * const card = useContactCard({ phoneNumber: '+14155550100' })
 * if (card.status !== 'view') return <p {...card.rootProps}>{card.status}</p>
 * return (
 *   <section {...card.rootProps}>
 *     <p>{card.contact?.firstName}</p>
 *     {card.editing ? (
 *       <form {...card.formProps}>
 *         <input {...card.fieldProps('firstName')} aria-label="First name" />
 *         <button {...card.submitButtonProps}>Save</button>
 *       </form>
 *     ) : (
 *       <button type="button" onClick={card.startEditing}>Edit</button>
 *     )}
 *   </section>
 * )
 */
export function useContactCard(options: UseContactCardOptions) {
  const { phoneNumber } = options
  const texts = useMemo(() => mergeStrings(contactCardStrings, options.strings), [options.strings])
  const ids = useId()
  const query = useContacts({ phone: phoneNumber, limit: 1 })
  const create = useCreateContact()
  const update = useUpdateContact()
  // The list's query parameters are not shown (spec: list contacts), so `phone` may not filter:
  // only a contact whose own phoneNumber is this number (both in E.164) is shown or edited here.
  const normalize = usePhoneNormalizer('US')
  const e164 = (n: string) => {
    const result = normalize?.(n)
    return result?.ok ? result.e164 : phoneKey(n)
  }
  const contact = query.data?.contacts.find((c) => e164(c.phoneNumber) === e164(phoneNumber))
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState<ContactDraft>(() => toDraft(undefined))
  const [invalid, setInvalid] = useState<ContactDraftProblem | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const mutation = contact ? update : create
  // A draft whose save got no answer (no connection), for this number: the editor opens with it
  // again, closed or not meanwhile, until a save goes through; what the agent typed is not lost.
  const unsaved = useRef<{ phoneNumber: string; draft: ContactDraft } | null>(null)

  // After "Add contact" → Save, the dialog returns focus to its trigger, which the card then
  // replaces with Edit once the new contact is listed: focus goes to Edit, not the page.
  const rootRef = useRef<HTMLElement | null>(null)
  // A callback ref, so that the root may be any element (a <section>, a <div>).
  const setRoot = useCallback((element: HTMLElement | null) => {
    rootRef.current = element
  }, [])
  const refocus = useRef(false)
  const contactId = contact?.id
  useEffect(() => {
    if (!refocus.current || contactId === undefined) return
    refocus.current = false
    const active = document.activeElement
    if (!active || active === document.body) rootRef.current?.querySelector<HTMLElement>('button')?.focus()
  }, [contactId])

  const status: 'loading' | 'error' | 'empty' | 'view' =
    query.status === 'pending' ? 'loading' : query.status === 'error' ? 'error' : contact ? 'view' : 'empty'

  const startEditing = () => {
    const kept = unsaved.current?.phoneNumber === phoneNumber ? unsaved.current.draft : undefined
    setDraft(kept ?? toDraft(contact))
    setInvalid(null)
    setSaved(null)
    setEditing(true)
  }
  const cancelEditing = () => {
    // Edited further after the failed save: those edits are kept too.
    if (unsaved.current?.phoneNumber === phoneNumber) unsaved.current = { phoneNumber, draft }
    setEditing(false)
  }
  /** Validates the draft and saves it; resolves to whether it was saved (the editor then closes). */
  const save = async (): Promise<boolean> => {
    const request = draftRequest(draft, contact ? { contactId: contact.id } : { phone: phoneNumber }, texts)
    if ('problem' in request) {
      setInvalid(request.problem)
      return false
    }
    setInvalid(null)
    try {
      if ('update' in request) {
        await update.mutateAsync(request.update)
        setSaved(texts.saved)
      } else {
        // The response is the contact as it was before the merge (spec); the list is refetched.
        await create.mutateAsync(request.create)
        setSaved(texts.createdBeforeMerge)
        refocus.current = true
      }
      unsaved.current = null
      setEditing(false)
      return true
    } catch (error) {
      // The mutation's error is returned as `saveError`.
      if (isNoConnection(error)) unsaved.current = { phoneNumber, draft }
      return false
    }
  }

  const setField = (key: TextField, value: string) => setDraft((d) => ({ ...d, [key]: value }))
  const setRow = (id: number, patch: Partial<Omit<ContactFieldRow, 'id'>>) =>
    setDraft((d) => ({ ...d, rows: d.rows.map((r) => (r.id === id ? { ...r, ...patch } : r)) }))
  const addRow = () => setDraft((d) => ({ ...d, rows: [...d.rows, fieldRow()] }))
  const removeRow = (id: number) => setDraft((d) => ({ ...d, rows: d.rows.filter((r) => r.id !== id) }))
  const switchJson = () => setDraft(toggleJson)

  const invalidId = `${ids}-invalid`
  const describedIf = (field: ContactDraftProblem['field']) => (invalid?.field === field ? invalidId : undefined)
  const fieldProps = (key: TextField): TextControlProps & { id: string } => ({
    id: `${ids}-${key}`,
    value: draft[key],
    onChange: (e) => setField(key, e.currentTarget.value),
    'aria-invalid': invalid?.field === key || undefined,
    'aria-describedby': invalid?.field === key ? invalidId : undefined,
  })
  const customFieldsProps: TextControlProps & { id: string } = {
    id: `${ids}-customFields`,
    value: draft.customFields,
    onChange: (e) => {
      const customFields = e.currentTarget.value
      setDraft((d) => ({ ...d, customFields }))
    },
    'aria-invalid': invalid?.field === 'customFields' || undefined,
    'aria-describedby': describedIf('customFields'),
  }
  const rowKeyProps = (row: ContactFieldRow): TextControlProps => ({
    value: row.key,
    onChange: (e) => setRow(row.id, { key: e.currentTarget.value }),
  })
  const rowValueProps = (row: ContactFieldRow): TextControlProps => ({
    value: row.value,
    onChange: (e) => setRow(row.id, { value: e.currentTarget.value }),
  })
  const button = (onClick: () => void): ButtonHTMLAttributes<HTMLButtonElement> => ({ type: 'button', onClick })
  const submitButtonProps: ButtonHTMLAttributes<HTMLButtonElement> = { type: 'submit', disabled: mutation.isPending }
  const formProps: FormHTMLAttributes<HTMLFormElement> = {
    noValidate: true,
    onSubmit: (e: FormEvent) => {
      e.preventDefault()
      void save()
    },
  }

  return {
    /** `loading` | `error` (see `loadError`) | `empty` (no contact for this number) | `view`. */
    status,
    query,
    loadError: query.error,
    contact,
    /** Whether the editor is open (editing `contact`, or creating one when there is none). */
    editing,
    draft,
    setDraft,
    /** What to fix before the draft can be saved. */
    invalid,
    /** The sentence after a save, until the editor opens again. */
    saved,
    isSaving: mutation.isPending,
    saveError: mutation.error,
    startEditing,
    cancelEditing,
    save,
    setField,
    addRow,
    removeRow,
    setRow,
    toggleJson: switchJson,
    /** Ids the prop bags use: the rules sentence and the "what to fix" sentence describe the form. */
    ids: { rules: `${ids}-rules`, invalid: invalidId },
    rootProps: { ref: setRoot, 'data-state': status },
    retryButtonProps: button(() => void query.refetch()),
    /** For a dialog root (Radix `Dialog.Root`): open while editing; opening starts from the stored contact. */
    dialogProps: { open: editing, onOpenChange: (open: boolean) => (open ? startEditing() : cancelEditing()) },
    formProps,
    fieldProps,
    customFieldsProps,
    /** On the rows' `<fieldset>`: described by the "what to fix" sentence when a row is wrong. */
    rowsProps: { 'aria-describedby': describedIf('customFields') },
    rowKeyProps,
    rowValueProps,
    removeRowButtonProps: (row: ContactFieldRow) => button(() => removeRow(row.id)),
    addRowButtonProps: button(addRow),
    toggleJsonButtonProps: button(switchJson),
    submitButtonProps,
  }
}

/** What {@link useContactCard} returns. */
export type UseContactCardResult = ReturnType<typeof useContactCard>
