/** The `listWorkflows` endpoint: its route (`./listWorkflowsRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { listWorkflowsRoute } from './listWorkflowsRoute'
import { workflowsResponseSchema } from '../schemas'

export const listWorkflows = /* @__PURE__ */ defineEndpoint(listWorkflowsRoute, {
  summary: 'List Workflows (the source of flowId).',
  response: workflowsResponseSchema,
})
