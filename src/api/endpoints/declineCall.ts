/** `POST /decline-audiocall-call-api`: decline a ringing inbound call. */
import { AUDIO, defineEndpoint, defineRoute } from './define'
import { declineCallRequestSchema, declineCallResponseSchema } from '../schemas'

export const declineCallRoute = defineRoute({
  id: 'declineCall',
  method: 'POST',
  path: '/decline-audiocall-call-api',
  host: 'base',
  statuses: AUDIO,
  idempotent: false,
  errorShape: 'messaging',
  line: { in: 'call' },
})

export const declineCall = /* @__PURE__ */ defineEndpoint(declineCallRoute, {
  summary: 'Decline a ringing inbound audio call.',
  request: declineCallRequestSchema,
  response: declineCallResponseSchema,
})
