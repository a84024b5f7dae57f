/**
 * Routes: lines listing and native-chat availability.
 */
import { endpointsById } from '../../src/api'
import type { MockCore } from '../service/index'
import { checkAvailability, listLines } from '../service/phoneLines'
import { parseBody, route } from './route'
import type { MockRoute } from './mockRouter'

/** Routes of the line endpoints. */
export function lineRoutes(core: MockCore): MockRoute[] {
  return [
    route(core, { endpoint: 'getLines' }, ({ state, caller }) => listLines(state, caller.account)),
    route(core, { endpoint: 'checkAvailability' }, async ({ request, state, caller }) =>
      checkAvailability(state, caller.account, await parseBody(request, endpointsById.checkAvailability.request)),
    ),
  ]
}
