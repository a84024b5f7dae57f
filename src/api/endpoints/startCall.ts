/** The `startCall` endpoint: its route (`./startCallRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { startCallRoute } from './startCallRoute'
import { startCallRequestSchema, startCallResponseSchema } from '../schemas'

export const startCall = /* @__PURE__ */ defineEndpoint(startCallRoute, {
  summary: 'Place an outbound audio call; returns rtc credentials (or null).',
  request: startCallRequestSchema,
  response: startCallResponseSchema,
})
