/**
 * The native contact store. spec: POST /create-external-contact (upsert rules), and the
 * update/list operations referenced without a shape (shapes in src/api/ASSUMPTIONS.md).
 */
import { checkCustomFields } from './common'
import { fail } from './serviceErrors'
import { requirePhone } from './phoneNumbers'
import type { MockState } from './mockState'
import type { Account, Contact } from './stateRecords'

/** The public contact object. spec: Contact object. */
interface ContactView {
  id: string
  firstName: string | null
  lastName: string | null
  phoneNumber: string
  email: string | null
  customFields: Record<string, unknown> | null
  note: string | null
  createdAt: string
  updatedAt: string
}

/** Renders a contact (a snapshot: later merges do not change it). */
function toContactView(contact: Contact): ContactView {
  return {
    id: contact.id,
    firstName: contact.firstName,
    lastName: contact.lastName,
    phoneNumber: contact.phoneNumber,
    email: contact.email,
    customFields: contact.customFields === null ? null : { ...contact.customFields },
    note: contact.note,
    createdAt: new Date(contact.createdAt).toISOString(),
    updatedAt: new Date(contact.updatedAt).toISOString(),
  }
}

/** Fields a create/upsert may carry. */
interface ContactFields {
  firstName?: string | undefined
  lastName?: string | undefined
  email?: string | undefined
  customFields?: Record<string, unknown> | undefined
}

const empty = (v: string | null | undefined) => v === null || v === undefined || v === ''

/**
 * Creates or merges a contact by E.164 phone; returns the contact as it was BEFORE the merge
 * (spec: upsert rule 4), or the new contact when it did not exist.
 */
export function upsertContact(state: MockState, account: Account, phone: string, fields: ContactFields): ContactView {
  const customFields = checkCustomFields(fields.customFields)
  const now = state.clock.now()
  const existing = account.contactsByPhone.get(phone)
  if (!existing) {
    state.counters.contact += 1
    const contact: Contact = {
      id: `ct_${state.ids.token('', 16)}`,
      firstName: empty(fields.firstName) ? null : (fields.firstName as string),
      lastName: empty(fields.lastName) ? null : (fields.lastName as string),
      phoneNumber: phone,
      email: empty(fields.email) ? null : (fields.email as string),
      customFields: customFields === undefined ? null : { ...customFields },
      note: null,
      createdAt: now,
      updatedAt: now,
    }
    account.contactsByPhone.set(phone, contact)
    account.contactsById.set(contact.id, contact)
    account.contacts.push(contact)
    return toContactView(contact)
  }
  const before = toContactView(existing)
  let changed = false
  // spec: upsert rule 1 — names only fill an empty stored value; a new name is discarded.
  if (empty(existing.firstName) && !empty(fields.firstName)) {
    existing.firstName = fields.firstName as string
    changed = true
  }
  if (empty(existing.lastName) && !empty(fields.lastName)) {
    existing.lastName = fields.lastName as string
    changed = true
  }
  // spec: upsert rule 2 — email overwrites whenever a non-empty value is sent.
  if (!empty(fields.email) && fields.email !== existing.email) {
    existing.email = fields.email as string
    changed = true
  }
  // spec: upsert rule 3 — customFields shallow-merged; `{}` changes nothing.
  if (customFields !== undefined && Object.keys(customFields).length > 0) {
    const merged = { ...(existing.customFields ?? {}), ...customFields }
    checkCustomFields(merged)
    existing.customFields = merged
    changed = true
  }
  if (changed) existing.updatedAt = now
  return before
}

/** POST /create-external-contact. */
export function createContact(
  state: MockState,
  account: Account,
  input: ContactFields & { phone: string },
): { contact: ContactView } {
  const phone = requirePhone(input.phone, 'phone')
  return { contact: upsertContact(state, account, phone, input) }
}

/** Input of the update operation (@assumed: ASSUMPTIONS.md). */
interface UpdateContactInput {
  contactId: string
  firstName?: string | null | undefined
  lastName?: string | null | undefined
  email?: string | null | undefined
  note?: string | null | undefined
  customFields?: Record<string, unknown> | null | undefined
}

/** POST /update-external-contact: sets the given fields; `customFields` replaces the whole object. */
export function updateContact(state: MockState, account: Account, input: UpdateContactInput): { contact: ContactView } {
  const contact = account.contactsById.get(input.contactId)
  if (!contact) throw fail(404, 'contact_not_found', 'Contact not found', 'Use a contact id from the contacts list.')
  const customFields = input.customFields === null ? null : checkCustomFields(input.customFields)
  if (input.firstName !== undefined) contact.firstName = empty(input.firstName) ? null : input.firstName
  if (input.lastName !== undefined) contact.lastName = empty(input.lastName) ? null : input.lastName
  if (input.email !== undefined) contact.email = empty(input.email) ? null : input.email
  if (input.note !== undefined) contact.note = empty(input.note) ? null : input.note
  // spec: Endpoints referenced without a shape — update replaces customFields wholesale.
  if (customFields !== undefined) contact.customFields = customFields === null ? null : { ...customFields }
  contact.updatedAt = state.clock.now()
  return { contact: toContactView(contact) }
}

/** Query of the list operation (@assumed: ASSUMPTIONS.md). */
interface ListContactsInput {
  limit?: number | undefined
  offset?: number | undefined
  phone?: string | undefined
}

/** GET /get-external-contacts: `{ contacts, pagination }`, creation order. */
export function listContacts(_state: MockState, account: Account, input: ListContactsInput) {
  const limit = input.limit ?? 100
  const offset = input.offset ?? 0
  checkPage(limit, offset)
  let all = account.contacts
  if (input.phone !== undefined) {
    const phone = requirePhone(input.phone, 'phone')
    const one = account.contactsByPhone.get(phone)
    all = one ? [one] : []
  }
  return {
    contacts: all.slice(offset, offset + limit).map(toContactView),
    pagination: { limit, offset, total: all.length },
  }
}

/** spec: Limits — page size 1–100, offset ≥ 0, offset + limit ≤ 2000. */
export function checkPage(limit: number, offset: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw fail(400, 'invalid_request', 'limit must be an integer from 1 to 100', 'Page with limit ≤ 100.')
  }
  if (!Number.isInteger(offset) || offset < 0) {
    throw fail(400, 'invalid_request', 'offset must be an integer ≥ 0', 'Start at offset 0.')
  }
  if (offset + limit > 2000) {
    throw fail(
      400,
      'invalid_request',
      'offset + limit must be at most 2000',
      'Page deeper history by a time bound (created_at_lte) instead of offset.',
    )
  }
}
