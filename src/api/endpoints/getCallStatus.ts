/** The `getCallStatus` endpoint: its route (`./getCallStatusRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { getCallStatusRoute } from './getCallStatusRoute'
import { callStatusQuerySchema, callStatusResponseSchema } from '../schemas'

export const getCallStatus = /* @__PURE__ */ defineEndpoint(getCallStatusRoute, {
  summary: 'Read the call_status of an audio call (reconciles missed webhooks).',
  request: callStatusQuerySchema,
  response: callStatusResponseSchema,
})
