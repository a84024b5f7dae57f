/**
 * MSW handlers: workflow listing, enrolment and run cancel.
 */
import type { HttpHandler } from 'msw'
import { cancelRunRequestSchema, enrollRequestSchema } from '../../src/api'
import type { MockCore } from '../service/index'
import { cancelRun, enroll, listFlows } from '../service/workflowRuns'
import { parseBody, route } from './route'

/** Handlers of the workflow endpoints. */
export function workflowsHandlers(core: MockCore): HttpHandler[] {
  return [
    route(core, { method: 'GET', path: '/get-flows' }, ({ state, caller }) => listFlows(state, caller.account)),
    route(core, { method: 'POST', path: '/enroll-flow' }, async ({ request, state, caller }) =>
      enroll(state, caller.account, await parseBody(request, enrollRequestSchema)),
    ),
    route(core, { method: 'POST', path: '/cancel-flow-run' }, async ({ request, state, caller }) =>
      cancelRun(state, caller.account, await parseBody(request, cancelRunRequestSchema)),
    ),
  ]
}
