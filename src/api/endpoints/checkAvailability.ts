/** `POST /api-check-native-availability`: whether a number can receive native chat. */
import { MESSAGING, defineEndpoint, defineRoute } from './define'
import { availabilityRequestSchema, availabilityResponseSchema } from '../schemas'

export const checkAvailabilityRoute = defineRoute({
  id: 'checkAvailability',
  method: 'POST',
  path: '/api-check-native-availability',
  host: 'base',
  statuses: MESSAGING,
  idempotent: true,
  errorShape: 'messaging',
  line: { in: 'none' },
})

export const checkAvailability = /* @__PURE__ */ defineEndpoint(checkAvailabilityRoute, {
  summary: 'Check whether a number can receive on the native-chat channel.',
  request: availabilityRequestSchema,
  response: availabilityResponseSchema,
})
