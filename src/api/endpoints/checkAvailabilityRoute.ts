/** `POST /api-check-native-availability`: whether a number can receive native chat. */
import { MESSAGING, defineRoute } from './define'

export const checkAvailabilityRoute = defineRoute({
  id: 'checkAvailability',
  method: 'POST',
  path: '/api-check-native-availability',
  host: 'base',
  statuses: MESSAGING,
  idempotent: true,
  errorShape: 'messaging',
  line: { in: 'none' },
})
