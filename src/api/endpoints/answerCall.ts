/** The `answerCall` endpoint: its route (`./answerCallRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { answerCallRoute } from './answerCallRoute'
import { answerCallRequestSchema, answerCallResponseSchema } from '../schemas'

export const answerCall = /* @__PURE__ */ defineEndpoint(answerCallRoute, {
  summary: 'Answer a ringing inbound audio call.',
  request: answerCallRequestSchema,
  response: answerCallResponseSchema,
})
