/** The `createContact` endpoint: its route (`./createContactRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { createContactRoute } from './createContactRoute'
import { createContactRequestSchema, contactResponseSchema } from '../schemas'

export const createContact = /* @__PURE__ */ defineEndpoint(createContactRoute, {
  summary: 'Create a contact, or upsert by phone number.',
  request: createContactRequestSchema,
  response: contactResponseSchema,
})
