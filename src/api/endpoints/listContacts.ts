/** The `listContacts` endpoint: its route (`./listContactsRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { listContactsRoute } from './listContactsRoute'
import { contactsQuerySchema, contactsListResponseSchema } from '../schemas'

export const listContacts = /* @__PURE__ */ defineEndpoint(listContactsRoute, {
  summary: 'List native contacts.',
  request: contactsQuerySchema,
  response: contactsListResponseSchema,
})
