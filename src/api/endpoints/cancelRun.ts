/** `POST /cancel-flow-run` (assumed: ASSUMPTIONS.md). */
import { MESSAGING, defineEndpoint, defineRoute } from './define'
import { cancelRunRequestSchema, cancelRunResponseSchema } from '../schemas'

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

export const cancelRun = /* @__PURE__ */ defineEndpoint(cancelRunRoute, {
  summary: 'Cancel a Workflow run.',
  request: cancelRunRequestSchema,
  response: cancelRunResponseSchema,
})
