/**
 * All MSW handlers of one mock instance, composed per domain (specific paths before general
 * ones). Each handler matches its exact path on any host, so any base URL without a path works.
 */
import type { HttpHandler } from 'msw'
import type { MockCore } from '../service/index'
import { callLogsHandlers } from './callLogRoutes'
import { callsHandlers } from './callRoutes'
import { contactsHandlers } from './contactRoutes'
import { controlHandlers } from './mockControlRoutes'
import { controlCallsHandlers } from './callControlRoutes'
import { groupsHandlers } from './groupRoutes'
import { linesHandlers } from './lineRoutes'
import { mcpHandlers } from './mcpRoutes'
import { messagesHandlers } from './messageRoutes'
import { mintHandlers } from './mintRoutes'
import { oauthHandlers } from './oauthRoutes'
import { workflowsHandlers } from './workflowRoutes'

/** Every handler: the control API first, then the service domains. */
export function createHandlers(core: MockCore): HttpHandler[] {
  return [
    ...controlHandlers(core),
    ...controlCallsHandlers(core),
    ...messagesHandlers(core),
    ...groupsHandlers(core),
    ...linesHandlers(core),
    ...contactsHandlers(core),
    ...workflowsHandlers(core),
    // Audio calls, call logs, the mint ({app_url}), MCP, OAuth ({auth_url}).
    ...callsHandlers(core),
    ...callLogsHandlers(core),
    ...mintHandlers(core),
    ...mcpHandlers(core),
    ...oauthHandlers(core),
  ]
}

export { contactsHandlers, controlHandlers, groupsHandlers, linesHandlers, messagesHandlers, workflowsHandlers }
export { callsHandlers, callLogsHandlers, controlCallsHandlers, mcpHandlers, mintHandlers, oauthHandlers }
export { route, json, errorResponse, parseBody, parseQuery, parseWith, readJsonObject, messagingLimiter } from './route'
export type { RouteArgs, RouteSpec } from './route'
