/** The `getCallLogs` endpoint: its route (`./getCallLogsRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { getCallLogsRoute } from './getCallLogsRoute'
import { callLogsQuerySchema, callLogsListResponseSchema } from '../schemas'

export const getCallLogs = /* @__PURE__ */ defineEndpoint(getCallLogsRoute, {
  summary: "List the user's outbound dialer call logs.",
  request: callLogsQuerySchema,
  response: callLogsListResponseSchema,
})
