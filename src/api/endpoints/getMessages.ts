/** `GET /get-messages-api`: inbound and outbound messages in one feed. */
import { MESSAGING, defineEndpoint, defineRoute } from './define'
import { messagesQuerySchema, messagesListResponseSchema } from '../schemas'

export const getMessagesRoute = defineRoute({
  id: 'getMessages',
  method: 'GET',
  path: '/get-messages-api',
  host: 'base',
  statuses: MESSAGING,
  idempotent: true,
  errorShape: 'messaging',
  query: [
    'limit',
    'offset',
    'order_by',
    'order_direction',
    'service',
    'direction',
    'pb_line_id',
    'from_number',
    'to_number',
    'created_at_gte',
    'created_at_lte',
    'sent_at_gte',
    'sent_at_lte',
  ],
  line: { in: 'query', field: 'pb_line_id' },
})

export const getMessages = /* @__PURE__ */ defineEndpoint(getMessagesRoute, {
  summary: 'List inbound and outbound messages in one feed.',
  request: messagesQuerySchema,
  response: messagesListResponseSchema,
})
