/** `POST /enroll-flow`: a contact into a published Workflow, starting a run. */
import { MESSAGING, defineEndpoint, defineRoute } from './define'
import { enrollRequestSchema, enrollResponseSchema } from '../schemas'

export const enrollFlowRoute = defineRoute({
  id: 'enrollFlow',
  method: 'POST',
  path: '/enroll-flow',
  host: 'base',
  statuses: MESSAGING,
  idempotent: false,
  errorShape: 'messaging',
  line: { in: 'body', field: 'pb_line_id', required: false },
})

export const enrollFlow = /* @__PURE__ */ defineEndpoint(enrollFlowRoute, {
  summary: 'Enroll a contact into a published Workflow, starting a run.',
  request: enrollRequestSchema,
  response: enrollResponseSchema,
})
