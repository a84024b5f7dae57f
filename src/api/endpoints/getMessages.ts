/** The `getMessages` endpoint: its route (`./getMessagesRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { getMessagesRoute } from './getMessagesRoute'
import { messagesQuerySchema, messagesListResponseSchema } from '../schemas'

export const getMessages = /* @__PURE__ */ defineEndpoint(getMessagesRoute, {
  summary: 'List inbound and outbound messages in one feed.',
  request: messagesQuerySchema,
  response: messagesListResponseSchema,
})
