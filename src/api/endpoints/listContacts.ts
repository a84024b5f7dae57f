/** `GET /get-external-contacts` (assumed: ASSUMPTIONS.md). */
import { MESSAGING, defineEndpoint, defineRoute } from './define'
import { contactsQuerySchema, contactsListResponseSchema } from '../schemas'

export const listContactsRoute = defineRoute({
  id: 'listContacts',
  method: 'GET',
  path: '/get-external-contacts',
  host: 'base',
  statuses: MESSAGING,
  assumed: true,
  idempotent: true,
  errorShape: 'messaging',
  query: ['limit', 'offset', 'phone'],
  line: { in: 'none' },
})

export const listContacts = /* @__PURE__ */ defineEndpoint(listContactsRoute, {
  summary: 'List native contacts.',
  request: contactsQuerySchema,
  response: contactsListResponseSchema,
})
