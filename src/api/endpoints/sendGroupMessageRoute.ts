/**
 * `POST /send-group-message`: one message to 2 to 32 recipients in one thread. The service
 * normalizes the numbers to E.164 and de-duplicates them; a 400 names the number it could not read.
 */
import { defineRoute } from './define'

export const sendGroupMessageRoute = defineRoute({
  id: 'sendGroupMessage',
  method: 'POST',
  path: '/send-group-message',
  host: 'base',
  // spec: POST /send-group-message rule 4
  statuses: [200, 400, 401, 403, 409, 429, 500],
  idempotent: false,
  idempotencyKey: true,
  errorShape: 'messaging',
  line: { in: 'body', field: 'lineId', required: false },
})
