/** `GET /get-message-api/{message_handle}`: one message record. */
import { MESSAGING, defineEndpoint, defineRoute } from './define'
import { messageRecordSchema } from '../schemas'

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

export const getMessage = /* @__PURE__ */ defineEndpoint(getMessageRoute, {
  summary: 'Fetch one message by its pbm_ handle.',
  response: messageRecordSchema,
})
