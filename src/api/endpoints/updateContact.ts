/** The `updateContact` endpoint: its route (`./updateContactRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { updateContactRoute } from './updateContactRoute'
import { updateContactRequestSchema, contactResponseSchema } from '../schemas'

export const updateContact = /* @__PURE__ */ defineEndpoint(updateContactRoute, {
  summary: 'Update a contact by contactId; customFields is replaced wholesale.',
  request: updateContactRequestSchema,
  response: contactResponseSchema,
})
