/**
 * Routes: create (upsert), update and list contacts.
 */
import { createContact, listContacts, updateContact } from '../service/nativeContacts'
import type { MockCore } from '../service/index'
import { route } from './route'
import type { MockRoute } from './mockRouter'

/** Routes of the contact endpoints. */
export function contactRoutes(core: MockCore): MockRoute[] {
  return [
    route(core, 'createContact', async ({ state, caller, input }) =>
      createContact(state, caller.account, await input()),
    ),
    route(core, 'updateContact', async ({ state, caller, input }) =>
      updateContact(state, caller.account, await input()),
    ),
    route(core, 'listContacts', async ({ state, caller, input }) => listContacts(state, caller.account, await input())),
  ]
}
