/**
 * Routes: audio calls (start, answer, decline, end, status; and linekit/server's inbound call
 * history, `kitRoutes`' listInboundCalls). spec: POST
 * /start-audiocall-call-api, /answer-audiocall-call-api, /decline-audiocall-call-api; end and
 * status shapes in src/api/ASSUMPTIONS.md.
 */
import { kitRoutes } from '../../src/api/endpoints/routes'
import { inboundCallsQuerySchema } from '../../src/api/inboundCalls'
import { answerCall, declineCall, endCall, getCallStatus, requireAudioFeature, startCall } from '../service/audioCalls'
import type { MockCore } from '../service/index'
import { listInboundCalls } from '../service/inboundCallListing'
import { parseQuery, route } from './route'
import type { MockRoute } from './mockRouter'

/** linekit/server's inbound call history, as `src/api` defines it for the client. */
const inboundCallsRoute = kitRoutes.find((r) => r.id === 'listInboundCalls')!

/** Routes of the audio-call endpoints. */
export function callRoutes(core: MockCore): MockRoute[] {
  return [
    // spec: Authentication 4 — the feature check comes before the body is read.
    route(core, 'startCall', async ({ state, caller, input }) => {
      requireAudioFeature(caller.account)
      return startCall(state, caller.account, await input())
    }),
    route(core, 'answerCall', async ({ state, caller, input }) => {
      requireAudioFeature(caller.account)
      return answerCall(state, caller.account, (await input()).call_uuid)
    }),
    route(core, 'declineCall', async ({ state, caller, input }) => {
      requireAudioFeature(caller.account)
      return declineCall(state, caller.account, (await input()).call_uuid)
    }),
    route(core, 'endCall', async ({ state, caller, input }) => {
      requireAudioFeature(caller.account)
      return endCall(state, caller.account, (await input()).call_uuid)
    }),
    route(core, 'getCallStatus', async ({ state, caller, input }) => {
      requireAudioFeature(caller.account)
      return getCallStatus(state, caller.account, (await input()).call_uuid)
    }),
    // Not a service endpoint: linekit/server's inbound call history (src/api/inboundCalls.ts),
    // served here too so a page on the mock alone loads it. It spends none of the key's budget
    // (linekit/server answers it from its read model).
    route(
      core,
      { method: inboundCallsRoute.method, path: inboundCallsRoute.path, rateLimit: null },
      ({ url, state, caller }) => listInboundCalls(state, caller.account, parseQuery(url, inboundCallsQuerySchema)),
    ),
  ]
}
