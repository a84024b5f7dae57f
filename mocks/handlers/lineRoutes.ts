/**
 * Routes: lines listing and native-chat availability.
 */
import type { MockCore } from '../service/index'
import { checkAvailability, listLines } from '../service/phoneLines'
import { route } from './route'
import type { MockRoute } from './mockRouter'

/** Routes of the line endpoints. */
export function lineRoutes(core: MockCore): MockRoute[] {
  return [
    route(core, 'getLines', ({ state, caller }) => listLines(state, caller.account)),
    route(core, 'checkAvailability', async ({ state, caller, input }) =>
      checkAvailability(state, caller.account, await input()),
    ),
  ]
}
