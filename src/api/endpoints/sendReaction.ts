/** `POST /send-reaction`: a tapback (or its retraction) on a received message. */
import { MESSAGING, defineEndpoint, defineRoute } from './define'
import { reactionRequestSchema, reactionResponseSchema } from '../schemas'

export const sendReactionRoute = defineRoute({
  id: 'sendReaction',
  method: 'POST',
  path: '/send-reaction',
  host: 'base',
  statuses: MESSAGING,
  idempotent: false,
  errorShape: 'messaging',
  line: { in: 'message' },
})

export const sendReaction = /* @__PURE__ */ defineEndpoint(sendReactionRoute, {
  summary: 'Send (or retract) a tapback reaction to a received message.',
  request: reactionRequestSchema,
  response: reactionResponseSchema,
})
