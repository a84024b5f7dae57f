/** `POST /send-typing-indicator` (native chat only); `status: 'ERROR'` in a 200 must not be retried. */
import { MESSAGING, defineRoute } from './define'

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
