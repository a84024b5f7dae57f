/** `GET /get-messages-api`: inbound and outbound messages in one feed. */
import { MESSAGING, defineRoute } from './define'

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
