/** `GET /get-effects` (response shape assumed: ASSUMPTIONS.md). */
import { MESSAGING, defineEndpoint, defineRoute } from './define'
import { effectsResponseSchema } from '../schemas'

export const getEffectsRoute = defineRoute({
  id: 'getEffects',
  method: 'GET',
  path: '/get-effects',
  host: 'base',
  statuses: MESSAGING,
  assumed: true,
  idempotent: true,
  errorShape: 'messaging',
  line: { in: 'none' },
})

export const getEffects = /* @__PURE__ */ defineEndpoint(getEffectsRoute, {
  summary: 'List the send effects (bubble and screen).',
  response: effectsResponseSchema,
})
