/**
 * Routes: send, messages list, single message, typing indicator, reactions, effects.
 */
import { messageHandleSchema, endpointsById } from '../../src/api'
import type { MockCore } from '../service/index'
import { getMessage, listMessages } from '../service/messageReading'
import { listEffects, sendMessage } from '../service/messageSending'
import { sendReaction, sendTyping } from '../service/typingAndReactions'
import { parseBody, parseQuery, parseWith, route } from './route'
import type { MockRoute } from './mockRouter'

/** Routes of the messaging endpoints. */
export function messageRoutes(core: MockCore): MockRoute[] {
  return [
    route(core, { endpoint: 'sendMessage' }, async ({ request, state, caller }) =>
      sendMessage(state, caller.account, await parseBody(request, endpointsById.sendMessage.request)),
    ),
    route(core, { endpoint: 'getMessages' }, ({ url, state, caller }) =>
      listMessages(state, caller.account, parseQuery(url, endpointsById.getMessages.request)),
    ),
    route(core, { endpoint: 'getMessage' }, ({ params, state, caller }) => {
      const raw = params.message_handle
      const handle = parseWith(messageHandleSchema, typeof raw === 'string' ? raw : '')
      return getMessage(state, caller.account, handle)
    }),
    route(core, { endpoint: 'sendTyping' }, async ({ request, state, caller }) =>
      sendTyping(state, caller.account, await parseBody(request, endpointsById.sendTyping.request)),
    ),
    route(core, { endpoint: 'sendReaction' }, async ({ request, state, caller }) =>
      sendReaction(state, caller.account, await parseBody(request, endpointsById.sendReaction.request)),
    ),
    route(core, { endpoint: 'getEffects' }, () => listEffects()),
  ]
}
