/** `GET /get-flows` (assumed: ASSUMPTIONS.md): the Workflows, the source of flowId. */
import { MESSAGING, defineEndpoint, defineRoute } from './define'
import { workflowsResponseSchema } from '../schemas'

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

export const listWorkflows = /* @__PURE__ */ defineEndpoint(listWorkflowsRoute, {
  summary: 'List Workflows (the source of flowId).',
  response: workflowsResponseSchema,
})
