/**
 * Routes: workflow listing, enrolment and run cancel.
 */
import type { MockCore } from '../service/index'
import { cancelRun, enroll, listFlows } from '../service/workflowRuns'
import { route } from './route'
import type { MockRoute } from './mockRouter'

/** Routes of the workflow endpoints. */
export function workflowRoutes(core: MockCore): MockRoute[] {
  return [
    route(core, 'listWorkflows', ({ state, caller }) => listFlows(state, caller.account)),
    route(core, 'enrollFlow', async ({ state, caller, input }) => enroll(state, caller.account, await input())),
    route(core, 'cancelRun', async ({ state, caller, input }) => cancelRun(state, caller.account, await input())),
  ]
}
