/** `GET /get-call-logs-api`: the outbound dialer call logs. */
import { defineRoute } from './define'

export const getCallLogsRoute = defineRoute({
  id: 'getCallLogs',
  method: 'GET',
  path: '/get-call-logs-api',
  host: 'base',
  // spec: GET /get-call-logs-api status codes
  statuses: [200, 400, 401, 429, 500],
  idempotent: true,
  errorShape: 'messaging',
  query: ['limit', 'offset', 'call_log_timestamp', 'pb_line_id', 'answered_at_gte', 'answered_at_lte'],
  line: { in: 'query', field: 'pb_line_id' },
})
