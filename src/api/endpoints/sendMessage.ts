/** `POST /send-api-message`: one message from a line (spec: POST /send-api-message). */
import { MESSAGING, defineEndpoint, defineRoute } from './define'
import { sendMessageRequestSchema, sendMessageResponseSchema } from '../schemas'

export const sendMessageRoute = defineRoute({
  id: 'sendMessage',
  method: 'POST',
  path: '/send-api-message',
  host: 'base',
  statuses: MESSAGING,
  idempotent: false,
  idempotencyKey: true,
  errorShape: 'messaging',
  line: { in: 'body', field: 'lineId', required: false },
})

export const sendMessage = /* @__PURE__ */ defineEndpoint(sendMessageRoute, {
  summary: 'Send one message from a line (native chat, else SMS).',
  request: sendMessageRequestSchema,
  response: sendMessageResponseSchema,
})
