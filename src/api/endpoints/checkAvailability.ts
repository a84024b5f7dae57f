/** The `checkAvailability` endpoint: its route (`./checkAvailabilityRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { checkAvailabilityRoute } from './checkAvailabilityRoute'
import { availabilityRequestSchema, availabilityResponseSchema } from '../schemas'

export const checkAvailability = /* @__PURE__ */ defineEndpoint(checkAvailabilityRoute, {
  summary: 'Check whether a number can receive on the native-chat channel.',
  request: availabilityRequestSchema,
  response: availabilityResponseSchema,
})
