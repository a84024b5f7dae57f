'use client'
import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useId, useRef, useState, type FormEvent, type HTMLAttributes, type ReactNode } from 'react'
import type { Contact } from '../api/schemas'
import { MAX_CUSTOM_FIELDS_CHARS } from '../api/limits'
import { useContacts } from '../hooks/useContacts'
import { useCreateContact } from '../hooks/useCreateContact'
import { useUpdateContact } from '../hooks/useUpdateContact'
import { phoneKey } from '../hooks/internal/phone'
import { cx } from './internal/cx'
import { looksLikeEmail } from './internal/looksLikeEmail'
import { usePhoneNormalizer } from './internal/usePhoneNormalizer'
import { mergeStrings, type StringOverrides } from './internal/mergeStrings'
import { describeLinekitError, type LinekitErrorStrings } from './errorMessages'
import { contactErrorRule, type ContactErrorStrings } from './errorMessages'

/** Default, overridable strings (i18n). */
export const contactCardStrings = {
  label: 'Contact',
  loading: 'Loading contact…',
  error: 'The contact could not be loaded.',
  retry: 'Try again',
  none: 'No contact is stored for this number yet.',
  create: 'Add contact',
  edit: 'Edit',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  note: 'Note',
  phone: 'Phone',
  customFields: 'Custom fields',
  customFieldsJson: 'Custom fields (JSON object)',
  fieldKey: 'Field name',
  fieldValue: 'Value',
  addField: 'Add a field',
  removeField: (key: string) => (key ? `Remove ${key}` : 'Remove this field'),
  editAsJson: 'Edit as JSON',
  editAsRows: 'Edit as fields',
  emailInvalid: 'Enter an email address like name@example.com.',
  duplicateKey: (key: string) => `The field name “${key}” is used twice.`,
  emptyKey: 'Give every field a name, or remove it.',
  close: 'Close',
  noName: 'No name',
  createRules:
    'If this number is already stored: a name is filled in only where none is stored yet, a non-empty email replaces the stored one, and custom fields are merged key by key.',
  updateRules: 'Saving replaces every field shown here; custom fields are replaced as a whole, not merged.',
  customFieldsInvalid: 'Custom fields must be a JSON object, e.g. {"plan": "gold"}.',
  customFieldsTooLong: (max: string, length: string) =>
    `Custom fields may be at most ${max} characters as compact JSON; these are ${length}.`,
  createdBeforeMerge: 'Saved. The stored contact now reflects the merge rules above.',
}
export type ContactCardStrings = typeof contactCardStrings

/**
 * Props of {@link ContactCard}.
 *
 * State attributes on the root: `data-state="loading" | "error" | "empty" | "view" | "editing" | "creating"`.
 */
export interface ContactCardProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The contact's phone number (E.164). */
  phoneNumber: string
  /** Allow editing and creating. @default true */
  editable?: boolean
  /** String overrides. @default contactCardStrings */
  strings?: StringOverrides<ContactCardStrings>
  /** Overrides of error sentences. */
  errorStrings?: Partial<LinekitErrorStrings & ContactErrorStrings>
}

type Row = { id: number; key: string; value: string }
type Draft = {
  firstName: string
  lastName: string
  email: string
  note: string
  /** Custom fields as rows (string values), or as raw JSON (the advanced option). */
  json: boolean
  rows: Row[]
  customFields: string
}
let rowIds = 0
const row = (key = '', value = ''): Row => ({ id: ++rowIds, key, value })
const toDraft = (c: (Pick<Contact, 'customFields'> & Partial<Contact>) | undefined): Draft => {
  const fields = c?.customFields ?? {}
  // Values other than strings (numbers, nested objects) stay exact by being edited as JSON.
  const allStrings = Object.values(fields).every((v) => typeof v === 'string')
  return {
    firstName: c?.firstName ?? '',
    lastName: c?.lastName ?? '',
    email: c?.email ?? '',
    note: c?.note ?? '',
    json: !allStrings,
    rows: Object.entries(fields).map(([k, v]) => row(k, typeof v === 'string' ? v : JSON.stringify(v))),
    customFields: c?.customFields ? JSON.stringify(c.customFields, null, 2) : '',
  }
}
/** The JSON object typed so far, or {} (switching back to rows from half-typed JSON). */
const parseLoose = (text: string): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(text)
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * A person in the native contact store (for accounts without a connected CRM): view, edit and
 * create, with the service's merge rules spelled out where they apply — creating an existing
 * number upserts (names only fill empty ones, email overwrites, custom fields merge), editing
 * replaces (custom fields wholesale). Themed through `.lk-Field` and `--lk-*` variables.
 *
 * @example
 * <ContactCard phoneNumber="+14155550100" />
 */
