/** `POST /update-external-contact` (assumed: ASSUMPTIONS.md). */
import { MESSAGING, defineEndpoint, defineRoute } from './define'
import { updateContactRequestSchema, contactResponseSchema } from '../schemas'

export const updateContactRoute = defineRoute({
  id: 'updateContact',
  method: 'POST',
  path: '/update-external-contact',
  host: 'base',
  statuses: MESSAGING,
  assumed: true,
  idempotent: false,
  errorShape: 'messaging',
  line: { in: 'none' },
})

export const updateContact = /* @__PURE__ */ defineEndpoint(updateContactRoute, {
  summary: 'Update a contact by contactId; customFields is replaced wholesale.',
  request: updateContactRequestSchema,
  response: contactResponseSchema,
})
