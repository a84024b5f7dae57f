/**
 * Routes: send, messages list, single message, typing indicator, reactions, effects.
 */
import { messageHandleSchema } from '../../src/api'
import type { MockCore } from '../service/index'
import { getMessage, listMessages } from '../service/messageReading'
import { listEffects, sendMessage } from '../service/messageSending'
import { sendReaction, sendTyping } from '../service/typingAndReactions'
import { parseWith, route } from './route'
import type { MockRoute } from './mockRouter'

/** Routes of the messaging endpoints. */
export function messageRoutes(core: MockCore): MockRoute[] {
  return [
    route(core, 'sendMessage', async ({ state, caller, input }) => sendMessage(state, caller.account, await input())),
    route(core, 'getMessages', async ({ state, caller, input }) => listMessages(state, caller.account, await input())),
    route(core, 'getMessage', ({ params, state, caller }) => {
      const raw = params.message_handle
      const handle = parseWith(messageHandleSchema, typeof raw === 'string' ? raw : '')
      return getMessage(state, caller.account, handle)
    }),
    route(core, 'sendTyping', async ({ state, caller, input }) => sendTyping(state, caller.account, await input())),
    route(core, 'sendReaction', async ({ state, caller, input }) => sendReaction(state, caller.account, await input())),
    route(core, 'getEffects', () => listEffects()),
  ]
}
