/** `POST /create-external-contact`: upsert by phone; answers the contact before the merge. */
import { MESSAGING, defineEndpoint, defineRoute } from './define'
import { createContactRequestSchema, contactResponseSchema } from '../schemas'

export const createContactRoute = defineRoute({
  id: 'createContact',
  method: 'POST',
  path: '/create-external-contact',
  host: 'base',
  statuses: MESSAGING,
  idempotent: false,
  errorShape: 'messaging',
  line: { in: 'none' },
})

export const createContact = /* @__PURE__ */ defineEndpoint(createContactRoute, {
  summary: 'Create a contact, or upsert by phone number.',
  request: createContactRequestSchema,
  response: contactResponseSchema,
})
