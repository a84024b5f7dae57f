/** `GET /get-audiocall-call-status-api?call_uuid=` (assumed: ASSUMPTIONS.md). */
import { AUDIO, defineRoute } from './define'

export const getCallStatusRoute = defineRoute({
  id: 'getCallStatus',
  method: 'GET',
  path: '/get-audiocall-call-status-api',
  host: 'base',
  statuses: AUDIO,
  assumed: true,
  idempotent: true,
  errorShape: 'messaging',
  query: ['call_uuid'],
  line: { in: 'call' },
})
