/**
 * MSW handler: outbound dialer call logs. spec: GET /get-call-logs-api.
 */
import type { HttpHandler } from 'msw'
import { callLogsQuerySchema } from '../../src/api'
import { listCallLogs } from '../service/dialerCallLogs'
import type { MockCore } from '../service/index'
import { parseQuery, route } from './route'

/** Handlers of the call-logs endpoint. */
export function callLogsHandlers(core: MockCore): HttpHandler[] {
  return [
    route(core, { method: 'GET', path: '/get-call-logs-api' }, ({ url, state, caller }) =>
      listCallLogs(state, caller.account, parseQuery(url, callLogsQuerySchema)),
    ),
  ]
}
