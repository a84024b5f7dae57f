/** The `sendMessage` endpoint: its route (`./sendMessageRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { sendMessageRoute } from './sendMessageRoute'
import { sendMessageRequestSchema, sendMessageResponseSchema } from '../schemas'

export const sendMessage = /* @__PURE__ */ defineEndpoint(sendMessageRoute, {
  summary: 'Send one message from a line (native chat, else SMS).',
  request: sendMessageRequestSchema,
  response: sendMessageResponseSchema,
})
