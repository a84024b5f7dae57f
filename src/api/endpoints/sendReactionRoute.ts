/** `POST /send-reaction`: a tapback (or its retraction) on a received message. */
import { MESSAGING, defineRoute } from './define'

export const sendReactionRoute = defineRoute({
  id: 'sendReaction',
  method: 'POST',
  path: '/send-reaction',
  host: 'base',
  statuses: MESSAGING,
  idempotent: false,
  errorShape: 'messaging',
  line: { in: 'message' },
})