export function ContactCard({
  phoneNumber,
  editable = true,
  strings,
  errorStrings,
  className,
  ...props
}: ContactCardProps) {
  const s = mergeStrings(contactCardStrings, strings)
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
  const [mode, setMode] = useState<'view' | 'edit'>('view')
  const [draft, setDraft] = useState<Draft>(() => toDraft(undefined))
  const [invalid, setInvalid] = useState<{ field: 'email' | 'customFields'; text: string } | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  // After "Add contact" → Save, the dialog returns focus to its trigger, which the card then
  // replaces with Edit once the new contact is listed: focus goes to Edit, not the page.
  const rootRef = useRef<HTMLElement>(null)
  const refocus = useRef(false)
  const contactId = contact?.id
  useEffect(() => {
    if (!refocus.current || contactId === undefined) return
    refocus.current = false
    const active = document.activeElement
    if (!active || active === document.body) rootRef.current?.querySelector<HTMLElement>('button')?.focus()
  }, [contactId])

  const root = (state: string, children: ReactNode) => (
    <section
      ref={rootRef}
      aria-label={s.label}
      {...props}
      className={cx('lk-ContactCard', className)}
      data-state={state}
    >
      {children}
    </section>
  )
  if (query.status === 'pending') return root('loading', <p role="status">{s.loading}</p>)
  if (query.status === 'error') {
    return root(
      'error',
      <div className="lk-Notice" data-tone="danger" role="alert">
        <p>
          {s.error} {describeLinekitError(query.error, 'load', errorStrings)}
        </p>
        <button type="button" className="lk-Button" onClick={() => void query.refetch()}>
          {s.retry}
        </button>
      </div>,
    )
  }

  const startEditing = () => {
    setDraft(toDraft(contact))
    setInvalid(null)
    setSaved(null)
    setMode('edit')
  }
  /** The custom fields to send, or a sentence saying what to fix. */
  const parseCustomFields = (): { value: Record<string, unknown> | null | undefined } | { problem: string } => {
    let value: Record<string, unknown>
    if (draft.json) {
      const text = draft.customFields.trim()
      if (text === '') return { value: contact ? null : undefined }
      try {
        const parsed: unknown = JSON.parse(text)
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
          return { problem: s.customFieldsInvalid }
        value = parsed as Record<string, unknown>
      } catch {
        return { problem: s.customFieldsInvalid }
      }
    } else {
      const rows = draft.rows.filter((r) => r.key.trim() !== '' || r.value.trim() !== '')
      if (rows.length === 0) return { value: contact ? null : undefined }
      value = {}
      for (const r of rows) {
        const key = r.key.trim()
        if (key === '') return { problem: s.emptyKey }
        if (key in value) return { problem: s.duplicateKey(key) }
        value[key] = r.value
      }
    }
    // spec: Limits — customFields at most 10,000 characters serialized: measured on compact JSON,
    // as the service serializes it, whatever the indentation typed here.
    const length = JSON.stringify(value).length
    if (length > MAX_CUSTOM_FIELDS_CHARS)
      return { problem: s.customFieldsTooLong(MAX_CUSTOM_FIELDS_CHARS.toLocaleString(), length.toLocaleString()) }
    return { value }
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (draft.email.trim() !== '' && !looksLikeEmail(draft.email.trim())) {
      setInvalid({ field: 'email', text: s.emailInvalid })
      return
    }
    const parsed = parseCustomFields()
    if ('problem' in parsed) {
      setInvalid({ field: 'customFields', text: parsed.problem })
      return
    }
    const customFields = parsed.value
    setInvalid(null)
    try {
      if (contact) {
        const orNull = (v: string) => (v.trim() === '' ? null : v.trim())
        await update.mutateAsync({
          contactId: contact.id,
          firstName: orNull(draft.firstName),
          lastName: orNull(draft.lastName),
          email: orNull(draft.email),
          note: orNull(draft.note),
          customFields: customFields ?? null,
        })
        setSaved(s.saved)
      } else {
        const opt = (v: string) => (v.trim() === '' ? undefined : v.trim())
        const body = {
          phone: phoneNumber,
          firstName: opt(draft.firstName),
          lastName: opt(draft.lastName),
          email: opt(draft.email),
          customFields: customFields ?? undefined,
        }
        // The response is the contact as it was before the merge (spec); the list is refetched.
        await create.mutateAsync(
          Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as typeof body,
        )
        setSaved(s.createdBeforeMerge)
        refocus.current = true
      }
      setMode('view')
    } catch {
      // shown below from the mutation's error
    }
  }

  const mutation = contact ? update : create
  const editor = () => {
    const field = (
      key: 'firstName' | 'lastName' | 'email' | 'note',
      label: string,
      type: 'text' | 'email' | 'textarea' = 'text',
    ) => (
      <div className="lk-Field">
        <label htmlFor={`${ids}-${key}`}>{label}</label>
        {type === 'textarea' ? (
          <textarea
            id={`${ids}-${key}`}
            rows={2}
            value={draft[key]}
            onChange={(e) => setDraft({ ...draft, [key]: e.currentTarget.value })}
          />
        ) : (
          <input
            id={`${ids}-${key}`}
            type={type}
            value={draft[key]}
            aria-invalid={invalid?.field === key || undefined}
            aria-describedby={invalid?.field === key ? `${ids}-invalid` : undefined}
            onChange={(e) => setDraft({ ...draft, [key]: e.currentTarget.value })}
          />
        )}
      </div>
    )
    const setRow = (id: number, patch: Partial<Row>) =>
      setDraft({ ...draft, rows: draft.rows.map((r) => (r.id === id ? { ...r, ...patch } : r)) })
    const customInvalid = invalid?.field === 'customFields'
    return (
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={contact ? s.edit : s.create}>
        <p className="lk-Notice" id={`${ids}-rules`}>
          {contact ? s.updateRules : s.createRules}
        </p>
        <p className="lk-ContactCard-phone">
          {s.phone}: {phoneNumber}
        </p>
        {field('firstName', s.firstName)}
        {field('lastName', s.lastName)}
        {field('email', s.email, 'email')}
        {/* The create endpoint has no note field; notes are set by editing. */}
        {contact ? field('note', s.note, 'textarea') : null}
        {draft.json ? (
          <div className="lk-Field">
            <label htmlFor={`${ids}-customFields`}>{s.customFieldsJson}</label>
            <textarea
              id={`${ids}-customFields`}
              rows={4}
              value={draft.customFields}
              aria-invalid={customInvalid || undefined}
              aria-describedby={customInvalid ? `${ids}-invalid` : undefined}
              onChange={(e) => setDraft({ ...draft, customFields: e.currentTarget.value })}
            />
          </div>
        ) : (
          <fieldset className="lk-ContactCard-rows" aria-describedby={customInvalid ? `${ids}-invalid` : undefined}>
            <legend>{s.customFields}</legend>
            {draft.rows.map((r, i) => (
              <div key={r.id} className="lk-ContactCard-row">
                <input
                  aria-label={`${s.fieldKey} ${i + 1}`}
                  placeholder={s.fieldKey}
                  value={r.key}
                  onChange={(e) => setRow(r.id, { key: e.currentTarget.value })}
                />
                <input
                  aria-label={`${s.fieldValue} ${i + 1}`}
                  placeholder={s.fieldValue}
                  value={r.value}
                  onChange={(e) => setRow(r.id, { value: e.currentTarget.value })}
                />
                <button
                  type="button"
                  className="lk-Button"
                  data-variant="ghost small"
                  aria-label={s.removeField(r.key.trim())}
                  onClick={() => setDraft({ ...draft, rows: draft.rows.filter((x) => x.id !== r.id) })}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </div>
            ))}
            <button
              type="button"
              className="lk-Button"
              data-variant="ghost small"
              onClick={() => setDraft({ ...draft, rows: [...draft.rows, row()] })}
            >
              {s.addField}
            </button>
          </fieldset>
        )}
        <button
          type="button"
          className="lk-Button"
          data-variant="ghost small"
          onClick={() => {
            const fields = Object.fromEntries(
              draft.rows.filter((r) => r.key.trim() !== '').map((r) => [r.key.trim(), r.value]),
            )
            setDraft(
              draft.json
                ? {
                    ...draft,
                    json: false,
                    rows: toDraft({ customFields: parseLoose(draft.customFields) }).rows,
                  }
                : {
                    ...draft,
                    json: true,
                    customFields: Object.keys(fields).length ? JSON.stringify(fields, null, 2) : '',
                  },
            )
          }}
        >
          {draft.json ? s.editAsRows : s.editAsJson}
        </button>
        {invalid ? (
          <p className="lk-Notice" data-tone="danger" role="alert" id={`${ids}-invalid`}>
            {invalid.text}
          </p>
        ) : null}
        {mutation.error ? (
          <p className="lk-Notice" data-tone="danger" role="alert">
            {describeLinekitError(mutation.error, contactErrorRule(errorStrings), errorStrings)}
          </p>
        ) : null}
        <div className="lk-ContactCard-actions">
          <button type="submit" className="lk-Button" disabled={mutation.isPending}>
            {mutation.isPending ? s.saving : s.save}
          </button>
          <Dialog.Close className="lk-Button" data-variant="ghost">
            {s.cancel}
          </Dialog.Close>
        </div>
      </form>
    )
  }
  // The editor is a modal dialog (Radix): focus moves in and stays, Escape closes, focus returns.
  const editDialog = (
    <Dialog.Portal>
      <Dialog.Overlay className="lk-Dialog-overlay" />
      <Dialog.Content className="lk-Dialog lk-ContactCard-dialog" aria-describedby={`${ids}-rules`}>
        <div className="lk-Dialog-head">
          <Dialog.Title className="lk-Dialog-title">{contact ? s.edit : s.create}</Dialog.Title>
          <Dialog.Close className="lk-Button" data-variant="ghost small" aria-label={s.close}>
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </div>
        {editor()}
      </Dialog.Content>
    </Dialog.Portal>
  )
  const dialogRoot = (trigger: ReactNode) => (
    <Dialog.Root
      open={mode === 'edit'}
      onOpenChange={(open) => {
        if (open) startEditing()
        else setMode('view')
      }}
    >
      {trigger}
      {editDialog}
    </Dialog.Root>
  )

  if (!contact) {
    return root(
      'empty',
      <>
        <p>{s.none}</p>
        {saved ? <p role="status">{saved}</p> : null}
        {editable ? dialogRoot(<Dialog.Trigger className="lk-Button">{s.create}</Dialog.Trigger>) : null}
      </>,
    )
  }
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ')
  const custom = contact.customFields ? Object.entries(contact.customFields) : []
  return root(
    'view',
    <>
      <p className="lk-ContactCard-name">{name || s.noName}</p>
      <dl className="lk-ContactCard-fields">
        <dt>{s.phone}</dt>
        <dd>{contact.phoneNumber}</dd>
        {contact.email ? (
          <>
            <dt>{s.email}</dt>
            <dd>{contact.email}</dd>
          </>
        ) : null}
        {contact.note ? (
          <>
            <dt>{s.note}</dt>
            <dd className="lk-ContactCard-note">{contact.note}</dd>
          </>
        ) : null}
        {custom.map(([k, v]) => (
          <div key={k} className="lk-ContactCard-custom">
            <dt>{k}</dt>
            <dd>{typeof v === 'string' ? v : JSON.stringify(v)}</dd>
          </div>
        ))}
      </dl>
      {saved ? <p role="status">{saved}</p> : null}
      {editable
        ? dialogRoot(
            <Dialog.Trigger className="lk-Button" data-variant="ghost">
              {s.edit}
            </Dialog.Trigger>,
          )
        : null}
    </>,
  )
}
