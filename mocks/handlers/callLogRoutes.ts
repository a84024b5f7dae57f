/**
 * Route: outbound dialer call logs. spec: GET /get-call-logs-api.
 */
import { endpointsById } from '../../src/api'
import { listCallLogs } from '../service/dialerCallLogs'
import type { MockCore } from '../service/index'
import { parseQuery, route } from './route'
import type { MockRoute } from './mockRouter'

/** Routes of the call-logs endpoint. */
export function callLogRoutes(core: MockCore): MockRoute[] {
  return [
    route(core, { endpoint: 'getCallLogs' }, ({ url, state, caller }) =>
      listCallLogs(state, caller.account, parseQuery(url, endpointsById.getCallLogs.request)),
    ),
  ]
}
