/** The `getLines` endpoint: its route (`./getLinesRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { getLinesRoute } from './getLinesRoute'
import { linesResponseSchema } from '../schemas'

export const getLines = /* @__PURE__ */ defineEndpoint(getLinesRoute, {
  summary: 'List the lines (an array, or a trial descriptor on trial accounts).',
  response: linesResponseSchema,
})
