/** `POST /answer-audiocall-call-api`: answer a ringing inbound call. */
import { AUDIO, defineEndpoint, defineRoute } from './define'
import { answerCallRequestSchema, answerCallResponseSchema } from '../schemas'

export const answerCallRoute = defineRoute({
  id: 'answerCall',
  method: 'POST',
  path: '/answer-audiocall-call-api',
  host: 'base',
  statuses: AUDIO,
  idempotent: false,
  errorShape: 'messaging',
  line: { in: 'call' },
})

export const answerCall = /* @__PURE__ */ defineEndpoint(answerCallRoute, {
  summary: 'Answer a ringing inbound audio call.',
  request: answerCallRequestSchema,
  response: answerCallResponseSchema,
})
