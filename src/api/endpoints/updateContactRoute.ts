/** `POST /update-external-contact` (assumed: ASSUMPTIONS.md). */
import { MESSAGING, defineRoute } from './define'

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
