/**
 * MSW handlers: send, messages list, single message, typing indicator, reactions, effects.
 */
import type { HttpHandler } from 'msw'
import {
  messageHandleSchema,
  messagesQuerySchema,
  reactionRequestSchema,
  sendMessageRequestSchema,
  typingRequestSchema,
} from '../../src/api'
import type { MockCore } from '../service/index'
import { getMessage, listEffects, listMessages, sendMessage, sendReaction, sendTyping } from '../service/messageSending'
import { parseBody, parseQuery, parseWith, route } from './route'

/** Handlers of the messaging endpoints. */
export function messagesHandlers(core: MockCore): HttpHandler[] {
  return [
    route(core, { method: 'POST', path: '/send-api-message' }, async ({ request, state, caller }) =>
      sendMessage(state, caller.account, await parseBody(request, sendMessageRequestSchema)),
    ),
    route(core, { method: 'GET', path: '/get-messages-api' }, ({ url, state, caller }) =>
      listMessages(state, caller.account, parseQuery(url, messagesQuerySchema)),
    ),
    route(core, { method: 'GET', path: '/get-message-api/:message_handle' }, ({ params, state, caller }) => {
      const raw = params.message_handle
      const handle = parseWith(messageHandleSchema, typeof raw === 'string' ? raw : '')
      return getMessage(state, caller.account, handle)
    }),
    route(core, { method: 'POST', path: '/send-typing-indicator' }, async ({ request, state, caller }) =>
      sendTyping(state, caller.account, await parseBody(request, typingRequestSchema)),
    ),
    route(core, { method: 'POST', path: '/send-reaction' }, async ({ request, state, caller }) =>
      sendReaction(state, caller.account, await parseBody(request, reactionRequestSchema)),
    ),
    route(core, { method: 'GET', path: '/get-effects' }, () => listEffects()),
  ]
}
