/** `POST /end-audiocall-call-api` (method and payload assumed: ASSUMPTIONS.md). */
import { AUDIO, defineRoute } from './define'

export const endCallRoute = defineRoute({
  id: 'endCall',
  method: 'POST',
  path: '/end-audiocall-call-api',
  host: 'base',
  statuses: AUDIO,
  assumed: true,
  idempotent: false,
  errorShape: 'messaging',
  line: { in: 'call' },
  // spec: Events — no webhook for outbound dialer calls: the call log's entry ends unannounced.
  invalidates: ['getCallLogs'],
})
