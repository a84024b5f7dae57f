/** `POST /cancel-flow-run` (assumed: ASSUMPTIONS.md). */
import { MESSAGING, defineRoute } from './define'

export const cancelRunRoute = defineRoute({
  id: 'cancelRun',
  method: 'POST',
  path: '/cancel-flow-run',
  host: 'base',
  statuses: MESSAGING,
  assumed: true,
  idempotent: false,
  errorShape: 'messaging',
  line: { in: 'run' },
})
