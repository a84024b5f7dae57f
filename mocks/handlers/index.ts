/**
 * All MSW handlers of one mock instance, composed per domain (specific paths before general
 * ones). Each handler matches `*<path>`, so any base URL works.
 */
import type { HttpHandler } from 'msw'
import type { MockCore } from '../service/index'
import { contactsHandlers } from './contacts'
import { controlHandlers } from './control'
import { groupsHandlers } from './groups'
import { linesHandlers } from './lines'
import { messagesHandlers } from './messages'
import { workflowsHandlers } from './workflows'

/** Every handler: the control API first, then the service domains. */
export function createHandlers(core: MockCore): HttpHandler[] {
  return [
    ...controlHandlers(core),
    ...messagesHandlers(core),
    ...groupsHandlers(core),
    ...linesHandlers(core),
    ...contactsHandlers(core),
    ...workflowsHandlers(core),
  ]
}

export { contactsHandlers, controlHandlers, groupsHandlers, linesHandlers, messagesHandlers, workflowsHandlers }
export { route, json, errorResponse, parseBody, parseQuery, parseWith, readJsonObject, messagingLimiter } from './route'
export type { RouteArgs, RouteSpec } from './route'
