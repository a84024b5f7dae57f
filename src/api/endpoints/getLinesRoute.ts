/** `GET /get-lines`: the lines, an array or a trial descriptor. */
import { MESSAGING, defineRoute } from './define'

export const getLinesRoute = defineRoute({
  id: 'getLines',
  method: 'GET',
  path: '/get-lines',
  host: 'base',
  statuses: MESSAGING,
  idempotent: true,
  errorShape: 'messaging',
  line: { in: 'lines' },
})
