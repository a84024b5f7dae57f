/**
 * The routes of every endpoint, without schemas: what the client needs to call the service and
 * linekit/server needs to allow and scope a request. `index.ts` lists the same files' endpoints
 * (with schemas); the two lists are checked equal by type (`endpointsById`) and by a test.
 */
import { sendMessageRoute } from './sendMessageRoute'
import { sendGroupMessageRoute } from './sendGroupMessageRoute'
import { getMessagesRoute } from './getMessagesRoute'
import { getMessageRoute } from './getMessageRoute'
import { getLinesRoute } from './getLinesRoute'
import { checkAvailabilityRoute } from './checkAvailabilityRoute'
import { createContactRoute } from './createContactRoute'
import { updateContactRoute } from './updateContactRoute'
import { listContactsRoute } from './listContactsRoute'
import { listWorkflowsRoute } from './listWorkflowsRoute'
import { enrollFlowRoute } from './enrollFlowRoute'
import { cancelRunRoute } from './cancelRunRoute'
import { getEffectsRoute } from './getEffectsRoute'
import { sendTypingRoute } from './sendTypingRoute'
import { sendReactionRoute } from './sendReactionRoute'
import { startCallRoute } from './startCallRoute'
import { answerCallRoute } from './answerCallRoute'
import { declineCallRoute } from './declineCallRoute'
import { endCallRoute } from './endCallRoute'
import { getCallStatusRoute } from './getCallStatusRoute'
import { getCallLogsRoute } from './getCallLogsRoute'
import { mintVoiceTokenRoute } from './mintVoiceTokenRoute'

/** Every route of the service, in the order the OpenAPI document lists them. */
export const routes = [
  sendMessageRoute,
  sendGroupMessageRoute,
  getMessagesRoute,
  getMessageRoute,
  getLinesRoute,
  checkAvailabilityRoute,
  createContactRoute,
  updateContactRoute,
  listContactsRoute,
  listWorkflowsRoute,
  enrollFlowRoute,
  cancelRunRoute,
  getEffectsRoute,
  sendTypingRoute,
  sendReactionRoute,
  startCallRoute,
  answerCallRoute,
  declineCallRoute,
  endCallRoute,
  getCallStatusRoute,
  getCallLogsRoute,
  mintVoiceTokenRoute,
] as const

/** Ids of every endpoint of the service; also the client's method names. */
export type EndpointId = (typeof routes)[number]['id']

/**
 * Routes linekit/server serves itself from its read model, with no endpoint of the service behind
 * them (`../inboundCalls.ts`, `../search.ts`, `../groups.ts`); the client has a method for each.
 */
export const kitRoutes = [
  {
    id: 'listInboundCalls',
    method: 'GET',
    path: '/calls/inbound',
    query: ['lineId', 'limit'],
    idempotent: true,
    errorShape: 'messaging',
  },
  {
    id: 'searchMessages',
    method: 'GET',
    path: '/search',
    query: ['q', 'lineId', 'limit'],
    idempotent: true,
    errorShape: 'messaging',
  },
  {
    id: 'listGroups',
    method: 'GET',
    path: '/groups',
    query: ['lineId'],
    idempotent: true,
    errorShape: 'messaging',
  },
] as const

/**
 * Where linekit/server serves the voice-token mint for the browser (`{app_url}` is server to
 * server only): the client calls `<baseUrl>` + this path unless it is given `appUrl`.
 */
export const kitMintPath = '/dialer/token'

/** Ids of the routes linekit/server serves itself. */
export type KitRouteId = (typeof kitRoutes)[number]['id']
