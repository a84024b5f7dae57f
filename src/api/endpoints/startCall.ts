/** `POST /start-audiocall-call-api`: an outbound audio call from a line. */
import { AUDIO, defineEndpoint, defineRoute } from './define'
import { startCallRequestSchema, startCallResponseSchema } from '../schemas'

export const startCallRoute = defineRoute({
  id: 'startCall',
  method: 'POST',
  path: '/start-audiocall-call-api',
  host: 'base',
  statuses: AUDIO,
  idempotent: false,
  errorShape: 'messaging',
  line: { in: 'body', field: 'pb_line_id', required: true },
})

export const startCall = /* @__PURE__ */ defineEndpoint(startCallRoute, {
  summary: 'Place an outbound audio call; returns rtc credentials (or null).',
  request: startCallRequestSchema,
  response: startCallResponseSchema,
})
