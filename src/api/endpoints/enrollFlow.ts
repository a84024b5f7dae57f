/** The `enrollFlow` endpoint: its route (`./enrollFlowRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { enrollFlowRoute } from './enrollFlowRoute'
import { enrollRequestSchema, enrollResponseSchema } from '../schemas'

export const enrollFlow = /* @__PURE__ */ defineEndpoint(enrollFlowRoute, {
  summary: 'Enroll a contact into a published Workflow, starting a run.',
  request: enrollRequestSchema,
  response: enrollResponseSchema,
})
