/** `GET /get-message-api/{message_handle}`: one message record. */
import { MESSAGING, defineRoute } from './define'

export const getMessageRoute = defineRoute({
  id: 'getMessage',
  method: 'GET',
  path: '/get-message-api/:message_handle',
  host: 'base',
  statuses: MESSAGING,
  idempotent: true,
  errorShape: 'messaging',
  line: { in: 'response' },
})
