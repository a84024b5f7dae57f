/** `POST /enroll-flow`: a contact into a published Workflow, starting a run. */
import { MESSAGING, defineRoute } from './define'

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
