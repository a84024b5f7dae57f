/** The `sendTyping` endpoint: its route (`./sendTypingRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { sendTypingRoute } from './sendTypingRoute'
import { typingRequestSchema, typingResponseSchema } from '../schemas'

export const sendTyping = /* @__PURE__ */ defineEndpoint(sendTypingRoute, {
  summary: 'Show the typing indicator to a recipient (native chat only).',
  request: typingRequestSchema,
  response: typingResponseSchema,
})
