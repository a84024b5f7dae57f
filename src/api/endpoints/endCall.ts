/** The `endCall` endpoint: its route (`./endCallRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { endCallRoute } from './endCallRoute'
import { endCallRequestSchema, endCallResponseSchema } from '../schemas'

export const endCall = /* @__PURE__ */ defineEndpoint(endCallRoute, {
  summary: 'Hang up an audio call.',
  request: endCallRequestSchema,
  response: endCallResponseSchema,
})
