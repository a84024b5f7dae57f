'use client'
import { useId, useState, type FormEvent, type HTMLAttributes, type ReactNode } from 'react'
import type { Contact } from '../api/schemas'
import { MAX_CUSTOM_FIELDS_CHARS } from '../api/limits'
import { useContacts } from '../hooks/useContacts'
import { useCreateContact } from '../hooks/useCreateContact'
import { useUpdateContact } from '../hooks/useUpdateContact'
import { cx } from './internal/cx'
import { mergeStrings, type StringOverrides } from './internal/mergeStrings'
import {
  contactErrorRule,
  describeLinekitError,
  type ContactErrorStrings,
  type LinekitErrorStrings,
} from './errorMessages'

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
  customFields: 'Custom fields (JSON object)',
  noName: 'No name',
  createRules:
    'If this number is already stored: a name is filled in only where none is stored yet, a non-empty email replaces the stored one, and custom fields are merged key by key.',
  updateRules: 'Saving replaces every field shown here; custom fields are replaced as a whole, not merged.',
  customFieldsInvalid: 'Custom fields must be a JSON object, e.g. {"plan": "gold"}.',
  customFieldsTooLong: (max: string) => `Custom fields may be at most ${max} characters as JSON.`,
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

type Draft = { firstName: string; lastName: string; email: string; note: string; customFields: string }

const toDraft = (c: Contact | undefined): Draft => ({
  firstName: c?.firstName ?? '',
  lastName: c?.lastName ?? '',
  email: c?.email ?? '',
  note: c?.note ?? '',
  customFields: c?.customFields ? JSON.stringify(c.customFields, null, 2) : '',
})

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
  const contact = query.data?.contacts[0]
  const [mode, setMode] = useState<'view' | 'edit'>('view')
  const [draft, setDraft] = useState<Draft>(() => toDraft(undefined))
  const [invalid, setInvalid] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)

  const root = (state: string, children: ReactNode) => (
    <section aria-label={s.label} {...props} className={cx('lk-ContactCard', className)} data-state={state}>
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
  const parseCustomFields = (): Record<string, unknown> | null | undefined | false => {
    const text = draft.customFields.trim()
    if (text === '') return contact ? null : undefined
    if (text.length > MAX_CUSTOM_FIELDS_CHARS) return false
    try {
      const value: unknown = JSON.parse(text)
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
      // spec: Limits — customFields at most 10,000 characters serialized
      if (JSON.stringify(value).length > MAX_CUSTOM_FIELDS_CHARS) return false
      return value as Record<string, unknown>
    } catch {
      return false
    }
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const customFields = parseCustomFields()
    if (customFields === false) {
      const tooLong = draft.customFields.length > MAX_CUSTOM_FIELDS_CHARS
      return setInvalid(
        tooLong ? s.customFieldsTooLong(MAX_CUSTOM_FIELDS_CHARS.toLocaleString()) : s.customFieldsInvalid,
      )
    }
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
      }
      setMode('view')
    } catch {
      // shown below from the mutation's error
    }
  }

  const mutation = contact ? update : create
  if (mode === 'edit') {
    const field = (key: keyof Draft, label: string, type: 'text' | 'email' | 'textarea' = 'text') => (
      <div className="lk-Field">
        <label htmlFor={`${ids}-${key}`}>{label}</label>
        {type === 'textarea' ? (
          <textarea
            id={`${ids}-${key}`}
            rows={key === 'customFields' ? 4 : 2}
            value={draft[key]}
            aria-invalid={(key === 'customFields' && invalid !== null) || undefined}
            onChange={(e) => setDraft({ ...draft, [key]: e.currentTarget.value })}
          />
        ) : (
          <input
            id={`${ids}-${key}`}
            type={type}
            value={draft[key]}
            onChange={(e) => setDraft({ ...draft, [key]: e.currentTarget.value })}
          />
        )}
      </div>
    )
    return root(
      contact ? 'editing' : 'creating',
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
        {field('customFields', s.customFields, 'textarea')}
        {invalid ? (
          <p className="lk-Notice" data-tone="danger" role="alert">
            {invalid}
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
          <button type="button" className="lk-Button" data-variant="ghost" onClick={() => setMode('view')}>
            {s.cancel}
          </button>
        </div>
      </form>,
    )
  }

  if (!contact) {
    return root(
      'empty',
      <>
        <p>{s.none}</p>
        {saved ? <p role="status">{saved}</p> : null}
        {editable ? (
          <button type="button" className="lk-Button" onClick={startEditing}>
            {s.create}
          </button>
        ) : null}
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
      {editable ? (
        <button type="button" className="lk-Button" data-variant="ghost" onClick={startEditing}>
          {s.edit}
        </button>
      ) : null}
    </>,
  )
}
