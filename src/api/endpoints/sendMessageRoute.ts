/** `POST /send-api-message`: one message from a line (spec: POST /send-api-message). */
import { MESSAGING, defineRoute } from './define'

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
