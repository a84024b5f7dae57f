/**
 * Routes: create (upsert), update and list contacts.
 */
import { endpointsById } from '../../src/api'
import { createContact, listContacts, updateContact } from '../service/nativeContacts'
import type { MockCore } from '../service/index'
import { parseBody, parseQuery, route } from './route'
import type { MockRoute } from './mockRouter'

/** Routes of the contact endpoints. */
export function contactRoutes(core: MockCore): MockRoute[] {
  return [
    route(core, { endpoint: 'createContact' }, async ({ request, state, caller }) =>
      createContact(state, caller.account, await parseBody(request, endpointsById.createContact.request)),
    ),
    route(core, { endpoint: 'updateContact' }, async ({ request, state, caller }) =>
      updateContact(state, caller.account, await parseBody(request, endpointsById.updateContact.request)),
    ),
    route(core, { endpoint: 'listContacts' }, ({ url, state, caller }) =>
      listContacts(state, caller.account, parseQuery(url, endpointsById.listContacts.request)),
    ),
  ]
}
