/**
 * Route: group send. Shape by `groupSendRequestSchema`; the recipient rules (E.164,
 * email/chat handles, 2–32 after de-duplication) are applied by the service.
 */
import { sendGroupMessage } from '../service/groupThreads'
import type { MockCore } from '../service/index'
import { route } from './route'
import type { MockRoute } from './mockRouter'

/** Routes of the group endpoints. */
export function groupRoutes(core: MockCore): MockRoute[] {
  return [
    route(core, 'sendGroupMessage', async ({ state, caller, input }) =>
      sendGroupMessage(state, caller.account, await input()),
    ),
  ]
}
