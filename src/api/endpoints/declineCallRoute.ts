/** `POST /decline-audiocall-call-api`: decline a ringing inbound call. */
import { AUDIO, defineRoute } from './define'

export const declineCallRoute = defineRoute({
  id: 'declineCall',
  method: 'POST',
  path: '/decline-audiocall-call-api',
  host: 'base',
  statuses: AUDIO,
  idempotent: false,
  errorShape: 'messaging',
  line: { in: 'call' },
})
