/**
 * MSW handlers: lines listing and native-chat availability.
 */
import type { HttpHandler } from 'msw'
import { availabilityRequestSchema } from '../../src/api'
import type { MockCore } from '../service/index'
import { checkAvailability, listLines } from '../service/phoneLines'
import { parseBody, route } from './route'

/** Handlers of the line endpoints. */
export function linesHandlers(core: MockCore): HttpHandler[] {
  return [
    route(core, { method: 'GET', path: '/get-lines' }, ({ state, caller }) => listLines(state, caller.account)),
    route(core, { method: 'POST', path: '/api-check-native-availability' }, async ({ request, state, caller }) =>
      checkAvailability(state, caller.account, await parseBody(request, availabilityRequestSchema)),
    ),
  ]
}
