import type { Contact, CreateContactRequest, UpdateContactRequest } from '../../../api/schemas'
import { MAX_CUSTOM_FIELDS_CHARS } from '../../../api/limits'
import { looksLikeEmail } from './looksLikeEmail'
import type { ContactCardStrings } from './contactCardStrings'

/** One custom field being edited as a row (its value as a string). */
export type ContactFieldRow = { id: number; key: string; value: string }

/** The contact being edited or created, as the form holds it. */
export type ContactDraft = {
  firstName: string
  lastName: string
  email: string
  note: string
  /** Custom fields as rows (string values), or as raw JSON (the advanced option). */
  json: boolean
  rows: ContactFieldRow[]
  customFields: string
}

/** What the form refuses before any request, and the sentence that says so. */
export type ContactDraftProblem = { field: 'email' | 'customFields'; text: string }

let rowIds = 0
export const fieldRow = (key = '', value = ''): ContactFieldRow => ({ id: ++rowIds, key, value })

export function toDraft(c: (Pick<Contact, 'customFields'> & Partial<Contact>) | undefined): ContactDraft {
  const fields = c?.customFields ?? {}
  // Values other than strings (numbers, nested objects) stay exact by being edited as JSON.
  const allStrings = Object.values(fields).every((v) => typeof v === 'string')
  return {
    firstName: c?.firstName ?? '',
    lastName: c?.lastName ?? '',
    email: c?.email ?? '',
    note: c?.note ?? '',
    json: !allStrings,
    rows: Object.entries(fields).map(([k, v]) => fieldRow(k, typeof v === 'string' ? v : JSON.stringify(v))),
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

/** The same custom fields edited the other way: rows become indented JSON, JSON becomes rows. */
export function toggleJson(draft: ContactDraft): ContactDraft {
  if (draft.json) return { ...draft, json: false, rows: toDraft({ customFields: parseLoose(draft.customFields) }).rows }
  const fields = Object.fromEntries(draft.rows.filter((r) => r.key.trim() !== '').map((r) => [r.key.trim(), r.value]))
  return { ...draft, json: true, customFields: Object.keys(fields).length ? JSON.stringify(fields, null, 2) : '' }
}

/**
 * The custom fields to send, or a sentence saying what to fix. Empty means "none": `null` on an
 * update (clears them), `undefined` on a create (not sent).
 */
function parseCustomFields(
  draft: ContactDraft,
  updating: boolean,
  s: ContactCardStrings,
): { value: Record<string, unknown> | null | undefined } | { problem: string } {
  let value: Record<string, unknown>
  if (draft.json) {
    const text = draft.customFields.trim()
    if (text === '') return { value: updating ? null : undefined }
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
    if (rows.length === 0) return { value: updating ? null : undefined }
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

/**
 * The request a draft becomes, or what to fix first. Editing replaces every field (empty ones
 * become `null`); creating sends only what was filled in, and no note (the create endpoint has none).
 */
export function draftRequest(
  draft: ContactDraft,
  target: { contactId: string } | { phone: string },
  s: ContactCardStrings,
): { update: UpdateContactRequest } | { create: CreateContactRequest } | { problem: ContactDraftProblem } {
  if (draft.email.trim() !== '' && !looksLikeEmail(draft.email.trim()))
    return { problem: { field: 'email', text: s.emailInvalid } }
  const updating = 'contactId' in target
  const parsed = parseCustomFields(draft, updating, s)
  if ('problem' in parsed) return { problem: { field: 'customFields', text: parsed.problem } }
  if (updating) {
    const orNull = (v: string) => (v.trim() === '' ? null : v.trim())
    return {
      update: {
        contactId: target.contactId,
        firstName: orNull(draft.firstName),
        lastName: orNull(draft.lastName),
        email: orNull(draft.email),
        note: orNull(draft.note),
        customFields: parsed.value ?? null,
      },
    }
  }
  const opt = (v: string) => (v.trim() === '' ? undefined : v.trim())
  const body = {
    phone: target.phone,
    firstName: opt(draft.firstName),
    lastName: opt(draft.lastName),
    email: opt(draft.email),
    customFields: parsed.value ?? undefined,
  }
  return { create: Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as CreateContactRequest }
}
