/** `GET /get-effects` (response shape assumed: ASSUMPTIONS.md). */
import { MESSAGING, defineRoute } from './define'

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
