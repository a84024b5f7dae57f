/** The `declineCall` endpoint: its route (`./declineCallRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { declineCallRoute } from './declineCallRoute'
import { declineCallRequestSchema, declineCallResponseSchema } from '../schemas'

export const declineCall = /* @__PURE__ */ defineEndpoint(declineCallRoute, {
  summary: 'Decline a ringing inbound audio call.',
  request: declineCallRequestSchema,
  response: declineCallResponseSchema,
})
