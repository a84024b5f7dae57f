/** `POST /create-external-contact`: upsert by phone; answers the contact before the merge. */
import { MESSAGING, defineRoute } from './define'

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
