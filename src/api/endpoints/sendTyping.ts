/** `POST /send-typing-indicator` (native chat only); `status: 'ERROR'` in a 200 must not be retried. */
import { MESSAGING, defineEndpoint, defineRoute } from './define'
import { typingRequestSchema, typingResponseSchema } from '../schemas'

export const sendTypingRoute = defineRoute({
  id: 'sendTyping',
  method: 'POST',
  path: '/send-typing-indicator',
  host: 'base',
  statuses: MESSAGING,
  idempotent: false,
  errorShape: 'messaging',
  line: { in: 'body', field: 'lineId', required: false },
})

export const sendTyping = /* @__PURE__ */ defineEndpoint(sendTypingRoute, {
  summary: 'Show the typing indicator to a recipient (native chat only).',
  request: typingRequestSchema,
  response: typingResponseSchema,
})
