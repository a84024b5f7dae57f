/** `POST /start-audiocall-call-api`: an outbound audio call from a line. */
import { AUDIO, defineRoute } from './define'

export const startCallRoute = defineRoute({
  id: 'startCall',
  method: 'POST',
  path: '/start-audiocall-call-api',
  host: 'base',
  statuses: AUDIO,
  idempotent: false,
  errorShape: 'messaging',
  line: { in: 'body', field: 'pb_line_id', required: true },
  // spec: Events — no webhook for outbound dialer calls, yet the call log lists the call from its start.
  invalidates: ['getCallLogs'],
})
