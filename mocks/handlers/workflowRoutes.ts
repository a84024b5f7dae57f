/**
 * Routes: workflow listing, enrolment and run cancel.
 */
import { endpointsById } from '../../src/api'
import type { MockCore } from '../service/index'
import { cancelRun, enroll, listFlows } from '../service/workflowRuns'
import { parseBody, route } from './route'
import type { MockRoute } from './mockRouter'

/** Routes of the workflow endpoints. */
export function workflowRoutes(core: MockCore): MockRoute[] {
  return [
    route(core, { endpoint: 'listWorkflows' }, ({ state, caller }) => listFlows(state, caller.account)),
    route(core, { endpoint: 'enrollFlow' }, async ({ request, state, caller }) =>
      enroll(state, caller.account, await parseBody(request, endpointsById.enrollFlow.request)),
    ),
    route(core, { endpoint: 'cancelRun' }, async ({ request, state, caller }) =>
      cancelRun(state, caller.account, await parseBody(request, endpointsById.cancelRun.request)),
    ),
  ]
}
