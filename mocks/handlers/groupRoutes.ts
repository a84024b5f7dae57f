/**
 * MSW handler: group send. Shape by `groupSendRequestSchema`; the recipient rules (E.164,
 * email/chat handles, 2–32 after de-duplication) are applied by the service.
 */
import type { HttpHandler } from 'msw'
import { groupSendRequestSchema } from '../../src/api'
import { sendGroupMessage } from '../service/groupThreads'
import type { MockCore } from '../service/index'
import { parseBody, route } from './route'

/** Handlers of the group endpoints. */
export function groupsHandlers(core: MockCore): HttpHandler[] {
  return [
    route(core, { method: 'POST', path: '/send-group-message' }, async ({ request, state, caller }) =>
      sendGroupMessage(state, caller.account, await parseBody(request, groupSendRequestSchema)),
    ),
  ]
}
