/** `POST /end-audiocall-call-api` (method and payload assumed: ASSUMPTIONS.md). */
import { AUDIO, defineEndpoint, defineRoute } from './define'
import { endCallRequestSchema, endCallResponseSchema } from '../schemas'

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
})

export const endCall = /* @__PURE__ */ defineEndpoint(endCallRoute, {
  summary: 'Hang up an audio call.',
  request: endCallRequestSchema,
  response: endCallResponseSchema,
})
