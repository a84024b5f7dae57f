/**
 * Route: outbound dialer call logs. spec: GET /get-call-logs-api.
 */
import { listCallLogs } from '../service/dialerCallLogs'
import type { MockCore } from '../service/index'
import { route } from './route'
import type { MockRoute } from './mockRouter'

/** Routes of the call-logs endpoint. */
export function callLogRoutes(core: MockCore): MockRoute[] {
  return [
    route(core, 'getCallLogs', async ({ state, caller, input }) => listCallLogs(state, caller.account, await input())),
  ]
}
