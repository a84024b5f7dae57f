/** `GET /get-flows` (assumed: ASSUMPTIONS.md): the Workflows, the source of flowId. */
import { MESSAGING, defineRoute } from './define'

export const listWorkflowsRoute = defineRoute({
  id: 'listWorkflows',
  method: 'GET',
  path: '/get-flows',
  host: 'base',
  statuses: MESSAGING,
  assumed: true,
  idempotent: true,
  errorShape: 'messaging',
  line: { in: 'none' },
})
