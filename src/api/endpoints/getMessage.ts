/** The `getMessage` endpoint: its route (`./getMessageRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { getMessageRoute } from './getMessageRoute'
import { messageRecordSchema } from '../schemas'

export const getMessage = /* @__PURE__ */ defineEndpoint(getMessageRoute, {
  summary: 'Fetch one message by its pbm_ handle.',
  response: messageRecordSchema,
})
