/** `GET /get-lines`: the lines, an array or a trial descriptor. */
import { MESSAGING, defineEndpoint, defineRoute } from './define'
import { linesResponseSchema } from '../schemas'

export const getLinesRoute = defineRoute({
  id: 'getLines',
  method: 'GET',
  path: '/get-lines',
  host: 'base',
  statuses: MESSAGING,
  idempotent: true,
  errorShape: 'messaging',
  line: { in: 'lines' },
})

export const getLines = /* @__PURE__ */ defineEndpoint(getLinesRoute, {
  summary: 'List the lines (an array, or a trial descriptor on trial accounts).',
  response: linesResponseSchema,
})
