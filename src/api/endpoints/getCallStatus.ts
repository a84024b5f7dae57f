/** `GET /get-audiocall-call-status-api?call_uuid=` (assumed: ASSUMPTIONS.md). */
import { AUDIO, defineEndpoint, defineRoute } from './define'
import { callStatusQuerySchema, callStatusResponseSchema } from '../schemas'

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

export const getCallStatus = /* @__PURE__ */ defineEndpoint(getCallStatusRoute, {
  summary: 'Read the call_status of an audio call (reconciles missed webhooks).',
  request: callStatusQuerySchema,
  response: callStatusResponseSchema,
})
