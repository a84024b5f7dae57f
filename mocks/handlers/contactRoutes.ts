/**
 * MSW handlers: create (upsert), update and list contacts.
 */
import type { HttpHandler } from 'msw'
import { contactsQuerySchema, createContactRequestSchema, updateContactRequestSchema } from '../../src/api'
import { createContact, listContacts, updateContact } from '../service/nativeContacts'
import type { MockCore } from '../service/index'
import { parseBody, parseQuery, route } from './route'

/** Handlers of the contact endpoints. */
export function contactsHandlers(core: MockCore): HttpHandler[] {
  return [
    route(core, { method: 'POST', path: '/create-external-contact' }, async ({ request, state, caller }) =>
      createContact(state, caller.account, await parseBody(request, createContactRequestSchema)),
    ),
    route(core, { method: 'POST', path: '/update-external-contact' }, async ({ request, state, caller }) =>
      updateContact(state, caller.account, await parseBody(request, updateContactRequestSchema)),
    ),
    route(core, { method: 'GET', path: '/get-external-contacts' }, ({ url, state, caller }) =>
      listContacts(state, caller.account, parseQuery(url, contactsQuerySchema)),
    ),
  ]
}
