/**
 * Routes: group send, and linekit/server's groups (`kitRoutes`' listGroups). Shape by `groupSendRequestSchema`; the recipient rules (E.164,
 * email/chat handles, 2–32 after de-duplication) are applied by the service.
 */
import { kitRoutes } from '../../src/api/endpoints/routes'
import { groupsQuerySchema } from '../../src/api/groups'
import { listGroups, sendGroupMessage } from '../service/groupThreads'
import type { MockCore } from '../service/index'
import { parseQuery, route } from './route'
import type { MockRoute } from './mockRouter'

/** linekit/server's groups, as `src/api` defines it for the client. */
const groupsRoute = kitRoutes.find((r) => r.id === 'listGroups')!

/** Routes of the group endpoints. */
export function groupRoutes(core: MockCore): MockRoute[] {
  return [
    route(core, 'sendGroupMessage', async ({ state, caller, input }) =>
      sendGroupMessage(state, caller.account, await input()),
    ),
    // Not a service endpoint: linekit/server's groups (src/api/groups.ts), served here too so a
    // page on the mock alone loads them. It spends none of the key's budget.
    route(core, { method: groupsRoute.method, path: groupsRoute.path, rateLimit: null }, ({ url, state, caller }) =>
      listGroups(state, caller.account, parseQuery(url, groupsQuerySchema)),
    ),
  ]
}
