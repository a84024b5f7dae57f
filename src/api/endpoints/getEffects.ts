/** The `getEffects` endpoint: its route (`./getEffectsRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { getEffectsRoute } from './getEffectsRoute'
import { effectsResponseSchema } from '../schemas'

export const getEffects = /* @__PURE__ */ defineEndpoint(getEffectsRoute, {
  summary: 'List the send effects (bubble and screen).',
  response: effectsResponseSchema,
})
