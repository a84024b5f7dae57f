/** The `cancelRun` endpoint: its route (`./cancelRunRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { cancelRunRoute } from './cancelRunRoute'
import { cancelRunRequestSchema, cancelRunResponseSchema } from '../schemas'

export const cancelRun = /* @__PURE__ */ defineEndpoint(cancelRunRoute, {
  summary: 'Cancel a Workflow run.',
  request: cancelRunRequestSchema,
  response: cancelRunResponseSchema,
})
