/** `GET /get-external-contacts` (assumed: ASSUMPTIONS.md). */
import { MESSAGING, defineRoute } from './define'

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
