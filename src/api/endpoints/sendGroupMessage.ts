/** The `sendGroupMessage` endpoint: its route (`./sendGroupMessageRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { sendGroupMessageRoute } from './sendGroupMessageRoute'
import { groupConflictBodySchema, groupSendRequestSchema, groupSendResponseSchema } from '../schemas'

export const sendGroupMessage = /* @__PURE__ */ defineEndpoint(sendGroupMessageRoute, {
  summary: 'Send one message to a group of 2 to 32 recipients in a single thread.',
  request: groupSendRequestSchema,
  response: groupSendResponseSchema,
  // spec: POST /send-group-message — a 409 names the line the group lives on.
  errorBodies: { 409: groupConflictBodySchema },
})
