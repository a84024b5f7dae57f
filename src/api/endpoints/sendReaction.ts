/** The `sendReaction` endpoint: its route (`./sendReactionRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { sendReactionRoute } from './sendReactionRoute'
import { reactionRequestSchema, reactionResponseSchema } from '../schemas'

export const sendReaction = /* @__PURE__ */ defineEndpoint(sendReactionRoute, {
  summary: 'Send (or retract) a tapback reaction to a received message.',
  request: reactionRequestSchema,
  response: reactionResponseSchema,
})
