/** `POST /answer-audiocall-call-api`: answer a ringing inbound call. */
import { AUDIO, defineRoute } from './define'

export const answerCallRoute = defineRoute({
  id: 'answerCall',
  method: 'POST',
  path: '/answer-audiocall-call-api',
  host: 'base',
  statuses: AUDIO,
  idempotent: false,
  errorShape: 'messaging',
  line: { in: 'call' },
})
